import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthApps } from '../../db/schema/auth';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createPartnerApp, patchLoginConfig } from '../../../test/accounts-helpers';
import { startOidcProvider } from '../../../test/accounts-oidc';
import { createClient, createConfidentialApp, createUser } from '../../../test/factories';
import { bearer } from '../../../test/http';

const PUBLIC_URL = 'http://app.test';

describe('webservice login', () => {
  let t: TestApp;
  let clientId: number;
  let partner: { basic: string };

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL });
    clientId = (await createClient(t.database.db)).id;
    partner = await createPartnerApp(t.database.db, 'partner-lms', 'partner-secret-123');
    await t.database.db
      .update(oauthApps)
      .set({ partnerClientId: clientId })
      .where(eq(oauthApps.clientId, 'partner-lms'));
  });
  afterAll(() => t.close());

  const issue = (authorization: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/accounts/webservice/tokens',
      headers: authorization ? { authorization } : {},
      payload,
    });

  it('issues a one-time token to a partner system and opens a webservice session once', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const res = await issue(partner.basic, { user: user.email, module: 'library', id: '42' });
    expect(res.statusCode).toBe(201);
    const { token, url } = res.json();
    expect(url).toBe(`${PUBLIC_URL}/webservice-login/${token}?module=library&id=42`);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/webservice-login',
      payload: { token },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().session_type).toBe('webservice');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: bearer(login.json().access_token),
    });
    expect(session.json().sessionType).toBe('webservice');

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/webservice-login',
      payload: { token },
    });
    expect(again.json().error.code).toBe('ACCOUNTS_WEBSERVICE_TOKEN_INVALID');
  });

  it('refuses a wrong secret, a public or non-webservice app, and a blocked user', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const wrong = `Basic ${Buffer.from('partner-lms:nope').toString('base64')}`;
    expect((await issue(wrong, { user: user.username })).statusCode).toBe(401);
    expect((await issue(undefined, { user: user.username })).statusCode).toBe(401);
    const web = `Basic ${Buffer.from('trilha-web:').toString('base64')}`;
    expect((await issue(web, { user: user.username })).statusCode).toBe(403);
    await createConfidentialApp(t.database.db, 'other-app', 'other-secret-123');
    const other = `Basic ${Buffer.from('other-app:other-secret-123').toString('base64')}`;
    expect((await issue(other, { user: user.username })).statusCode).toBe(403);

    const blocked = await createUser(t.database.db, { clientIds: [clientId], status: 'blocked' });
    const { token } = (await issue(partner.basic, { user: blocked.username })).json();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/webservice-login',
      payload: { token },
    });
    expect(refused.json().error).toMatchObject({ code: 'AUTH_USER_BLOCKED' });
    expect(refused.json().error.message).toMatch(/^Usuário bloqueado/);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId] });
    const { token } = (await issue(partner.basic, { user: user.username })).json();
    await t.database.db.execute(sql`update webservice_tokens set expires_at = now() - interval '1 second'`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/webservice-login',
      payload: { token },
    });
    expect(res.json().error.code).toBe('ACCOUNTS_WEBSERVICE_TOKEN_INVALID');
  });
});

describe('Google sign-in against a real OpenID provider', () => {
  let t: TestApp;
  let op: Awaited<ReturnType<typeof startOidcProvider>>;
  let clientId: number;

  beforeAll(async () => {
    op = await startOidcProvider({
      clientId: 'trilha-google',
      clientSecret: 'google-secret',
      redirectUri: `${PUBLIC_URL}/api/accounts/google/callback`,
    });
    t = await buildTestApp({
      PUBLIC_URL,
      GOOGLE_OIDC_ISSUER: op.issuer,
      GOOGLE_CLIENT_ID: 'trilha-google',
      GOOGLE_CLIENT_SECRET: 'google-secret',
    });
    clientId = (await createClient(t.database.db)).id;
    await patchLoginConfig(t, { oauth2: { google: true } });
  });
  afterAll(async () => {
    await t.close();
    await op.close();
  });

  /** Button → provider → callback → landing; answers the landing URL. */
  async function signIn(): Promise<URL> {
    const start = await t.app.inject({ method: 'GET', url: '/api/accounts/google/start' });
    expect(start.statusCode).toBe(302);
    const back = await op.authorize(start.headers.location as string);
    const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(callback.statusCode).toBe(302);
    return new URL(callback.headers.location as string);
  }

  it('links the account with the verified e-mail and signs in; later by the provider subject', async () => {
    const user = await createUser(t.database.db, { clientIds: [clientId], email: 'ana.google@example.com' });
    op.state.account = { sub: 'g-ana', email: 'Ana.Google@example.com', email_verified: true };
    const landing = await signIn();
    expect(landing.pathname).toBe('/login-redirect-v2');
    const code = landing.searchParams.get('code')!;
    const tokens = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/google/exchange',
      payload: { code },
    });
    expect(tokens.statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: bearer(tokens.json().access_token),
    });
    expect(session.json().user.id).toBe(user.id);
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/google/exchange',
      payload: { code },
    });
    expect(reuse.json().error.message).toBe(
      'Erro ao efetuar login com o Google, tente novamente mais tarde.',
    );

    op.state.account = { sub: 'g-ana', email: 'changed@example.com', email_verified: false };
    const linked = await signIn();
    expect(linked.searchParams.get('code')).toBeTruthy();
  });

  it('does not link an unverified or unknown e-mail', async () => {
    await createUser(t.database.db, { clientIds: [clientId], email: 'bruno.google@example.com' });
    op.state.account = { sub: 'g-bruno', email: 'bruno.google@example.com', email_verified: false };
    expect((await signIn()).searchParams.get('error')).toBe('ACCOUNTS_GOOGLE_NO_ACCOUNT');
    op.state.account = { sub: 'g-nobody', email: 'nobody@example.com', email_verified: true };
    expect((await signIn()).searchParams.get('error')).toBe('ACCOUNTS_GOOGLE_NO_ACCOUNT');
  });

  it('fails with the Google message on a forged callback, and refuses a blocked account', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/google/callback?code=x&state=forged',
    });
    expect(new URL(forged.headers.location as string).searchParams.get('error')).toBe(
      'ACCOUNTS_GOOGLE_FAILED',
    );

    await createUser(t.database.db, {
      clientIds: [clientId],
      email: 'carla.google@example.com',
      status: 'blocked',
    });
    op.state.account = { sub: 'g-carla', email: 'carla.google@example.com', email_verified: true };
    const code = (await signIn()).searchParams.get('code')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/google/exchange',
      payload: { code },
    });
    expect(res.json().error.code).toBe('AUTH_USER_BLOCKED');
  });

  it('is not offered when the site switches Google off', async () => {
    await patchLoginConfig(t, { oauth2: { google: false } });
    const res = await t.app.inject({ method: 'GET', url: '/api/accounts/google/start' });
    expect(res.statusCode).toBe(404);
    await patchLoginConfig(t, { oauth2: { google: true } });
  });
});
