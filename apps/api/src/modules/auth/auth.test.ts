import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/core';
import { users } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { hashToken } from './tokens';
import { createClient, createConfidentialApp, createUser, TEST_PASSWORD } from '../../../test/factories';
import { bearer, login, refreshCookieOf, tokenRequest } from '../../../test/http';

let t: TestApp;
let clientId: number;

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '6' });
  clientId = (await createClient(t.database.db)).id;
});
afterAll(() => t.close());

/** Moves a spent refresh token's use into the past, beyond the reuse grace window. */
async function spentSecondsAgo(refreshToken: string, seconds: number) {
  const hash = hashToken(refreshToken);
  await t.database.db.execute(
    sql`update refresh_tokens set used_at = now() - make_interval(secs => ${seconds}) where token_hash = ${hash}`,
  );
}

/** A token answer with the refresh token the web app gets as a cookie. */
const withRefresh = (res: {
  headers: Record<string, unknown>;
  json(): unknown;
}): { access_token: string; refresh_token: string } => ({
  ...(res.json() as { access_token: string }),
  refresh_token: refreshCookieOf(res),
});

const session = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) });

describe('password grant', () => {
  it('signs in by username, e-mail or document (with or without the mask)', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const masked = `${user.document!.slice(0, 3)}.${user.document!.slice(3, 6)}.${user.document!.slice(6, 9)}-${user.document!.slice(9)}`;
    for (const username of [user.username, user.email!.toUpperCase(), user.document!, masked]) {
      const res = await tokenRequest(t, { grant_type: 'password', username, password: TEST_PASSWORD });
      expect(res.statusCode, username).toBe(200);
      const body = res.json();
      expect(body.token_type).toBe('Bearer');
      // The web app's refresh token is an HttpOnly cookie, not part of the body.
      expect(body.refresh_token).toBeUndefined();
      expect(refreshCookieOf(res)).toMatch(/^[\w-]{40,}$/);
      expect(body.user_firebase_token).toBeTruthy();
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await session(body.access_token)).json().user.id).toBe(user.id);
    }
  });

  it('answers invalid_grant with a translated message for a wrong password', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/o/token/',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('trilha-web:').toString('base64')}`,
        'accept-language': 'en-US,en;q=0.8',
      },
      payload: `grant_type=password&username=${user.username}&password=wrong`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_grant', code: 'AUTH_INVALID_CREDENTIALS' });
    expect(res.json().error_description).toMatch(/Incorrect username or password/);
  });

  it('refuses unknown users the same way as wrong passwords', async () => {
    const res = await tokenRequest(
      t,
      { grant_type: 'password', username: 'nobody@x.example', password: 'x' },
      { ip: '10.9.0.1' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('AUTH_INVALID_CREDENTIALS');
  });

  it('rejects malformed requests and unsupported grants per RFC 6749', async () => {
    expect((await tokenRequest(t, { grant_type: 'password', username: 'a' })).json().error).toBe(
      'invalid_request',
    );
    expect((await tokenRequest(t, { grant_type: 'client_credentials' })).json().error).toBe(
      'unsupported_grant_type',
    );
  });
});

describe('client authentication', () => {
  it('answers invalid_client (401) for missing, unknown or wrong client credentials', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    await createConfidentialApp(t.database.db, 'partner-x', 's3cret-partner');
    const form = { grant_type: 'password', username: user.username, password: TEST_PASSWORD };
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    for (const authorization of [
      '',
      'Bearer x',
      basic('unknown', ''),
      basic('trilha-web', 'guess'),
      basic('partner-x', 'wrong'),
    ]) {
      const res = await tokenRequest(t, form, { authorization });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().error).toBe('invalid_client');
      expect(res.headers['www-authenticate']).toContain('Basic');
    }
    expect(
      (await tokenRequest(t, form, { authorization: basic('partner-x', 's3cret-partner') })).statusCode,
    ).toBe(200);
  });
});

describe('refresh token rotation', () => {
  it('rotates the refresh token on every use', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const first = await login(t, user.username);
    const res = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(res.statusCode).toBe(200);
    const second = withRefresh(res);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await session(second.access_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a spent refresh token is presented again', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const first = await login(t, user.username);
    const second = withRefresh(
      await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    );
    await spentSecondsAgo(first.refresh_token, 60);
    const reuse = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant', code: 'AUTH_INVALID_REFRESH' });
    // The legitimate holder's newer tokens die with the family.
    expect(
      (await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: second.refresh_token }))
        .statusCode,
    ).toBe(400);
    expect((await session(second.access_token)).statusCode).toBe(401);
  });

  it('takes a token spent a moment ago for the same client racing itself, not for a leak', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const first = await login(t, user.username);
    const second = withRefresh(
      await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    );
    // A reload sent the old token before the new one was stored: both holders keep working.
    const again = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(again.statusCode).toBe(200);
    expect(refreshCookieOf(again)).not.toBe(second.refresh_token);
    expect((await session(again.json().access_token)).statusCode).toBe(200);
    expect((await session(second.access_token)).statusCode).toBe(200);
    // Past the grace window the same token is a leak and ends the family.
    await spentSecondsAgo(first.refresh_token, 60);
    const late = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(late.statusCode).toBe(400);
    expect((await session(again.json().access_token)).statusCode).toBe(401);
  });

  it('does not touch other sessions of the same user', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const a = await login(t, user.username);
    const b = await login(t, user.username);
    await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: a.refresh_token });
    await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: a.refresh_token });
    expect((await session(b.access_token)).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token', async () => {
    const res = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: 'made-up' });
    expect(res.json().error).toBe('invalid_grant');
  });
});

