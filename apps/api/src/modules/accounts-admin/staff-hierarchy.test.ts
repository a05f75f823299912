import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, sites } from '../../db/schema/core';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { lastMessageTo } from '../../../test/accounts-helpers';
import { createClient, createUser, TEST_PASSWORD } from '../../../test/factories';
import { tokenRequest } from '../../../test/http';
import { authAs, twoClients } from '../../../test/profile-helpers';

let t: TestApp;
let w: Awaited<ReturnType<typeof twoClients>>;
let admin: Record<string, string>;
let support: Record<string, string>;
let manager: Record<string, string>;
let adminB: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await twoClients(t);
  admin = (await authAs(t, w.adminA.username)).headers;
  support = (await authAs(t, w.supportA.username)).headers;
  manager = (await authAs(t, w.managerA.username)).headers;
  adminB = (await authAs(t, w.adminB.username)).headers;
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });
const act = (headers: Record<string, string>, userId: number, action: string) =>
  post(`/api/admin/accounts/users/${userId}/${action}`, headers);
const session = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/session', headers });
const selectClient = (headers: Record<string, string>, clientId: number) =>
  t.app.inject({ method: 'PUT', url: '/api/session/client', headers, payload: { clientId } });
const passwordLogin = (username: string) =>
  tokenRequest(t, { grant_type: 'password', username, password: TEST_PASSWORD });

async function outboxAs(headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/accounts/outbox?pageSize=100', headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { to: string; body: string; template: string | null }[] };
}

