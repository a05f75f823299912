import type admin from '@trilha/i18n/locales/pt-BR/admin.json';
import type routes from '@trilha/i18n/locales/pt-BR/routes.json';
import { useMatches } from 'react-router';

export type RouteTitleKey = `routes:${keyof typeof routes}` | `admin:areas.${keyof (typeof admin)['areas']}`;

/** What a route tells the shell about itself (`handle` of the route object). */
export interface RouteHandle {
  /** Catalog key of the screen's title: the document title and the heading of placeholder screens. */
  title: RouteTitleKey;
  /** Placeholder screens of public pages that lead into the app offer a way to sign in. */
  signIn?: boolean;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}
