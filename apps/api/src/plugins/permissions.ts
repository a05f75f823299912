import type { onRouteHookHandler } from 'fastify';
import type { Capability } from '@trilha/contracts/permissions';

/**
 * What a route needs (docs/permissions.md), from least to most: anyone (`public`: sign-in pages, public
 * pages, and routes that check a credential of their own, such as a signed content URL or the realtime
 * token), a signed-in caller (`signed-in`), a signed-in caller with a client selected (`client`), or a
 * capability of the permission matrix in that client.
 */
export type RouteAccess = 'public' | 'signed-in' | 'client' | { capability: Capability };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the route needs. Set by the route only when it is `public`; a guarded route gets it from its
     * guard (`requireAuth`, `requireClient`, `requireFlag`, `requireCapability`).
     */
    access?: RouteAccess;
  }
}

const accessKey = Symbol('route access');
type Guard = ((...args: never[]) => unknown) & { [accessKey]?: RouteAccess };

/** Marks a guard with what it grants, so a route that uses it declares that need. */
export function declaresAccess<T extends (...args: never[]) => unknown>(guard: T, access: RouteAccess): T {
  (guard as Guard)[accessKey] = access;
  return guard;
}

const strength = (access: RouteAccess) =>
  typeof access === 'object' ? 3 : access === 'client' ? 2 : access === 'signed-in' ? 1 : 0;

/** The strongest need the guards among a route's preHandlers declare (a capability wins). */
export function accessOfGuards(preHandler: unknown): RouteAccess | undefined {
  const guards = (Array.isArray(preHandler) ? preHandler : [preHandler]) as unknown[];
  let found: RouteAccess | undefined;
  for (const guard of guards) {
    const access = typeof guard === 'function' ? (guard as Guard)[accessKey] : undefined;
    if (access && (!found || strength(access) > strength(found))) found = access;
  }
  return found;
}

/** A registered route and what it declares it needs (null: nothing, which the permissions test refuses). */
export interface RouteAccessRecord {
  method: string;
  url: string;
  access: RouteAccess | null;
}

const recorded = new WeakMap<object, RouteAccessRecord[]>();

/**
 * Records each route registered from now on with its need, and puts that need on the route's
 * `config.access` (readable as `request.routeOptions.config.access`). A route that sets `config.access`
 * and also has a guard must say the same thing as the guard.
 */
export function recordRouteAccess(app: { addHook(name: 'onRoute', hook: onRouteHookHandler): unknown }) {
  const routes: RouteAccessRecord[] = [];
  recorded.set(app, routes);
  app.addHook('onRoute', (route) => {
    const declared = route.config?.access;
    const guarded = accessOfGuards(route.preHandler);
    if (declared && guarded && JSON.stringify(declared) !== JSON.stringify(guarded)) {
      throw new Error(
        `${route.method.toString()} ${route.url}: config.access ${JSON.stringify(declared)} but its guard needs ${JSON.stringify(guarded)}`,
      );
    }
    const access = declared ?? guarded ?? null;
    if (access) route.config = { ...route.config, access };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, access });
  });
}

/** The routes registered on `app` since recordRouteAccess, with their needs. */
export const routeAccessOf = (app: object): readonly RouteAccessRecord[] => recorded.get(app) ?? [];
