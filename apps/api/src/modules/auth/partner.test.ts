import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthApps } from '../../db/schema/auth';
import { userClients } from '../../db/schema/users';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createConfidentialApp, createUser, TEST_PASSWORD } from '../../../test/factories';
import { login, tokenRequest } from '../../../test/http';

let t: TestApp;
let home: number;
let elsewhere: number;

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function partnerApp(clientId: string, settings: Partial<typeof oauthApps.$inferInsert>) {
  const secret = `${clientId}-secret-123`;
  const app = await createConfidentialApp(t.database.db, clientId, secret);
  await t.database.db
    .update(oauthApps)
    .set({ grants: ['webservice', 'password', 'refresh_token'], ...settings })
    .where(eq(oauthApps.id, app.id));
  return basic(clientId, secret);
}

const issue = (authorization: string, user: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accounts/webservice/tokens',
    headers: { authorization },
    payload: { user },
  });

beforeAll(async () => {
  t = await buildTestApp();
  home = (await createClient(t.database.db)).id;
  elsewhere = (await createClient(t.database.db)).id;
});
afterAll(() => t.close());

describe('partner sign-in (webservice tokens)', () => {
  it("signs in only learners of the partner's own client; staff, superusers and other clients answer like unknown users", async () => {
    const partner = await partnerApp('partner-home', { partnerClientId: home });
    const learner = await createUser(t.database.db, { clientIds: [home] });
    const both = await createUser(t.database.db, { clientIds: [home, elsewhere] });
    expect((await issue(partner, learner.username)).statusCode).toBe(201);
    expect((await issue(partner, both.email!)).statusCode).toBe(201);

    const outsider = await createUser(t.database.db, { clientIds: [elsewhere] });
    const admin = await createUser(t.database.db, { clientIds: [home], roles: ['program_admin'] });
    const support = await createUser(t.database.db, { clientIds: [home], roles: ['sales_agent', 'support'] });
    const superuser = await createUser(t.database.db, { isSuperuser: true, clientIds: [home] });
    for (const user of [outsider, admin, support, superuser]) {
      const res = await issue(partner, user.username);
      expect(res.statusCode, user.username).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect((await issue(partner, 'nobody-at-all')).json().error.code).toBe('NOT_FOUND');
  });

  it('a partner configured for staff signs in staff of its client, still never a superuser', async () => {
    const partner = await partnerApp('partner-staff', { partnerClientId: home, partnerMaySignInStaff: true });
    const manager = await createUser(t.database.db, { clientIds: [home], roles: ['manager'] });
    const superuser = await createUser(t.database.db, { isSuperuser: true, clientIds: [home] });
    const outsider = await createUser(t.database.db, { clientIds: [elsewhere], roles: ['manager'] });
    expect((await issue(partner, manager.username)).statusCode).toBe(201);
    expect((await issue(partner, superuser.username)).statusCode).toBe(404);
    expect((await issue(partner, outsider.username)).statusCode).toBe(404);
  });

  it('the link stops working when its user became staff before using it', async () => {
    const partner = await partnerApp('partner-promote', { partnerClientId: home });
    const learner = await createUser(t.database.db, { clientIds: [home] });
    const { token } = (await issue(partner, learner.username)).json();
    await t.database.db
      .update(userClients)
      .set({ roles: ['program_admin'] })
      .where(eq(userClients.userId, learner.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/webservice-login',
      payload: { token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('ACCOUNTS_WEBSERVICE_TOKEN_INVALID');
  });

  it('a partner with no client signs in nobody', async () => {
    const partner = await partnerApp('partner-none', {});
    const learner = await createUser(t.database.db, { clientIds: [home] });
    expect((await issue(partner, learner.username)).statusCode).toBe(404);
  });
});

describe('refresh grant', () => {
  it('refuses a refresh token of another application, without spending it', async () => {
    const partner = await partnerApp('partner-refresh', { partnerClientId: home });
    const user = await createUser(t.database.db, { clientIds: [home] });
    const web = await login(t, user.username);
    const stolen = await tokenRequest(
      t,
      { grant_type: 'refresh_token', refresh_token: web.refresh_token },
      { authorization: partner },
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ error: 'invalid_grant', code: 'AUTH_INVALID_REFRESH' });
    // The web app's own use still works, and the session was not taken for a leak.
    const own = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: web.refresh_token });
    expect(own.statusCode).toBe(200);

    const partnerLogin = await tokenRequest(
      t,
      { grant_type: 'password', username: user.username, password: TEST_PASSWORD },
      { authorization: partner },
    );
    expect(partnerLogin.statusCode).toBe(200);
    const crossed = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: partnerLogin.json().refresh_token,
    });
    expect(crossed.json()).toMatchObject({ error: 'invalid_grant', code: 'AUTH_INVALID_REFRESH' });
    const partnerOwn = await tokenRequest(
      t,
      { grant_type: 'refresh_token', refresh_token: partnerLogin.json().refresh_token },
      { authorization: partner },
    );
    expect(partnerOwn.statusCode).toBe(200);
  });
});
