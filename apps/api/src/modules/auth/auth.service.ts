import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { rankOf, staffRank } from '@trilha/contracts/staff';
import type { Db } from '../../db/client';
import { whenCommitted } from '../../db/unit-of-work';
import type { PubSub } from '../../lib/pubsub';
import { AppError } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { isBlockedInEveryClient } from '../users/client-blocks';
import { WEB_OAUTH_CLIENT_ID } from '../site/site.routes';
import type { UserDirectory } from '../users/user-directory';
import { createAuthRepo } from './auth.repo';
import { OAuthError } from './oauth-error';
import type { IssuedTokens } from './refresh-cookie';
import type { LoginThrottle } from './throttle';
import { hashToken, newRefreshToken, type SessionType, type TokenKit } from './tokens';

export const SESSION_REVOKED_CHANNEL = 'auth.session-revoked';

// Verifying against a fixed hash when the account does not exist keeps the answer time the same,
// so timing does not reveal which identifiers are registered.
const dummyHashPromise = argonHash('not-a-real-password-but-the-same-cost');

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function tooManyAttempts(seconds: number) {
  return new OAuthError('slow_down', 'Too many failed attempts', 'AUTH_TOO_MANY_ATTEMPTS', {
    retryAfter: seconds,
    params: { minutes: Math.ceil(seconds / 60) },
  });
}

export function hashPassword(password: string): Promise<string> {
  return argonHash(password);
}

export interface AuthServiceDeps {
  db: Db;
  pubsub: PubSub;
  /** The accounts a login names and their memberships, read through the users module. */
  users: Pick<UserDirectory, 'findByLogin' | 'memberships'>;
  tokens: TokenKit;
  throttle: LoginThrottle;
  refreshTtlDays: number;
  /**
   * A refresh token spent this recently and presented again is taken for the same client racing itself
   * (a reload before it stored the new token, two tabs refreshing at once), not for a leak.
   */
  refreshReuseGraceSeconds?: number;
  isMaintenance: (host?: string) => Promise<boolean>;
}

