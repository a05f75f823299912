import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  can,
  capabilities,
  isSuperuserCapability,
  permissionRoles,
  type Capability,
  type PermissionRole,
} from '@trilha/contracts/permissions';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createClient, createUser } from '../../test/factories';
import { bearer, login } from '../../test/http';
import { routeAccessOf, type RouteAccessRecord } from './permissions';

/** Routes a plugin registers, which cannot carry a declaration: the API's own documentation, public. */
const pluginRoutes = /^\/api\/docs(\/|$)/;

/** One learner role and every staff role, each held alone in the client, and a superuser. */
const sampleRoles = [
  'sales_agent',
  'instructor',
  'moderator',
  'manager',
  'program_admin',
  'auditor',
  'support',
  'superuser',
] as const satisfies readonly PermissionRole[];

/** Path parameters filled so that the request passes validation and reaches the guard. */
const paramValues: Record<string, string> = {
  id: '999999',
  userId: '999999',
  scope: 'client',
  slug: 'about',
  lang: 'pt-BR',
  kind: 'categories',
  queue: 'maintenance.purge-expired',
  targetType: 'course',
  targetId: '999999',
  badgeId: '999999',
  code: 'ABCD-EFGH-JKMN',
  clientId: '999999',
  attemptId: '999999',
};

let t: TestApp;
const tokens = new Map<PermissionRole, string>();

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const client = await createClient(db);
  for (const role of sampleRoles) {
    const user =
      role === 'superuser'
        ? await createUser(db, { clientIds: [client.id], roles: [], isSuperuser: true })
        : await createUser(db, { clientIds: [client.id], roles: [role] });
    tokens.set(role, (await login(t, user.username)).access_token);
  }
});

afterAll(async () => {
  await t?.close();
});

const capabilityOf = (route: RouteAccessRecord): Capability | null =>
  route.access && typeof route.access === 'object' ? route.access.capability : null;

const urlOf = (route: RouteAccessRecord) =>
  route.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = paramValues[name];
    if (!value) throw new Error(`no sample value for :${name} of ${route.url}`);
    return value;
  });

describe('route permissions', () => {
  it('prints the matrix', () => {
    console.table(
      Object.fromEntries(
        capabilities.map((c) => [c, Object.fromEntries(sampleRoles.map((r) => [r, can(r, c) ? 'x' : '']))]),
      ),
    );
    expect(permissionRoles).toContain('superuser');
  });

  it('has every route under /api (and the OAuth endpoints) declare what it needs', () => {
    const routes = routeAccessOf(t.app).filter(
      (r) => (r.url.startsWith('/api') || r.url.startsWith('/o/')) && !pluginRoutes.test(r.url),
    );
    expect(routes.length).toBeGreaterThan(80);
    const undeclared = routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared, 'declare config.access or use a guard (docs/permissions.md)').toEqual([]);
    const unknown = routes.map(capabilityOf).filter((c) => c !== null && !capabilities.includes(c));
    expect(unknown).toEqual([]);
  });

  it('refuses a role without the capability a route declares, and lets the roles with it through', async () => {
    const guarded = routeAccessOf(t.app).filter((r) => capabilityOf(r) && r.method !== 'HEAD');
    const sampled = new Set<Capability>();
    for (const route of guarded) {
      const capability = capabilityOf(route)!;
      // Reads, and writes that take no body, reach the guard with nothing more than their path.
      if (route.method !== 'GET' && route.method !== 'POST') continue;
      if (route.method === 'POST' && !/\/(block|unblock|process)$/.test(route.url)) continue;
      sampled.add(capability);
      for (const role of sampleRoles) {
        const res = await t.app.inject({
          method: route.method,
          url: urlOf(route),
          headers: bearer(tokens.get(role)!),
        });
        const where = `${role} ${route.method} ${route.url} (${capability}): ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (can(role, capability)) {
          expect(res.statusCode, where).not.toBe(403);
          expect(res.statusCode, where).not.toBe(401);
        } else {
          expect(res.statusCode, where).toBe(403);
          const code = (res.json() as { error: { code: string } }).error.code;
          expect(['FORBIDDEN', 'ADMIN_SUPERUSER_REQUIRED'], where).toContain(code);
        }
      }
    }
    const used = new Set(guarded.map((r) => capabilityOf(r)!));
    expect(
      [...used].filter((c) => !sampled.has(c)),
      'capabilities with no sampled route',
    ).toEqual([]);
    // Superuser-only capabilities are checked without a client; the others in the selected one.
    expect([...sampled].some(isSuperuserCapability)).toBe(true);
  });
});
