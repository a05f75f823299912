import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { lastMessageTo } from '../../../test/accounts-helpers';
import { authAs, multipart, pngOf, twoClients } from '../../../test/profile-helpers';

let t: TestApp;
let w: Awaited<ReturnType<typeof twoClients>>;
let admin: Record<string, string>;
let support: Record<string, string>;
let manager: Record<string, string>;
let learner: Record<string, string>;
let adminB: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await twoClients(t);
  admin = (await authAs(t, w.adminA.username)).headers;
  support = (await authAs(t, w.supportA.username)).headers;
  manager = (await authAs(t, w.managerA.username)).headers;
  learner = (await authAs(t, w.learnerA.username)).headers;
  adminB = (await authAs(t, w.adminB.username)).headers;
});
afterAll(() => t.close());

const listUsers = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/accounts/users${query}`, headers });
const ids = (res: { json(): { items: { id: number }[] } }) => res.json().items.map((u) => u.id);

describe('users list', () => {
  it("shows only the selected client's accounts (tenant isolation)", async () => {
    const a = ids(await listUsers(admin, '?pageSize=100'));
    expect(a).toEqual(expect.arrayContaining([w.adminA.id, w.supportA.id, w.learnerA.id]));
    expect(a).not.toContain(w.learnerB.id);
    expect(a).not.toContain(w.adminB.id);
    const b = ids(await listUsers(adminB, '?pageSize=100'));
    expect(b).toContain(w.learnerB.id);
    expect(b).not.toContain(w.learnerA.id);
    // Searching for a B user's e-mail from A finds nothing.
    expect(ids(await listUsers(admin, `?search=${encodeURIComponent(w.learnerB.email!)}`))).toEqual([]);
  });

  it('searches by name, e-mail and document, filters by status and role, and paginates', async () => {
    expect(ids(await listUsers(support, '?search=vendedor'))).toEqual([w.learnerA.id]);
    expect(ids(await listUsers(support, `?search=${w.learnerA.email!.toUpperCase()}`))).toEqual([
      w.learnerA.id,
    ]);
    const doc = w.learnerA.document!;
    const masked = `${doc.slice(0, 3)}.${doc.slice(3, 6)}.${doc.slice(6, 9)}-${doc.slice(9)}`;
    expect(ids(await listUsers(support, `?search=${encodeURIComponent(masked)}`))).toEqual([w.learnerA.id]);
    expect(ids(await listUsers(support, '?role=program_admin'))).toEqual([w.adminA.id]);
    const page1 = (await listUsers(support, '?pageSize=2&page=1')).json();
    const page2 = (await listUsers(support, '?pageSize=2&page=2')).json();
    expect(page1.total).toBe(4);
    expect(page1.items).toHaveLength(2);
    expect(page2.items).toHaveLength(2);
    expect(page1.items[0].id).not.toBe(page2.items[0].id);
    const waiting = await createUser(t.database.db, {
      clientIds: [w.a.id],
      status: 'awaiting_approval',
      firstName: 'Wanda',
    });
    expect(ids(await listUsers(support, '?status=awaiting_approval'))).toEqual([waiting.id]);
  });

  it('is closed to roles without account administration', async () => {
    const res = await listUsers(learner);
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/accounts/users' })).statusCode).toBe(401);
  });
});

describe('block, unblock and roles', () => {
  it('blocks a user of the client (ending their sessions) and unblocks them', async () => {
    const target = await createUser(t.database.db, { clientIds: [w.a.id], firstName: 'Tiago' });
    const session = await authAs(t, target.username);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/users/${target.id}/block`,
      headers: manager,
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/session', headers: session.headers })).statusCode,
    ).toBe(401);
    expect(ids(await listUsers(manager, '?status=blocked'))).toContain(target.id);
    const un = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/users/${target.id}/unblock`,
      headers: manager,
    });
    expect(un.statusCode).toBe(200);
    await expect(authAs(t, target.username)).resolves.toBeTruthy();
  });

  it("cannot touch another client's users or one's own account", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/users/${w.learnerB.id}/block`,
      headers: admin,
    });
    expect(res.statusCode).toBe(404);
    const roles = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/accounts/users/${w.learnerB.id}/roles`,
      headers: admin,
      payload: { roles: ['program_admin'] },
    });
    expect(roles.statusCode).toBe(404);
    const self = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/users/${w.adminA.id}/block`,
      headers: admin,
    });
    expect(self.json().error.code).toBe('ADMIN_SELF_ACTION');
  });

  it('lets a program administrator set roles in the selected client, not support', async () => {
    const target = await createUser(t.database.db, { clientIds: [w.a.id, w.b.id], roles: ['sales_agent'] });
    const denied = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/accounts/users/${target.id}/roles`,
      headers: support,
      payload: { roles: ['moderator'] },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('ADMIN_ROLES_NOT_ALLOWED');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/accounts/users/${target.id}/roles`,
      headers: admin,
      payload: { roles: ['moderator', 'sales_agent'] },
    });
    expect(res.json()).toEqual({ roles: ['moderator', 'sales_agent'] });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: (await authAs(t, target.username)).headers,
    });
    const clients = session.json().clients as { id: number; roles: string[] }[];
    expect(clients.find((c) => c.id === w.a.id)?.roles).toEqual(['moderator', 'sales_agent']);
    expect(clients.find((c) => c.id === w.b.id)?.roles).toEqual(['sales_agent']);
    const invalid = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/accounts/users/${target.id}/roles`,
      headers: admin,
      payload: { roles: ['emperor'] },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('tells what each admin may do', async () => {
    const caps = (
      await t.app.inject({ method: 'GET', url: '/api/admin/accounts/capabilities', headers: support })
    ).json();
    expect(caps).toMatchObject({
      clientId: w.a.id,
      canManageUsers: true,
      canEditRoles: false,
      canEditLoginConfig: false,
      canSeeTickets: true,
    });
    const adminCaps = (
      await t.app.inject({ method: 'GET', url: '/api/admin/accounts/capabilities', headers: admin })
    ).json();
    // A and B share the default site: its login configuration is a superuser's to edit.
    expect(adminCaps).toMatchObject({
      canEditRoles: true,
      canEditLoginConfig: false,
      canEditSitePages: false,
    });
  });
});

describe('approval, password links and the outbox', () => {
  it('approves an account awaiting approval, which can then sign in', async () => {
    const waiting = await createUser(t.database.db, {
      clientIds: [w.a.id],
      status: 'awaiting_approval',
      firstName: 'Olga',
    });
    await expect(authAs(t, waiting.username)).rejects.toThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/users/${waiting.id}/approve`,
      headers: support,
    });
    expect(res.statusCode).toBe(200);
    await expect(authAs(t, waiting.username)).resolves.toBeTruthy();
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/users/${waiting.id}/approve`,
      headers: support,
    });
    expect(twice.json().error.code).toBe('ADMIN_NOT_AWAITING_APPROVAL');
  });

  it('sends a set-password link that shows in the client outbox (link hidden), not in another client', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/users/${w.learnerA.id}/set-password-link`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const outboxA = (
      await t.app.inject({ method: 'GET', url: '/api/admin/accounts/outbox', headers: support })
    ).json();
    const mail = outboxA.items.find((m: { to: string }) => m.to === w.learnerA.email);
    expect(mail).toMatchObject({ channel: 'email', template: 'set_password', status: 'sent' });
    expect(mail.body).not.toContain('/set-password/');
    expect((await lastMessageTo(t, w.learnerA.email!)).body).toContain('/set-password/');
    const outboxB = (
      await t.app.inject({ method: 'GET', url: '/api/admin/accounts/outbox', headers: adminB })
    ).json();
    expect(outboxB.items.map((m: { to: string }) => m.to)).not.toContain(w.learnerA.email);
    const cross = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/users/${w.learnerA.id}/set-password-link`,
      headers: adminB,
    });
    expect(cross.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/accounts/outbox', headers: manager })).statusCode,
    ).toBe(403);
  });
});

describe('deletion requests', () => {
  it('are listed and processed only in the client they were made in', async () => {
    const user = await createUser(t.database.db, {
      clientIds: [w.b.id],
      firstName: 'Beto',
      lastName: 'Bravo',
    });
    const { headers } = await authAs(t, user.username);
    await t.app.inject({
      method: 'POST',
      url: '/api/profile/deletion-request',
      headers,
      payload: { name: 'Beto Bravo' },
    });
    const fromA = (
      await t.app.inject({ method: 'GET', url: '/api/admin/accounts/deletion-requests', headers: admin })
    ).json();
    expect(fromA.items.map((r: { userId: number }) => r.userId)).not.toContain(user.id);
    const fromB = (
      await t.app.inject({ method: 'GET', url: '/api/admin/accounts/deletion-requests', headers: adminB })
    ).json();
    const request = fromB.items.find((r: { userId: number }) => r.userId === user.id);
    expect(request).toBeTruthy();
    const cross = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/deletion-requests/${request.id}/process`,
      headers: admin,
    });
    expect(cross.statusCode).toBe(404);
  });
});

