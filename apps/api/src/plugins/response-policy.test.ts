import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createClient, createUser } from '../../test/factories';
import { bearer, login, tokenRequest } from '../../test/http';

let t: TestApp;
let proxied: TestApp;
let headers: { authorization: string };
let refreshToken: string;

beforeAll(async () => {
  [t, proxied] = await Promise.all([buildTestApp(), buildTestApp({ TRUST_PROXY: 'true' })]);
  const client = await createClient(t.database.db, { name: 'Cache Co' });
  const user = await createUser(t.database.db, { clientIds: [client.id], roles: ['sales_agent'] });
  const tokens = await login(t, user.username);
  headers = bearer(tokens.access_token);
  refreshToken = tokens.refresh_token;
});
afterAll(() => Promise.all([t?.close(), proxied?.close()]));

describe('Cache-Control of API answers', () => {
  it.each([
    '/api/session',
    '/api/profile',
    '/api/profile/inbox',
    '/api/profile/inbox/unread-count',
    '/api/learning/courses',
    '/api/learning/trails',
  ])('GET %s is never stored by a cache', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('token answers, refused ones included, are never stored', async () => {
    const refreshed = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
    const refused = await tokenRequest(t, { grant_type: 'password', username: 'nobody', password: 'x' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('error answers of the API are not stored either', async () => {
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/profile' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['cache-control']).toBe('no-store');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('a route that says its answer may be kept keeps its own rule (a client logo is public)', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const branded = await createClient(t.database.db, {
      name: 'Logo Co',
      logoUrl: `data:image/png;base64,${png.toString('base64')}`,
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/clients/${branded.id}/logo` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores a forwarded protocol when the proxy is not trusted', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy received the request over HTTPS, and only then', async () => {
    const https = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});
