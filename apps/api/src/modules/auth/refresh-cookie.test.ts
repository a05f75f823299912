import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthApps } from '../../db/schema/auth';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createConfidentialApp, createUser, TEST_PASSWORD } from '../../../test/factories';
import { bearer, refreshCookieOf, webBasic } from '../../../test/http';

let t: TestApp;
let clientId: number;

beforeAll(async () => {
  t = await buildTestApp();
  clientId = (await createClient(t.database.db)).id;
});
afterAll(() => t.close());

const APP = 'http://localhost:3000';

function token(form: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/o/token/',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: webBasic,
      host: 'localhost:3000',
      ...headers,
    },
    payload: new URLSearchParams(form).toString(),
  });
}

/** A refresh with the cookie, from the app's origin unless `headers` says otherwise (undefined: no header). */
const cookieRefresh = (value: string, headers: Record<string, string | undefined> = {}) =>
  token(
    { grant_type: 'refresh_token' },
    Object.fromEntries(
      Object.entries({ cookie: `trilha_refresh=${value}`, origin: APP, ...headers }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    ),
  );

async function webLogin() {
  const user = await createUser(t.database.db, { clientIds: [clientId] });
  const res = await token({ grant_type: 'password', username: user.username, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(200);
  return res;
}

describe('web refresh cookie', () => {
  it('the web app gets its refresh token only as an HttpOnly, SameSite=Strict cookie scoped to the token path', async () => {
    const res = await webLogin();
    expect(res.json().refresh_token).toBeUndefined();
    expect(res.json().access_token).toBeTruthy();
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/^trilha_refresh=[\w-]{40,};/);
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Strict');
    expect(set).toContain('Path=/o/token/');
    expect(set).not.toContain('Secure');
  });

  it('is Secure when the app is served over HTTPS', async () => {
    const https = await buildTestApp({ TRUST_PROXY: 'true' });
    try {
      const user = await createUser(https.database.db, { clientIds: [], isSuperuser: true });
      const res = await https.app.inject({
        method: 'POST',
        url: '/o/token/',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: webBasic,
          'x-forwarded-proto': 'https',
        },
        payload: new URLSearchParams({
          grant_type: 'password',
          username: user.username,
          password: TEST_PASSWORD,
        }).toString(),
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toContain('Secure');
    } finally {
      await https.close();
    }
  });

  it('the refresh grant reads the cookie and rotates it', async () => {
    const first = refreshCookieOf(await webLogin());
    const res = await cookieRefresh(first);
    expect(res.statusCode).toBe(200);
    expect(res.json().refresh_token).toBeUndefined();
    const second = refreshCookieOf(res);
    expect(second).not.toBe(first);
    expect((await cookieRefresh(second)).statusCode).toBe(200);
  });

  it('keeps the reuse grace: two tabs refreshing with the same cookie both stay signed in', async () => {
    const first = refreshCookieOf(await webLogin());
    const [a, b] = await Promise.all([cookieRefresh(first), cookieRefresh(first)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    for (const res of [a, b]) {
      const session = await t.app.inject({ url: '/api/session', headers: bearer(res.json().access_token) });
      expect(session.statusCode).toBe(200);
    }
  });

  it('refuses a cookie refresh started by another origin or site', async () => {
    const value = refreshCookieOf(await webLogin());
    const attempts: Record<string, string | undefined>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3001' },
      { origin: 'null' },
      { origin: undefined, 'sec-fetch-site': 'cross-site' },
      { origin: undefined, 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of attempts) {
      const res = await cookieRefresh(value, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error).toBe('invalid_request');
    }
    // Refused before being spent: the app's own page still refreshes with it.
    expect(
      (await cookieRefresh(value, { origin: undefined, 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200);
  });

  it('a partner cannot use the cookie; it keeps its refresh token in the body', async () => {
    const app = await createConfidentialApp(t.database.db, 'partner-cookie', 'partner-cookie-secret');
    await t.database.db
      .update(oauthApps)
      .set({ grants: ['password', 'refresh_token'] })
      .where(eq(oauthApps.id, app.id));
    const partner = `Basic ${Buffer.from('partner-cookie:partner-cookie-secret').toString('base64')}`;
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const res = await token(
      { grant_type: 'password', username: user.username, password: TEST_PASSWORD },
      { authorization: partner },
    );
    expect(res.json().refresh_token).toMatch(/^[\w-]{40,}$/);
    expect(res.headers['set-cookie']).toBeUndefined();
    const viaCookie = await cookieRefresh(res.json().refresh_token, { authorization: partner });
    expect(viaCookie.statusCode).toBe(400);
    expect(viaCookie.json().error).toBe('invalid_request');
  });

  it('logout clears the cookie and ends the session', async () => {
    const login = await webLogin();
    const value = refreshCookieOf(login);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(login.json().access_token),
    });
    expect(out.statusCode).toBe(200);
    const cleared = String(out.headers['set-cookie']);
    expect(cleared).toMatch(/^trilha_refresh=;/);
    expect(cleared).toContain('Max-Age=0');
    expect(cleared).toContain('Path=/o/token/');
    expect((await cookieRefresh(value)).statusCode).toBe(400);
  });

  it('a refresh without a token or cookie is an invalid_request', async () => {
    const res = await token({ grant_type: 'refresh_token' }, { origin: APP });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
  });
});