describe('login configuration', () => {
  const current = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/accounts/login-config', headers: admin })).json();

  it('is saved by a superuser when clients share the site, and shows on the public login screen', async () => {
    const config = await current();
    const { siteId: _siteId, ...body } = config;
    const shared = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/accounts/login-config',
      headers: admin,
      payload: body,
    });
    expect(shared.statusCode).toBe(403);
    expect(shared.json().error.code).toBe('ADMIN_SUPERUSER_REQUIRED');
    const root = await createUser(t.database.db, { isSuperuser: true });
    const superuser = (await authAs(t, root.username)).headers;
    await t.app.inject({
      method: 'PUT',
      url: '/api/session/client',
      headers: superuser,
      payload: { clientId: w.a.id },
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/accounts/login-config',
      headers: superuser,
      payload: {
        ...body,
        colors: { ...body.colors, primary: '#c2255c' },
        register: false,
        maintenance: false,
      },
    });
    expect(res.statusCode).toBe(200);
    const login = (
      await t.app.inject({ method: 'GET', url: '/api/site/login-config', headers: { host: 'localhost' } })
    ).json();
    expect(login.colors.primary).toBe('#c2255c');
    expect(login.register).toBe(false);
  });

  it('refuses support, bad colours and script image URLs', async () => {
    const { siteId: _siteId, ...body } = await current();
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/accounts/login-config',
      headers: support,
      payload: body,
    });
    expect(denied.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/accounts/login-config', headers: support }))
        .statusCode,
    ).toBe(403);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/accounts/login-config',
      headers: admin,
      payload: {
        ...body,
        colors: { ...body.colors, primary: 'red' },
        backgroundImage: 'javascript:alert(1)',
      },
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['colors.primary', 'backgroundImage']));
  });

  it('stores an uploaded logo as a public WebP', async () => {
    const body = multipart(
      { name: 'logo.png', type: 'image/png', data: await pngOf(1600, 400) },
      { kind: 'logo' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts/site-assets',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const fake = multipart({
      name: 'logo.png',
      type: 'image/png',
      data: Buffer.from('<svg onload=alert(1)>'),
    });
    const rejected = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts/site-assets',
      headers: { ...admin, ...fake.headers },
      payload: fake.payload,
    });
    expect(rejected.statusCode).toBe(400);
  });
});
