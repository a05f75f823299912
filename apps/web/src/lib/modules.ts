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
