import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { decryptText, encryptText } from './crypto-box';
import { getPersistSecret } from './secret-cookie';

/**
 * Client state is kept in Zustand stores, one per area. Only these areas survive a reload (spec section 3,
 * "Persisted client state"); every other area lives in memory only. Persisted areas are stored in
 * localStorage encrypted with AES-GCM under the secret of the cookie (see secret-cookie.ts).
 */
export const persistedAreas = [
  'common',
  'offline_course',
  'params',
  'site_lists',
  'welcome_banner',
  'cookies_policy',
] as const;
export type PersistedArea = (typeof persistedAreas)[number];

export const STORAGE_PREFIX = 'trilha:';

export function isPersistedArea(area: string): area is PersistedArea {
  return (persistedAreas as readonly string[]).includes(area);
}

export function storageKey(area: PersistedArea): string {
  return `${STORAGE_PREFIX}${area}`;
}

/** Reads and decrypts one area. An entry that fails to decrypt or parse is removed and reads as empty. */
export async function readArea(area: PersistedArea): Promise<unknown> {
  const key = storageKey(area);
  let sealed: string | null;
  try {
    sealed = localStorage.getItem(key);
  } catch {
    return null;
  }
  if (sealed === null) return null;
  try {
    return JSON.parse(await decryptText(getPersistSecret(), sealed)) as unknown;
  } catch {
    localStorage.removeItem(key);
    return null;
  }
}

export async function writeArea(area: PersistedArea, value: unknown): Promise<void> {
  const sealed = await encryptText(getPersistSecret(), JSON.stringify(value));
  try {
    localStorage.setItem(storageKey(area), sealed);
  } catch {
    // Storage full or disabled (private mode): the state still works for this page, it just won't survive.
  }
}

interface AreaEntry {
  store: StoreApi<object>;
  initial: object;
  retiredKeys: readonly string[];
  queue: Promise<void>;
  scheduled: boolean;
  hydrating: boolean;
}

const registry = new Map<string, AreaEntry>();

function scheduleWrite(area: PersistedArea, entry: AreaEntry) {
  if (entry.hydrating || entry.scheduled) return;
  entry.scheduled = true;
  // Writes run one after another and each one takes the state of the moment it runs, so a slow
  // encryption can never let an older state overwrite a newer one.
  entry.queue = entry.queue.then(async () => {
    entry.scheduled = false;
    await writeArea(area, entry.store.getState()).catch(() => undefined);
  });
}

/**
 * Creates the store of an area. State must be plain data (actions live as functions next to the store),
 * which is what gets encrypted and written when the area is a persisted one.
 */
export function createAreaStore<T extends object>(
  area: string,
  initial: T,
  /** Keys an older version of the app saved in this area and that must not come back. */
  retiredKeys: readonly string[] = [],
): UseBoundStore<StoreApi<T>> {
  if (registry.has(area)) throw new Error(`Store area "${area}" is defined twice`);
  const store = create<T>()(() => ({ ...initial }));
  const entry: AreaEntry = {
    store: store as unknown as StoreApi<object>,
    initial,
    retiredKeys,
    queue: Promise.resolve(),
    scheduled: false,
    hydrating: false,
  };
  registry.set(area, entry);
  if (isPersistedArea(area)) store.subscribe(() => scheduleWrite(area, entry));
  return store;
}

/** Loads every persisted area into its store; run once before the app renders. */
export async function hydratePersistedStores(): Promise<void> {
  await Promise.all(
    [...registry.entries()].map(async ([area, entry]) => {
      if (!isPersistedArea(area)) return;
      const saved = await readArea(area);
      if (saved && typeof saved === 'object' && !Array.isArray(saved)) {
        const kept = Object.fromEntries(
          Object.entries(saved).filter(([key]) => !entry.retiredKeys.includes(key)),
        );
        // A saved copy that still held a retired key is written back without it at once.
        const retired = Object.keys(kept).length !== Object.keys(saved).length;
        entry.hydrating = !retired;
        entry.store.setState({ ...entry.initial, ...kept }, true);
        entry.hydrating = false;
      }
    }),
  );
}

/** Resolves once every pending write has reached localStorage. */
export async function flushPersistence(): Promise<void> {
  await Promise.all([...registry.values()].map((entry) => entry.queue));
}

/** Puts every store back to its initial state without writing anything (tests). */
export function resetAllStores(): void {
  for (const entry of registry.values()) {
    entry.hydrating = true;
    entry.store.setState({ ...entry.initial }, true);
    entry.hydrating = false;
  }
}
