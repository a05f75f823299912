import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { authSessions, oauthApps, refreshTokens } from '../../db/schema/auth';
import { appSettings } from '../../db/schema/core';
import { userClients, users } from '../../db/schema/users';
import type { SessionType } from './tokens';

export function createAuthRepo(db: DbOrTx) {
  return {
    async findApp(clientId: string) {
      const [row] = await db.select().from(oauthApps).where(eq(oauthApps.clientId, clientId));
      return row;
    },

    async findAppById(id: number) {
      const [row] = await db.select().from(oauthApps).where(eq(oauthApps.id, id));
      return row;
    },

    /** The user's roles in one client, or undefined when the user is no member of it. */
    async rolesIn(userId: number, clientId: number): Promise<string[] | undefined> {
      const [row] = await db
        .select({ roles: userClients.roles })
        .from(userClients)
        .where(and(eq(userClients.userId, userId), eq(userClients.clientId, clientId)));
      return row?.roles;
    },

    async createSession(input: {
      userId: number;
      appId: number;
      kind: SessionType;
      expiresAt: Date;
      ip?: string;
      userAgent?: string;
    }): Promise<string> {
      const id = randomUUID();
      await db.insert(authSessions).values({ id, ...input });
      return id;
    },

    async addRefreshToken(sessionId: string, tokenHash: string) {
      await db.insert(refreshTokens).values({ sessionId, tokenHash });
    },

    /**
     * Spends the token and reads its session in one statement; only one of two concurrent uses wins.
     * Undefined when the token is unknown, already spent, or belongs to another application.
     */
    async spendRefreshTokenWithSession(tokenHash: string, appId: number) {
      const rows = rowsOf<{
        id: string;
        user_id: number;
        kind: string;
        app_id: number;
        expires_at: string | Date;
        revoked_at: string | Date | null;
        user_status: string;
      }>(
        await db.execute(sql`
          with spent as (
            update refresh_tokens set used_at = now()
            where token_hash = ${tokenHash} and used_at is null
              and session_id in (select id from auth_sessions where app_id = ${appId})
            returning session_id)
          select s.id, s.user_id, s.kind, s.app_id, s.expires_at, s.revoked_at, u.status as user_status
          from spent join auth_sessions s on s.id = spent.session_id join users u on u.id = s.user_id`),
      );
      const r = rows[0];
      if (!r) return undefined;
      return {
        id: r.id,
        userId: r.user_id,
        kind: r.kind,
        appId: r.app_id,
        expiresAt: new Date(r.expires_at),
        revokedAt: r.revoked_at ? new Date(r.revoked_at) : null,
        userStatus: r.user_status,
      };
    },

    /** Adds the session's next refresh token and marks the session used, in one statement. */
    async rotateInto(sessionId: string, tokenHash: string) {
      await db.execute(sql`
        with touched as (update auth_sessions set last_used_at = now() where id = ${sessionId})
        insert into refresh_tokens (session_id, token_hash) values (${sessionId}, ${tokenHash})`);
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },

    async findSession(id: string) {
      const [row] = await db
        .select({
          id: authSessions.id,
          userId: authSessions.userId,
          kind: authSessions.kind,
          appId: authSessions.appId,
          expiresAt: authSessions.expiresAt,
          revokedAt: authSessions.revokedAt,
          userStatus: users.status,
        })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(eq(authSessions.id, id));
      return row;
    },

    async revokeSession(id: string, reason: string) {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)));
    },

    /** Revokes every live session of the user; returns their ids so other instances can drop caches. */
    async revokeUserSessions(userId: number, reason: string, exceptSessionId?: string): Promise<string[]> {
      const rows = await db
        .update(authSessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(
          and(
            eq(authSessions.userId, userId),
            isNull(authSessions.revokedAt),
            gt(authSessions.expiresAt, sql`now()`),
            exceptSessionId ? sql`${authSessions.id} <> ${exceptSessionId}` : undefined,
          ),
        )
        .returning({ id: authSessions.id });
      return rows.map((r) => r.id);
    },

    /** Writes the setting once (the first instance wins) and answers the stored value. */
    async settingOrCreate(key: string, value: string) {
      await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
      const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
      return row?.value;
    },

    /** Logins expired, or revoked more than a day ago. */
    async purgeEndedSessions() {
      return db
        .delete(authSessions)
        .where(
          or(
            lt(authSessions.expiresAt, sql`now()`),
            and(isNotNull(authSessions.revokedAt), lt(authSessions.revokedAt, sql`now() - interval '1 day'`)),
          ),
        )
        .returning({ id: authSessions.id });
    },
  };
}