describe('the staff hierarchy', () => {
  it('keeps managers and support off the program administrator: block, unblock, link, approval, roles', async () => {
    for (const headers of [manager, support]) {
      for (const action of ['block', 'unblock', 'set-password-link', 'approve']) {
        const res = await act(headers, w.adminA.id, action);
        expect(res.statusCode, `${action}`).toBe(403);
        expect(res.json().error.code).toBe('ADMIN_TARGET_NOT_BELOW');
      }
    }
    // Peers do not act on each other either.
    const peer = await act(support, w.managerA.id, 'block');
    expect(peer.json().error.code).toBe('ADMIN_TARGET_NOT_BELOW');
    expect((await session((await authAs(t, w.adminA.username)).headers)).statusCode).toBe(200);
  });

  it('lets a program administrator manage staff but not another program administrator, nor grant that role', async () => {
    const otherAdmin = await createUser(t.database.db, { clientIds: [w.a.id], roles: ['program_admin'] });
    const roles = (userId: number, r: string[], headers = admin) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/accounts/users/${userId}/roles`,
        headers,
        payload: { roles: r },
      });
    expect((await roles(otherAdmin.id, ['sales_agent'])).json().error.code).toBe('ADMIN_TARGET_NOT_BELOW');
    expect((await act(admin, otherAdmin.id, 'block')).json().error.code).toBe('ADMIN_TARGET_NOT_BELOW');
    const learner = await createUser(t.database.db, { clientIds: [w.a.id] });
    const promote = await roles(learner.id, ['program_admin']);
    expect(promote.statusCode).toBe(403);
    expect(promote.json().error.code).toBe('ADMIN_ROLES_NOT_ALLOWED');
    expect((await roles(learner.id, ['support'])).statusCode).toBe(200);
    expect((await act(admin, w.managerA.id, 'set-password-link')).statusCode).toBe(200);
  });

  it('keeps support of one client off another client and off blocking everywhere', async () => {
    const both = await createUser(t.database.db, { clientIds: [w.b.id, w.a.id], firstName: 'Dupla' });
    // In B: not found from A.
    expect((await act(support, w.learnerB.id, 'block')).statusCode).toBe(404);
    // Everywhere at once: a superuser's act, even on a learner support shares a client with.
    const everywhere = await post(`/api/admin/users/${both.id}/block`, support);
    expect(everywhere.statusCode).toBe(403);
    expect(everywhere.json().error.code).toBe('ADMIN_SUPERUSER_REQUIRED');
    expect((await post(`/api/admin/users/${both.id}/block`, admin)).statusCode).toBe(403);
    expect((await passwordLogin(both.username)).statusCode).toBe(200);
  });
});

describe('blocking per client', () => {
  it('blocks in one client: its sessions end, the other client stays usable; blocked in all, login says so', async () => {
    const user = await createUser(t.database.db, { clientIds: [w.a.id, w.b.id], firstName: 'Paula' });
    const before = await authAs(t, user.username);
    expect((await session(before.headers)).json().selectedClientId).toBe(w.a.id);

    expect((await act(support, user.id, 'block')).statusCode).toBe(200);
    // The session was working in A: it ends.
    expect((await session(before.headers)).statusCode).toBe(401);
    // The user still signs in, and works in B only.
    const after = await authAs(t, user.username);
    const state = (await session(after.headers)).json();
    expect(state.selectedClientId).toBe(w.b.id);
    expect(state.clients.map((c: { id: number }) => c.id)).toEqual([w.b.id]);
    const selectBlocked = await selectClient(after.headers, w.a.id);
    expect(selectBlocked.statusCode).toBe(403);
    expect(selectBlocked.json().error.code).toBe('AUTH_USER_BLOCKED');
    expect(selectBlocked.json().error.message).toMatch(/^Usuário bloqueado/);
    // A lists the user as blocked; B as active.
    const inA = await t.app.inject({
      method: 'GET',
      url: '/api/admin/accounts/users?status=blocked',
      headers: admin,
    });
    expect(inA.json().items.map((u: { id: number }) => u.id)).toContain(user.id);
    const inB = await t.app.inject({
      method: 'GET',
      url: '/api/admin/accounts/users?status=active',
      headers: adminB,
    });
    expect(inB.json().items.map((u: { id: number }) => u.id)).toContain(user.id);

    // Blocked in B too: every client is gone, and sign-in answers the blocked message.
    expect((await act(adminB, user.id, 'block')).statusCode).toBe(200);
    expect((await session(after.headers)).statusCode).toBe(401);
    const refused = await passwordLogin(user.username);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid_grant', code: 'AUTH_USER_BLOCKED' });
    expect(refused.json().error_description).toMatch(/^Usuário bloqueado/);

    expect((await act(admin, user.id, 'unblock')).statusCode).toBe(200);
    const back = await authAs(t, user.username);
    expect((await session(back.headers)).json().clients.map((c: { id: number }) => c.id)).toEqual([w.a.id]);
  });

  it('a block in a client the user is not working in keeps their session, without that client', async () => {
    const user = await createUser(t.database.db, { clientIds: [w.b.id, w.a.id] });
    const { headers } = await authAs(t, user.username);
    expect((await act(admin, user.id, 'block')).statusCode).toBe(200);
    const state = await session(headers);
    expect(state.statusCode).toBe(200);
    expect(state.json().clients.map((c: { id: number }) => c.id)).toEqual([w.b.id]);
  });
});

describe('the superuser', () => {
  it('selects any client and uses its back office; blocks in every client at once', async () => {
    const root = await createUser(t.database.db, { isSuperuser: true, firstName: 'Root' });
    const { headers } = await authAs(t, root.username);
    const state = (await session(headers)).json();
    const ids = state.clients.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([w.a.id, w.b.id]));
    expect(state.canAccessBackOffice).toBe(true);
    expect((await selectClient(headers, w.b.id)).statusCode).toBe(200);
    const users = await t.app.inject({
      method: 'GET',
      url: '/api/admin/accounts/users?pageSize=100',
      headers,
    });
    expect(users.statusCode).toBe(200);
    expect(users.json().items.map((u: { id: number }) => u.id)).toEqual(
      expect.arrayContaining([w.adminB.id, w.learnerB.id]),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/accounts/outbox', headers })).statusCode,
    ).toBe(200);
    // A program administrator is below a superuser.
    expect((await act(headers, w.adminB.id, 'set-password-link')).statusCode).toBe(200);

    const both = await createUser(t.database.db, { clientIds: [w.a.id, w.b.id] });
    expect((await post(`/api/admin/users/${both.id}/block`, headers)).statusCode).toBe(200);
    expect((await passwordLogin(both.username)).json().code).toBe('AUTH_USER_BLOCKED');
    expect((await post(`/api/admin/users/${both.id}/unblock`, headers)).statusCode).toBe(200);
    expect((await passwordLogin(both.username)).statusCode).toBe(200);
  });

  it('edits a shared site; a client with a site of its own is its administrator’s', async () => {
    const [shared] = await t.database.db.select().from(sites).where(eq(sites.isDefault, true));
    const [own] = await t.database.db
      .insert(sites)
      .values({ name: 'Gamma', hosts: ['gamma.test'], loginConfig: shared!.loginConfig })
      .returning();
    const gamma = await createClient(t.database.db, { name: 'Gamma' });
    await t.database.db.update(clients).set({ siteId: own!.id }).where(eq(clients.id, gamma.id));
    const gammaAdmin = await createUser(t.database.db, { clientIds: [gamma.id], roles: ['program_admin'] });
    const headers = (await authAs(t, gammaAdmin.username)).headers;
    const caps = await t.app.inject({ method: 'GET', url: '/api/admin/accounts/capabilities', headers });
    expect(caps.json().canEditLoginConfig).toBe(true);
    const current = (
      await t.app.inject({ method: 'GET', url: '/api/admin/accounts/login-config', headers })
    ).json();
    const { siteId: _siteId, ...body } = current;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/accounts/login-config',
      headers,
      payload: { ...body, name: 'Gamma Login' },
    });
    expect(saved.statusCode).toBe(200);
    const gammaLogin = await t.app.inject({
      method: 'GET',
      url: '/api/site/login-config',
      headers: { host: 'gamma.test' },
    });
    expect(gammaLogin.json().name).toBe('Gamma Login');
  });
});

describe('no takeover through the outbox', () => {
  const linkPath = /\/(?:set|recover)-password\/[^\s]+/;

  it('support reading the outbox after a recovery request for a program administrator finds no link', async () => {
    for (const target of [w.adminA, w.adminB]) {
      const asked = await post(
        '/api/etraining_login/api_recover_password',
        {},
        {
          method: 'email',
          identifier: target.email,
        },
      );
      expect(asked.statusCode).toBe(200);
      // The administrator did get the link.
      expect((await lastMessageTo(t, target.email!)).body).toMatch(linkPath);
    }
    const { items } = await outboxAs(support);
    const forAdminA = items.filter((m) => m.to === w.adminA.email);
    expect(forAdminA.map((m) => m.template)).toContain('recover_password');
    expect(JSON.stringify(items)).not.toMatch(linkPath);
    // B's administrator's message is B's, not A's.
    expect(items.map((m) => m.to)).not.toContain(w.adminB.email);
    expect(JSON.stringify((await outboxAs(adminB)).items)).not.toMatch(linkPath);
  });

  it('support may resend a learner a link (seeing it was sent, not the link), never to an administrator', async () => {
    expect((await act(support, w.learnerA.id, 'set-password-link')).statusCode).toBe(200);
    expect((await act(support, w.adminA.id, 'set-password-link')).statusCode).toBe(403);
    expect((await act(support, w.adminB.id, 'set-password-link')).statusCode).toBe(404);
    const { items } = await outboxAs(support);
    const sent = items.find((m) => m.to === w.learnerA.email && m.template === 'set_password');
    expect(sent).toBeTruthy();
    expect(JSON.stringify(items)).not.toMatch(linkPath);
    expect((await lastMessageTo(t, w.learnerA.email!)).body).toMatch(/\/set-password\//);
  });
});
