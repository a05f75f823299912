import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authSessions, oauthApps, refreshTokens } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import type { SessionType } from './tokens';

export function createAuthRepo(db: DbOrTx) {
  return {
    async findApp(clientId: string) {
      const [row] = await db.select().from(oauthApps).where(eq(oauthApps.clientId, clientId));
      return row;
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

    /** Marks the token spent atomically; only one of two concurrent uses wins. */
    async spendRefreshToken(tokenHash: string) {
      const [row] = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
        .returning({ sessionId: refreshTokens.sessionId });
      return row?.sessionId;
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

    async touchSession(id: string) {
      await db.update(authSessions).set({ lastUsedAt: new Date() }).where(eq(authSessions.id, id));
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
  };
}
