import type { ModuleItem, SessionClient } from '@trilha/contracts/session';
import type nav from '@trilha/i18n/locales/pt-BR/nav.json';

export type ModuleKey = keyof (typeof nav)['modules'];

/** Keys of the modules the web knows how to name. */
export const moduleKeys = [
  'online-courses',
  'trails',
  'presential-courses',
  'webinars',
  'live-classes',
  'podcasts',
  'library',
  'news',
  'reward-store',
  'ranking',
  'campaigns',
  'insert-sales',
  'upload-photos',
  'points-table',
  'events',
  'faq',
  'profile',
] as const satisfies readonly ModuleKey[];

export interface KnownModule extends ModuleItem {
  key: ModuleKey;
}

function isKnown(item: ModuleItem): item is KnownModule {
  return (moduleKeys as readonly string[]).includes(item.key) && item.path.startsWith('/');
}

/** The client's enabled modules that have a name in the catalogs (no raw keys ever reach the screen). */
export function visibleModules(client: SessionClient | null): KnownModule[] {
  return (client?.modules ?? []).filter(isKnown);
}

/**
 * Path segments of module screens and the module each belongs to: every module's own key (its path), plus
 * the old paths and lounges below. A module added to `moduleKeys` is gated without a line here.
 */
const moduleOfSegment: Record<string, ModuleKey> = {
  ...Object.fromEntries(moduleKeys.map((key) => [key, key])),
  courses: 'online-courses',
  presential: 'presential-courses',
  'presential-catalogs': 'presential-courses',
  webcasts: 'webinars',
  'webinars-lounge': 'webinars',
  libraries: 'library',
};

/**
 * The modules a screen needs (spec section 6: authenticated screens are gated by the client's feature
 * flags): the module of its first segment and, inside a trail, the module of the trail's item
 * (`/trails/3/webinars/9` needs trails and webinars). Home and institutional pages need none.
 */
export function modulesOfPath(pathname: string): ModuleKey[] {
  const segments = pathname.split('/').filter(Boolean);
  const keys = [segments[0], segments[0] === 'trails' ? segments[2] : undefined]
    .map((segment) => (segment ? moduleOfSegment[segment] : undefined))
    .filter((key): key is ModuleKey => key !== undefined);
  return [...new Set(keys)];
}

export function hasModule(client: SessionClient | null, key: ModuleKey): boolean {
  return (client?.modules ?? []).some((module) => module.key === key);
}

/**
 * The index of the one navigation item a path belongs to (-1 for none): the longest item path that is the
 * path or a parent of it. Two items may share a path (a client whose home route is its course list); the
 * later one, the module, wins, so that exactly one item is ever highlighted.
 */
export function activeNavIndex(pathname: string, paths: readonly string[]): number {
  let best = -1;
  paths.forEach((path, index) => {
    const matches = pathname === path || pathname.startsWith(`${path.replace(/\/$/, '')}/`);
    if (matches && (best === -1 || path.length >= paths[best]!.length)) best = index;
  });
  return best;
}