interface RequestMeta {
  ip: string;
  userAgent?: string;
  host?: string;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, tokens } = deps;
  const authRepo = createAuthRepo(db);
  // Whether a session is still live, per session id; revocations are pushed through pub/sub so a
  // revoked or blocked session stops working on every instance at once.
  const liveSessions = new TtlCache<string, boolean>(30_000, 50_000);
  deps.pubsub.subscribe(SESSION_REVOKED_CHANNEL, (msg) => {
    for (const id of (msg as { ids?: string[] }).ids ?? []) liveSessions.delete(id);
  });

  /** Inside a unit of work, once it commits, so a session is not marked live again before it is revoked. */
  async function publishRevoked(ids: string[]) {
    await whenCommitted(async () => {
      ids.forEach((id) => liveSessions.delete(id));
      if (ids.length) await deps.pubsub.publish(SESSION_REVOKED_CHANNEL, { ids });
    });
  }

  // OAuth apps change rarely; a short cache keeps the token endpoint to the queries it needs.
  const apps = new TtlCache<string, Awaited<ReturnType<typeof authRepo.findApp>>>(60_000, 100);
  const findApp = async (clientId: string) => {
    let app = apps.get(clientId);
    if (!app) {
      app = await authRepo.findApp(clientId);
      if (app) apps.set(clientId, app);
    }
    return app;
  };

  async function authenticateApp(authorization: string | undefined) {
    const match = /^Basic\s+(.+)$/i.exec(authorization ?? '');
    if (!match?.[1])
      throw new OAuthError('invalid_client', 'Client authentication failed', 'AUTH_INVALID_CLIENT');
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const sep = decoded.indexOf(':');
    const clientId = decodeURIComponent(sep < 0 ? decoded : decoded.slice(0, sep));
    const secret = sep < 0 ? '' : decodeURIComponent(decoded.slice(sep + 1));
    const app = await findApp(clientId);
    if (!app) throw new OAuthError('invalid_client', 'Client authentication failed', 'AUTH_INVALID_CLIENT');
    if (app.confidential) {
      const ok = app.secretHash ? await argonVerify(app.secretHash, secret).catch(() => false) : false;
      if (!ok) throw new OAuthError('invalid_client', 'Client authentication failed', 'AUTH_INVALID_CLIENT');
    } else if (secret !== '') {
      // A public client has no secret; one that sends a secret is misconfigured, not authenticated.
      throw new OAuthError('invalid_client', 'Client authentication failed', 'AUTH_INVALID_CLIENT');
    }
    return app;
  }

  type OAuthApp = NonNullable<Awaited<ReturnType<typeof findApp>>>;
  /** The web app (a public client) keeps its refresh token in an HttpOnly cookie; every other client in the body. */
  const usesRefreshCookie = (app: OAuthApp) => !app.confidential && app.clientId === WEB_OAUTH_CLIENT_ID;

  async function issue(
    userId: number,
    app: OAuthApp,
    kind: SessionType,
    meta: RequestMeta,
    sessionId?: string,
  ): Promise<IssuedTokens> {
    const appId = app.id;
    const refresh = newRefreshToken();
    let sid = sessionId;
    if (!sid) {
      sid = await authRepo.createSession({
        userId,
        appId,
        kind,
        expiresAt: new Date(Date.now() + deps.refreshTtlDays * 86_400_000),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300),
      });
      await authRepo.addRefreshToken(sid, refresh.hash);
    } else {
      await authRepo.rotateInto(sid, refresh.hash);
    }
    liveSessions.set(sid, true);
    return {
      tokens: {
        access_token: tokens.signAccess(userId, sid, kind),
        token_type: 'Bearer',
        expires_in: tokens.accessTtlSeconds,
        refresh_token: refresh.token,
        user_firebase_token: tokens.signRealtime(userId, sid),
        session_type: kind,
      },
      refreshCookie: usesRefreshCookie(app),
      refreshMaxAge: deps.refreshTtlDays * 86_400,
    };
  }

  /**
   * Whether a partner system (confidential app with the webservice grant) may sign this user in: only
   * members of the partner's own client, and only with learner roles there unless the partner is
   * allowed staff; never a superuser.
   */
  async function partnerMaySignIn(
    app: { partnerClientId: number | null; partnerMaySignInStaff: boolean },
    user: { id: number; isSuperuser: boolean },
  ): Promise<boolean> {
    if (app.partnerClientId === null || user.isSuperuser) return false;
    const roles = await authRepo.rolesIn(user.id, app.partnerClientId);
    if (!roles) return false;
    return app.partnerMaySignInStaff || rankOf(roles, false) === staffRank.learner;
  }

  return {
    authenticateApp,

    async passwordGrant(
      authorization: string | undefined,
      username: string,
      password: string,
      meta: RequestMeta,
    ): Promise<IssuedTokens> {
      const app = await authenticateApp(authorization);
      if (!app.grants.includes('password')) throw new OAuthError('unauthorized_client', 'Grant not allowed');
      const turn = await deps.throttle.addressTurn(meta.ip);
      if ('retryAfter' in turn) throw tooManyAttempts(turn.retryAfter);
      if (turn.waitMs > 0) await sleep(turn.waitMs);
      // Every spelling of a document (dots, dashes, blanks, underscores) finds the same account, for the
      // login and for its lock.
      const user = await deps.users.findByLogin(username);
      const accountKey = deps.throttle.accountKey(user?.id, username);
      const wait = await deps.throttle.lockedFor(accountKey);
      if (wait > 0) throw tooManyAttempts(wait);
      let ok = false;
      if (user?.passwordHash) ok = await argonVerify(user.passwordHash, password).catch(() => false);
      else await argonVerify(await dummyHashPromise, password).catch(() => false);
      // A blocked account gets the same answer whether the password was right or wrong, and its counter
      // is left alone, so neither the answer nor a later lock tells a guesser which password was right.
      // Blocked in every client one by one is blocked too (a block in some clients leaves the others).
      // A superuser belongs to no client in particular, so their memberships decide nothing.
      const memberships = user && !user.isSuperuser ? await deps.users.memberships(user.id) : undefined;
      if (user && (user.status === 'blocked' || (memberships && isBlockedInEveryClient(memberships))))
        throw new OAuthError('invalid_grant', 'User blocked', 'AUTH_USER_BLOCKED');
      if (!user || !ok) {
        await deps.throttle.recordFailure(meta.ip, accountKey);
        throw new OAuthError('invalid_grant', 'Invalid credentials', 'AUTH_INVALID_CREDENTIALS');
      }
      await deps.throttle.recordSuccess(accountKey);
      if (!user.isSuperuser && (await deps.isMaintenance(meta.host))) {
        throw new OAuthError('invalid_grant', 'Under maintenance', 'AUTH_MAINTENANCE');
      }
      if (user.status === 'awaiting_approval')
        throw new OAuthError('invalid_grant', 'Awaiting approval', 'AUTH_AWAITING_APPROVAL');
      if (memberships?.total === 0) {
        throw new OAuthError('invalid_grant', 'No profile', 'AUTH_NO_PROFILE');
      }
      return issue(user.id, app, 'password', meta);
    },

    /** `fromCookie`: the token came from the web app's cookie, which no other client may use. */
    async refreshGrant(
      authorization: string | undefined,
      refreshToken: string,
      meta: RequestMeta,
      fromCookie = false,
    ): Promise<IssuedTokens> {
      const app = await authenticateApp(authorization);
      if (fromCookie && !usesRefreshCookie(app)) {
        throw new OAuthError('invalid_request', 'refresh_token is required');
      }
      const tokenHash = hashToken(refreshToken);
      const session = await authRepo.spendRefreshTokenWithSession(tokenHash, app.id);
      if (!session) {
        const spent = await authRepo.findRefreshToken(tokenHash);
        const family = spent && (await authRepo.findSession(spent.sessionId));
        // A token of another application is refused without being spent, so its owner is not harmed.
        if (spent && family?.appId !== app.id) {
          throw new OAuthError('invalid_grant', 'Invalid refresh token', 'AUTH_INVALID_REFRESH');
        }
        const graceMs = (deps.refreshReuseGraceSeconds ?? 0) * 1000;
        if (spent?.usedAt && Date.now() - spent.usedAt.getTime() <= graceMs) {
          if (
            family &&
            !family.revokedAt &&
            family.expiresAt >= new Date() &&
            family.userStatus !== 'blocked'
          )
            return issue(family.userId, app, family.kind as SessionType, meta, family.id);
        }
        if (spent) {
          // A spent token presented again means it leaked: end the whole family.
          await authRepo.revokeSession(spent.sessionId, 'refresh_token_reuse');
          await publishRevoked([spent.sessionId]);
        }
        throw new OAuthError('invalid_grant', 'Invalid refresh token', 'AUTH_INVALID_REFRESH');
      }
      const sessionId = session.id;
      if (session.revokedAt || session.expiresAt < new Date()) {
        throw new OAuthError('invalid_grant', 'Session ended', 'AUTH_INVALID_REFRESH');
      }
      if (session.userStatus === 'blocked') {
        await authRepo.revokeSession(sessionId, 'blocked');
        await publishRevoked([sessionId]);
        throw new OAuthError('invalid_grant', 'User blocked', 'AUTH_USER_BLOCKED');
      }
      return issue(session.userId, app, session.kind as SessionType, meta, sessionId);
    },

    /** Fresh tokens for an authenticated session (accounts/reload_user_tokens/). */
    async reloadTokens(userId: number, sessionId: string, kind: SessionType, meta: RequestMeta) {
      const session = await authRepo.findSession(sessionId);
      if (!session || session.revokedAt) throw new AppError('UNAUTHENTICATED', 401);
      const app = await authRepo.findAppById(session.appId);
      if (!app) throw new AppError('UNAUTHENTICATED', 401);
      return issue(userId, app, kind, meta, sessionId);
    },

    partnerMaySignIn,

    /** `partnerMaySignIn` for the partner app with this OAuth client id (false when it is gone). */
    async partnerMaySignInByClientId(
      appClientId: string,
      user: { id: number; isSuperuser: boolean },
    ): Promise<boolean> {
      const app = await findApp(appClientId);
      return Boolean(app && (await partnerMaySignIn(app, user)));
    },

    /** Starts a session of the given type for a user already authenticated by other means (webservice, OIDC). */
    async startSession(userId: number, appClientId: string, kind: SessionType, meta: RequestMeta) {
      const app = await findApp(appClientId);
      if (!app) throw new Error(`unknown oauth app ${appClientId}`);
      return issue(userId, app, kind, meta);
    },

    async logout(sessionId: string) {
      await authRepo.revokeSession(sessionId, 'logout');
      await publishRevoked([sessionId]);
    },

    /** Ends every session of a user at once (blocked, password changed, deleted). */
    async revokeAllSessions(userId: number, reason: string, exceptSessionId?: string) {
      const ids = await authRepo.revokeUserSessions(userId, reason, exceptSessionId);
      await publishRevoked(ids);
      return ids.length;
    },

    /** True when the session behind an access token is still live (not revoked, expired or blocked). */
    async isSessionLive(sessionId: string): Promise<boolean> {
      const cached = liveSessions.get(sessionId);
      if (cached !== undefined) return cached;
      const s = await authRepo.findSession(sessionId);
      const live = Boolean(s && !s.revokedAt && s.expiresAt > new Date() && s.userStatus !== 'blocked');
      liveSessions.set(sessionId, live);
      return live;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
