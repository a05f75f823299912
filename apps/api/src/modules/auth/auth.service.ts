import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { TokenResponse } from '@trilha/contracts/auth';
import type { Db } from '../../db/client';
import type { PubSub } from '../../lib/pubsub';
import { AppError } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { createUsersRepo } from '../users/users.repo';
import { createAuthRepo } from './auth.repo';
import { OAuthError } from './oauth-error';
import type { LoginThrottle } from './throttle';
import { hashToken, newRefreshToken, type SessionType, type TokenKit } from './tokens';

export const SESSION_REVOKED_CHANNEL = 'auth.session-revoked';

// Verifying against a fixed hash when the account does not exist keeps the answer time the same,
// so timing does not reveal which identifiers are registered.
const dummyHashPromise = argonHash('not-a-real-password-but-the-same-cost');

export function hashPassword(password: string): Promise<string> {
  return argonHash(password);
}

export interface AuthServiceDeps {
  db: Db;
  pubsub: PubSub;
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
  const usersRepo = createUsersRepo(db);
  // Whether a session is still live, per session id; revocations are pushed through pub/sub so a
  // revoked or blocked session stops working on every instance at once.
  const liveSessions = new TtlCache<string, boolean>(30_000, 50_000);
  deps.pubsub.subscribe(SESSION_REVOKED_CHANNEL, (msg) => {
    for (const id of (msg as { ids?: string[] }).ids ?? []) liveSessions.delete(id);
  });

  async function publishRevoked(ids: string[]) {
    ids.forEach((id) => liveSessions.delete(id));
    if (ids.length) await deps.pubsub.publish(SESSION_REVOKED_CHANNEL, { ids });
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

  async function issue(
    userId: number,
    appId: number,
    kind: SessionType,
    meta: RequestMeta,
    sessionId?: string,
  ): Promise<TokenResponse> {
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
      access_token: tokens.signAccess(userId, sid, kind),
      token_type: 'Bearer',
      expires_in: tokens.accessTtlSeconds,
      refresh_token: refresh.token,
      user_firebase_token: tokens.signRealtime(userId, sid),
      session_type: kind,
    };
  }

  return {
    authenticateApp,

    async passwordGrant(
      authorization: string | undefined,
      username: string,
      password: string,
      meta: RequestMeta,
    ): Promise<TokenResponse> {
      const app = await authenticateApp(authorization);
      if (!app.grants.includes('password')) throw new OAuthError('unauthorized_client', 'Grant not allowed');
      const wait = await deps.throttle.lockedFor(meta.ip, username);
      if (wait > 0) {
        throw new OAuthError('slow_down', 'Too many failed attempts', 'AUTH_TOO_MANY_ATTEMPTS', {
          retryAfter: wait,
          params: { minutes: Math.ceil(wait / 60) },
        });
      }
      const user = await usersRepo.findByLogin(username);
      let ok = false;
      if (user?.passwordHash) ok = await argonVerify(user.passwordHash, password).catch(() => false);
      else await argonVerify(await dummyHashPromise, password).catch(() => false);
      if (!user || !ok) {
        await deps.throttle.recordFailure(meta.ip, username);
        throw new OAuthError('invalid_grant', 'Invalid credentials', 'AUTH_INVALID_CREDENTIALS');
      }
      await deps.throttle.recordSuccess(username);
      if (!user.isSuperuser && (await deps.isMaintenance(meta.host))) {
        throw new OAuthError('invalid_grant', 'Under maintenance', 'AUTH_MAINTENANCE');
      }
      if (user.status === 'blocked')
        throw new OAuthError('invalid_grant', 'User blocked', 'AUTH_USER_BLOCKED');
      if (user.status === 'awaiting_approval')
        throw new OAuthError('invalid_grant', 'Awaiting approval', 'AUTH_AWAITING_APPROVAL');
      if (!user.isSuperuser && (await usersRepo.membershipCount(user.id)) === 0) {
        throw new OAuthError('invalid_grant', 'No profile', 'AUTH_NO_PROFILE');
      }
      return issue(user.id, app.id, 'password', meta);
    },

    async refreshGrant(authorization: string | undefined, refreshToken: string, meta: RequestMeta) {
      const app = await authenticateApp(authorization);
      const tokenHash = hashToken(refreshToken);
      const session = await authRepo.spendRefreshTokenWithSession(tokenHash);
      if (!session) {
        const spent = await authRepo.findRefreshToken(tokenHash);
        const graceMs = (deps.refreshReuseGraceSeconds ?? 0) * 1000;
        if (spent?.usedAt && Date.now() - spent.usedAt.getTime() <= graceMs) {
          const family = await authRepo.findSession(spent.sessionId);
          if (
            family &&
            family.appId === app.id &&
            !family.revokedAt &&
            family.expiresAt >= new Date() &&
            family.userStatus !== 'blocked'
          )
            return issue(family.userId, app.id, family.kind as SessionType, meta, family.id);
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
      return issue(session.userId, app.id, session.kind as SessionType, meta, sessionId);
    },

    /** Fresh tokens for an authenticated session (accounts/reload_user_tokens/). */
    async reloadTokens(userId: number, sessionId: string, kind: SessionType, meta: RequestMeta) {
      const session = await authRepo.findSession(sessionId);
      if (!session || session.revokedAt) throw new AppError('UNAUTHENTICATED', 401);
      return issue(userId, session.appId, kind, meta, sessionId);
    },

    /** Starts a session of the given type for a user already authenticated by other means (webservice, OIDC). */
    async startSession(userId: number, appClientId: string, kind: SessionType, meta: RequestMeta) {
      const app = await authRepo.findApp(appClientId);
      if (!app) throw new Error(`unknown oauth app ${appClientId}`);
      return issue(userId, app.id, kind, meta);
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
