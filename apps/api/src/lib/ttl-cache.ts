/**
 * A small bounded cache with expiry. Used only for data that another instance can invalidate through
 * pub/sub, so a stale entry lives at most `ttlMs` even if a message is lost.
 */
export class TtlCache<K, V> {
  private readonly map = new Map<K, { value: V; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: K, value: V): void {
    if (this.map.size >= this.maxEntries) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    // A random 75–100 % of the lifetime: values set together (a burst of users) do not expire together.
    this.map.set(key, { value, expires: Date.now() + this.ttlMs * (0.75 + Math.random() * 0.25) });
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}

/**
 * Values loaded on demand, one load per key at a time, for data that writes invalidate (`delete`,
 * `clear`) and that may otherwise be `ttlMs` old. Past `ttlMs` the old value is still served while one
 * background load replaces it (so an expiry never makes every caller wait on a rebuild), but never past
 * twice `ttlMs`; a failed load is not kept. Each value stays fresh for a random 75–100 % of `ttlMs`, so
 * values loaded together (a burst of users) are not all reloaded at the same moment.
 */
export class LoadingCache<K, V> {
  private readonly map = new Map<K, Entry<V>>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.map.get(key);
    if (hit) {
      const age = Date.now() - hit.loadedAt;
      if (!hit.settled || age < hit.freshFor) return hit.value;
      if (age < 2 * this.ttlMs) {
        // Serve the old value while one load replaces it.
        if (!hit.refreshing) {
          hit.refreshing = true;
          const next = this.entry(load);
          next.value.then(
            () => {
              if (this.map.get(key) === hit) this.map.set(key, next);
            },
            () => {
              if (this.map.get(key) === hit) this.map.delete(key);
            },
          );
        }
        return hit.value;
      }
    }
    if (this.map.size >= this.maxEntries && !hit) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    const entry = this.entry(load);
    this.map.set(key, entry);
    entry.value.catch(() => {
      if (this.map.get(key) === entry) this.map.delete(key);
    });
    return entry.value;
  }

  /** A load under way; fresh for a random 75–100 % of the lifetime once it has settled. */
  private entry(load: () => Promise<V>): Entry<V> {
    const entry: Entry<V> = {
      value: load(),
      loadedAt: Date.now(),
      freshFor: this.ttlMs * (0.75 + Math.random() * 0.25),
      settled: false,
      refreshing: false,
    };
    entry.value.then(
      () => {
        entry.settled = true;
      },
      () => undefined,
    );
    return entry;
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}

interface Entry<V> {
  value: Promise<V>;
  loadedAt: number;
  freshFor: number;
  settled: boolean;
  refreshing: boolean;
}
