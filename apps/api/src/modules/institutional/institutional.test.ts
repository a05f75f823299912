import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { authAs, twoClients } from '../../../test/profile-helpers';

let t: TestApp;
let w: Awaited<ReturnType<typeof twoClients>>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await twoClients(t);
});
afterAll(() => t.close());

const ticket = {
  name: 'Paula Lima',
  email: 'paula@example.com',
  subject: 'access',
  message: 'Não consigo acessar o curso de vendas.',
  kind: 'support',
};

describe('institutional pages', () => {
  it('serves the client’s own text, the site’s text otherwise, and an empty default', async () => {
    const superuser = await createUser(t.database.db, { clientIds: [w.a.id], isSuperuser: true });
    const su = (await authAs(t, superuser.username)).headers;
    const admin = (await authAs(t, w.adminA.username)).headers;
    const site = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/institutional/pages/site/terms/pt-BR',
      headers: su,
      payload: { title: 'Termos de uso', body: '# Termos\n\nTexto do **site**.' },
    });
    expect(site.statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/institutional/pages/client/terms/pt-BR',
      headers: admin,
      payload: { title: 'Termos Alpha', body: 'Regras do programa Alpha.' },
    });
    expect(own.json()).toMatchObject({ source: 'client', title: 'Termos Alpha' });

    const learnerA = (await authAs(t, w.learnerA.username)).headers;
    const learnerB = (await authAs(t, w.learnerB.username)).headers;
    const a = await t.app.inject({
      method: 'GET',
      url: '/api/institutional/client-pages/terms',
      headers: learnerA,
    });
    expect(a.json()).toMatchObject({ title: 'Termos Alpha', source: 'client' });
    const b = await t.app.inject({
      method: 'GET',
      url: '/api/institutional/client-pages/terms',
      headers: learnerB,
    });
    expect(b.json()).toMatchObject({ title: 'Termos de uso', source: 'site' });
    const pub = await t.app.inject({
      method: 'GET',
      url: '/api/institutional/pages/terms',
      headers: { host: 'localhost' },
    });
    expect(pub.json()).toMatchObject({
      title: 'Termos de uso',
      body: '# Termos\n\nTexto do **site**.',
      source: 'site',
    });
    // No Spanish text yet: the site's default language answers.
    const es = await t.app.inject({
      method: 'GET',
      url: '/api/institutional/pages/terms?lang=es',
      headers: { host: 'localhost' },
    });
    expect(es.json()).toMatchObject({ language: 'pt-BR', title: 'Termos de uso' });
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/institutional/pages/about',
      headers: { host: 'localhost' },
    });
    expect(none.json()).toMatchObject({ source: 'default', body: '' });
  });

  it('lets only superusers edit the public site pages, and program administrators their client pages', async () => {
    const admin = (await authAs(t, w.adminA.username)).headers;
    const support = (await authAs(t, w.supportA.username)).headers;
    const site = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/institutional/pages/site/about/pt-BR',
      headers: admin,
      payload: { title: 'Sobre', body: 'x' },
    });
    expect(site.statusCode).toBe(403);
    const client = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/institutional/pages/client/about/pt-BR',
      headers: support,
      payload: { title: 'Sobre', body: 'x' },
    });
    expect(client.statusCode).toBe(403);
    const empty = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/institutional/pages/client/about/pt-BR',
      headers: admin,
      payload: { title: ' ', body: 'x' },
    });
    expect(empty.json().error.details[0]).toMatchObject({ path: 'title', message: 'Campo obrigatório' });
  });
});

describe('cookie consent', () => {
  it('is recorded on the account of a signed-in user', async () => {
    const { headers } = await authAs(t, w.learnerA.username);
    const before = await t.app.inject({ method: 'GET', url: '/api/session', headers });
    expect(before.json().user.cookiePolicyAccepted).toBe(false);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/institutional/cookie-consent',
      headers,
      payload: { accepted: true },
    });
    expect(res.json().acceptedAt).toEqual(expect.any(String));
    const after = await t.app.inject({ method: 'GET', url: '/api/session', headers });
    expect(after.json().user.cookiePolicyAccepted).toBe(true);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/institutional/cookie-consent',
      payload: { accepted: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('support tickets', () => {
  it('validates the form with translated messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/institutional/support-tickets',
      headers: { 'accept-language': 'es' },
      payload: { ...ticket, email: 'not-an-email', message: '' },
    });
    expect(res.statusCode).toBe(400);
    const byPath = Object.fromEntries(
      res.json().error.details.map((d: { path: string; message: string }) => [d.path, d.message]),
    );
    expect(byPath).toMatchObject({ email: 'Correo electrónico no válido', message: 'Campo obligatorio' });
  });

  it("creates tickets the client's support sees, and other clients' support does not", async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/institutional/support-tickets',
      headers: { host: 'localhost' },
      payload: ticket,
    });
    expect(visitor.statusCode).toBe(201);
    expect(visitor.json()).toMatchObject({
      protocol: expect.stringMatching(/^SUP-\d{6}$/),
      responseWorkingDays: 7,
    });
    const mail = await t.modules.messaging.listOutbox({ search: 'paula@example.com' });
    expect(mail.items[0]).toMatchObject({ channel: 'email', template: 'support_ticket_received' });
    expect(mail.items[0]!.subject).toContain(visitor.json().protocol);
    expect(mail.items[0]!.body).toContain('7 dias úteis');
    const learnerB = (await authAs(t, w.learnerB.username)).headers;
    const fromB = await t.app.inject({
      method: 'POST',
      url: '/api/institutional/support-tickets',
      headers: learnerB,
      payload: { ...ticket, name: 'Bruno Beta', kind: 'contact' },
    });
    expect(fromB.statusCode).toBe(201);

    const supportA = (await authAs(t, w.supportA.username)).headers;
    const listA = (
      await t.app.inject({ method: 'GET', url: '/api/admin/support/tickets', headers: supportA })
    ).json();
    const names = listA.items.map((i: { name: string }) => i.name);
    expect(names).toContain('Paula Lima');
    expect(names).not.toContain('Bruno Beta');
    const adminB = (await authAs(t, w.adminB.username)).headers;
    const listB = (
      await t.app.inject({ method: 'GET', url: '/api/admin/support/tickets', headers: adminB })
    ).json();
    const mine = listB.items.find((i: { name: string }) => i.name === 'Bruno Beta');
    expect(mine).toMatchObject({ kind: 'contact', clientName: 'Beta Tech', status: 'open' });
    // A's support cannot move B's ticket; B's admin can.
    const cross = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/support/tickets/${mine.id}/status`,
      headers: supportA,
      payload: { status: 'closed' },
    });
    expect(cross.statusCode).toBe(404);
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/support/tickets/${mine.id}/status`,
      headers: adminB,
      payload: { status: 'closed' },
    });
    expect(done.statusCode).toBe(200);
    const learner = (await authAs(t, w.learnerA.username)).headers;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/support/tickets', headers: learner })).statusCode,
    ).toBe(403);
  });
});
