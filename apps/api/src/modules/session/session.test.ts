import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/session', () => {
  it('returns the user and client state of spec section 3', async () => {
    const a = await createClient(t.database.db, {
      name: 'Alpha',
      homeRoute: '/home',
      flags: { has_library: true, has_courses: true, has_ranking: true },
    });
    const b = await createClient(t.database.db, {
      name: 'Beta',
      homeRoute: '/online-courses',
      flags: { has_news: true },
    });
    const user = await createUser(t.database.db, {
      clientIds: [a.id, b.id],
      firstName: 'Ana',
      lastName: 'Souza',
      phoneCooldownStartedAt: new Date('2026-01-01T10:00:00Z'),
    });
    const { access_token } = await login(t, user.username);
    const res = await t.app.inject({ method: 'GET', url: '/api/session', headers: bearer(access_token) });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.sessionType).toBe('password');
    expect(s.user).toMatchObject({
      id: user.id,
      fullName: 'Ana Souza',
      languageCode: 'pt-BR',
      languageId: 1,
      mustChangePassword: false,
      termsAccepted: false,
    });
    expect(s.user.phoneVerificationCooldown).toEqual({
      startedAt: '2026-01-01T10:00:00.000Z',
      durationSeconds: 300,
    });
    expect(s.selectedClientId).toBe(a.id);
    const alpha = s.clients.find((c: { id: number }) => c.id === a.id);
    expect(alpha.homeRoute).toBe('/home');
    expect(alpha.modules.map((m: { key: string }) => m.key)).toEqual([
      'online-courses',
      'library',
      'ranking',
    ]);
    expect(alpha.flags.has_ranking).toBe(true);
    expect(s.clients.find((c: { id: number }) => c.id === b.id).modules).toEqual([
      { key: 'news', path: '/news' },
    ]);
    expect(s.languages.map((l: { code: string }) => l.code)).toEqual(['pt-BR', 'en-US', 'es', 'fr']);
    expect(s.countries.some((c: { code: string }) => c.code === 'BRA')).toBe(true);
    expect(s.canAccessBackOffice).toBe(false);
  });

  it('serves inline client logos from their own cacheable route', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
    const a = await createClient(t.database.db, {
      logoUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    });
    const user = await createUser(t.database.db, { clientIds: [a.id] });
    const { access_token } = await login(t, user.username);
    const s = (
      await t.app.inject({ method: 'GET', url: '/api/session', headers: bearer(access_token) })
    ).json();
    expect(s.clients[0].logoUrl).toBe(`/api/clients/${a.id}/logo`);
    const logo = await t.app.inject({ method: 'GET', url: s.clients[0].logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.body).toBe(svg);
    expect((await t.app.inject({ method: 'GET', url: '/api/clients/999999/logo' })).statusCode).toBe(404);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('opens the back office only for back-office roles in the selected client', async () => {
    const a = await createClient(t.database.db);
    const manager = await createUser(t.database.db, { clientIds: [a.id], roles: ['manager'] });
    const { access_token } = await login(t, manager.username);
    const s = (
      await t.app.inject({ method: 'GET', url: '/api/session', headers: bearer(access_token) })
    ).json();
    expect(s.canAccessBackOffice).toBe(true);
  });
});

describe('client and language switch', () => {
  it('persists the selected client, only among the user’s own clients', async () => {
    const a = await createClient(t.database.db);
    const b = await createClient(t.database.db);
    const foreign = await createClient(t.database.db);
    const user = await createUser(t.database.db, { clientIds: [a.id, b.id] });
    const { access_token } = await login(t, user.username);
    const put = (clientId: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/session/client',
        headers: bearer(access_token),
        payload: { clientId },
      });
    const ok = await put(b.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().selectedClientId).toBe(b.id);
    const denied = await put(foreign.id);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('CLIENT_NOT_AVAILABLE');
    // Persisted: a new login sees the same selection.
    const again = await login(t, user.username);
    const s = (
      await t.app.inject({ method: 'GET', url: '/api/session', headers: bearer(again.access_token) })
    ).json();
    expect(s.selectedClientId).toBe(b.id);
  });

  it('persists the language and answers errors in it', async () => {
    const a = await createClient(t.database.db);
    const user = await createUser(t.database.db, { clientIds: [a.id] });
    const { access_token } = await login(t, user.username);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/session/language',
      headers: bearer(access_token),
      payload: { languageCode: 'fr' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ languageCode: 'fr', languageId: 4 });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/session/language',
      headers: { ...bearer(access_token), 'accept-language': 'es' },
      payload: { languageCode: 'de' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/campos obligatorios/),
    });
    expect(bad.json().error.details[0].path).toBe('languageCode');
  });
});
