import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { documentLookupKey } from '@trilha/domain/document';
import type { LoginConfig } from '@trilha/contracts/site';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isBlockedInEveryClient, membershipsOf } from '../users/client-blocks';
import type { AuthService } from '../auth/auth.service';
import type { IssuedTokens } from '../auth/refresh-cookie';
import { createAccountsRepo, type UserRow } from './accounts.repo';
import { tokenHash } from './links';

const WEB_APP = 'trilha-web';
const GOOGLE = 'google';
/** Minutes an OpenID Connect login may take from the button to the exchange of its result. */
const OIDC_LOGIN_MINUTES = 10;

export interface SigninDeps {
  db: Db;
  auth: AuthService;
  siteFor: (host: string | undefined) => Promise<LoginConfig>;
  publicUrl: string;
  webserviceTtlSeconds: number;
  google: { issuer: string; clientId?: string; clientSecret?: string };
  log: (msg: string, err: unknown) => void;
}

interface Meta {
  ip: string;
  userAgent?: string;
  host?: string;
}

/**
 * Sign-in without a password: one-time webservice tokens issued to partner systems, and Google sign-in
 * as OpenID Connect (authorization code with PKCE, state and nonce) against a configurable issuer.
 */
export function createSigninService(deps: SigninDeps) {
  const { db } = deps;
  const repo = createAccountsRepo(db);
  const base = deps.publicUrl.replace(/\/+$/, '');
  const redirectUri = `${base}/api/accounts/google/callback`;

  /** The same account checks as the password login: maintenance, blocked, awaiting approval, no profile. */
  async function assertMaySignIn(user: UserRow, host: string | undefined) {
    if (!user.isSuperuser && (await deps.siteFor(host)).maintenance) {
      throw new AppError('AUTH_MAINTENANCE', 403);
    }
    const memberships = user.isSuperuser ? undefined : await membershipsOf(db, user.id);
    if (user.status === 'blocked' || (memberships && isBlockedInEveryClient(memberships))) {
      throw new AppError('AUTH_USER_BLOCKED', 403);
    }
    if (user.status === 'awaiting_approval') throw new AppError('AUTH_AWAITING_APPROVAL', 403);
    if (memberships?.total === 0) throw new AppError('AUTH_NO_PROFILE', 403);
  }

  async function findByLogin(identifier: string): Promise<UserRow | undefined> {
    const text = identifier.trim().toLowerCase();
    const documentKey = documentLookupKey(text);
    return repo.userByLogin(text, documentKey);
  }

  let discovered: Promise<oidc.Configuration> | null = null;
  function googleConfig(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = deps.google;
    if (!clientId) return Promise.reject(new Error('GOOGLE_CLIENT_ID is not set'));
    discovered ??= oidc
      .discovery(
        new URL(issuer),
        clientId,
        undefined,
        clientSecret ? oidc.ClientSecretPost(clientSecret) : oidc.None(),
        issuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        discovered = null;
        throw err;
      });
    return discovered;
  }

  return {
    /**
     * A one-time login link for a user of a partner system. The caller authenticates as a confidential
     * OAuth app allowed the 'webservice' grant (HTTP Basic).
     */
    async issueWebserviceToken(
      authorization: string | undefined,
      input: { user: string; module?: string; id?: string },
    ) {
      let app;
      try {
        app = await deps.auth.authenticateApp(authorization);
      } catch {
        throw new AppError('AUTH_INVALID_CLIENT', 401);
      }
      if (!app.confidential || !app.grants.includes('webservice')) throw new AppError('FORBIDDEN', 403);
      const user = await findByLogin(input.user);
      // Users the partner may not sign in answer like unknown ones, so a partner learns nothing of them.
      if (!user || !(await deps.auth.partnerMaySignIn(app, user))) throw new AppError('NOT_FOUND', 404);
      const token = randomBytes(32).toString('base64url');
      await repo.insertWebserviceToken({
        tokenHash: tokenHash(token),
        userId: user.id,
        appClientId: app.clientId,
        module: input.module ?? null,
        moduleId: input.id ?? null,
        expiresAt: new Date(Date.now() + deps.webserviceTtlSeconds * 1000),
      });
      const query = new URLSearchParams();
      if (input.module) query.set('module', input.module);
      if (input.module && input.id) query.set('id', input.id);
      const q = query.toString();
      return {
        token,
        url: `${base}/webservice-login/${token}${q ? `?${q}` : ''}`,
        expiresIn: deps.webserviceTtlSeconds,
      };
    },

    /** Spends a webservice token (once, before it expires) for a session of type 'webservice'. */
    async webserviceLogin(token: string, meta: Meta): Promise<IssuedTokens> {
      const spent = await repo.spendWebserviceToken(tokenHash(token));
      if (!spent) throw new AppError('ACCOUNTS_WEBSERVICE_TOKEN_INVALID', 400);
      const user = await repo.userById(spent.userId);
      // Checked again at the exchange: the user may have become staff or left the partner's client since.
      if (!user || !(await deps.auth.partnerMaySignInByClientId(spent.appClientId, user)))
        throw new AppError('ACCOUNTS_WEBSERVICE_TOKEN_INVALID', 400);
      await assertMaySignIn(user, meta.host);
      return deps.auth.startSession(user.id, WEB_APP, 'webservice', meta);
    },

    googleEnabled: () => Boolean(deps.google.clientId),

    /** The provider's authorization URL for a new Google sign-in (state, nonce and PKCE kept server-side). */
    async googleStart(): Promise<string> {
      const config = await googleConfig();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      await repo.insertOidcLogin({ state, nonce, codeVerifier, redirectUri });
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: 'openid email profile',
          response_type: 'code',
          state,
          nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },

    /**
     * Finishes the provider's redirect: checks the answer, links the account by its verified e-mail and
     * answers where to send the browser — the web app's landing with a one-time result code, or with the
     * error code to show.
     */
    async googleCallback(search: string): Promise<string> {
      const landing = `${base}/login-redirect-v2`;
      const params = new URLSearchParams(search);
      const state = params.get('state') ?? '';
      const login = state ? await repo.takeOidcLogin(state, OIDC_LOGIN_MINUTES) : undefined;
      const fail = (code: string) => `${landing}?error=${code}`;
      if (!login) return fail('ACCOUNTS_GOOGLE_FAILED');
      let claims: oidc.IDToken | undefined;
      try {
        const config = await googleConfig();
        const tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri}?${params}`), {
          pkceCodeVerifier: login.codeVerifier,
          expectedState: login.state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (err) {
        deps.log('google sign-in failed', err);
        return fail('ACCOUNTS_GOOGLE_FAILED');
      }
      if (!claims?.sub) return fail('ACCOUNTS_GOOGLE_FAILED');
      const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
      let userId = await repo.identityUserId(GOOGLE, claims.sub);
      if (!userId) {
        // Only an address the provider has verified may link an account.
        if (!email || claims.email_verified !== true) return fail('ACCOUNTS_GOOGLE_NO_ACCOUNT');
        const found = await repo.userIdByEmail(email);
        if (found === undefined) return fail('ACCOUNTS_GOOGLE_NO_ACCOUNT');
        userId = found;
        await repo.linkIdentity({ provider: GOOGLE, subject: claims.sub, userId, email });
      }
      const result = randomBytes(32).toString('base64url');
      await repo.insertOidcLogin({
        state: `result:${tokenHash(result)}`,
        nonce: '',
        codeVerifier: '',
        redirectUri,
        resultHash: tokenHash(result),
        userId,
      });
      return `${landing}?code=${result}`;
    },

    /** Exchanges the one-time result of a Google sign-in for the session tokens. */
    async googleExchange(code: string, meta: Meta): Promise<IssuedTokens> {
      const login = await repo.takeOidcLogin(`result:${tokenHash(code)}`, OIDC_LOGIN_MINUTES);
      if (!login?.userId) throw new AppError('ACCOUNTS_GOOGLE_FAILED', 400);
      const user = await repo.userById(login.userId);
      if (!user) throw new AppError('ACCOUNTS_GOOGLE_FAILED', 400);
      await assertMaySignIn(user, meta.host);
      return deps.auth.startSession(user.id, WEB_APP, 'password', meta);
    },
  };
}

export type SigninService = ReturnType<typeof createSigninService>;