describe('logout and token reload', () => {
  it('logout revokes the access and refresh tokens of the session', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const tokens = await login(t, user.username);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(tokens.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect((await session(tokens.access_token)).statusCode).toBe(401);
    expect(
      (await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token }))
        .statusCode,
    ).toBe(400);
  });

  it('accounts/reload_user_tokens/ issues new tokens for the same session', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const tokens = await login(t, user.username);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/reload_user_tokens/',
      headers: bearer(tokens.access_token),
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json();
    expect(refreshCookieOf(res)).not.toBe(tokens.refresh_token);
    expect((await session(fresh.access_token)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/accounts/reload_user_tokens/' })).statusCode,
    ).toBe(401);
  });

  it('rejects a tampered or foreign access token', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const { access_token } = await login(t, user.username);
    const [h, p] = access_token.split('.');
    expect((await session(`${h}.${p}.forged`)).statusCode).toBe(401);
    const res = await session('not-a-token');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('account states', () => {
  it('a blocked user gets the blocked message', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId], status: 'blocked' });
    const res = await tokenRequest(t, {
      grant_type: 'password',
      username: user.username,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('AUTH_USER_BLOCKED');
    expect(res.json().error_description).toMatch(/Usuário bloqueado/);
  });

  it('blocking a signed-in user everywhere ends every session at once', async () => {
    // Blocking in every client at once is a superuser's act (a client's staff block in their client).
    const admin = await createUser(t.database.db, { isSuperuser: true });
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const s1 = await login(t, user.username);
    const s2 = await login(t, user.username);
    const adminTokens = await login(t, admin.username);
    expect((await session(s1.access_token)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/block`,
      headers: bearer(adminTokens.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect((await session(s1.access_token)).statusCode).toBe(401);
    expect((await session(s2.access_token)).statusCode).toBe(401);
    const refresh = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: s2.refresh_token });
    expect(refresh.statusCode).toBe(400);
  });

  it('only a superuser may block everywhere, not even an administrator of a shared client', async () => {
    const other = await createClient(t.database.db);
    const outsider = await createUser(t.database.db, { clientIds: [other.id], roles: ['program_admin'] });
    const learner = await createUser(t.database.db, { clientIds: [clientId] });
    const peer = await createUser(t.database.db, { clientIds: [clientId] });
    const support = await createUser(t.database.db, { clientIds: [clientId], roles: ['support'] });
    for (const actor of [outsider, peer, support]) {
      const tokens = await login(t, actor.username);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${learner.id}/block`,
        headers: bearer(tokens.access_token),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('ADMIN_SUPERUSER_REQUIRED');
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, learner.id));
    expect(row!.status).toBe('active');
  });

  it('a user without a profile in any client is told so', async () => {
    const user = await createUser(t.database.db, { clientIds: [] });
    const res = await tokenRequest(t, {
      grant_type: 'password',
      username: user.username,
      password: TEST_PASSWORD,
    });
    expect(res.json().code).toBe('AUTH_NO_PROFILE');
  });

  it('an account awaiting approval cannot sign in yet', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId], status: 'awaiting_approval' });
    const res = await tokenRequest(t, {
      grant_type: 'password',
      username: user.username,
      password: TEST_PASSWORD,
    });
    expect(res.json().code).toBe('AUTH_AWAITING_APPROVAL');
  });

  it('under maintenance only superusers sign in', async () => {
    const [site] = await t.database.db.select().from(sites);
    await t.services.site.update(site!.id, {
      siteId: site!.id,
      name: site!.name,
      ...site!.loginConfig,
      maintenance: true,
    });
    try {
      const user = await createUser(t.database.db, { clientIds: [clientId] });
      const su = await createUser(t.database.db, { isSuperuser: true });
      const res = await tokenRequest(t, {
        grant_type: 'password',
        username: user.username,
        password: TEST_PASSWORD,
      });
      expect(res.json().code).toBe('AUTH_MAINTENANCE');
      expect(
        (await tokenRequest(t, { grant_type: 'password', username: su.username, password: TEST_PASSWORD }))
          .statusCode,
      ).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/site/login-config' })).json().maintenance).toBe(
        true,
      );
    } finally {
      await t.services.site.update(site!.id, {
        siteId: site!.id,
        name: site!.name,
        ...site!.loginConfig,
        maintenance: false,
      });
    }
  });
});
