import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authSessions, authThrottle } from '../../db/schema/auth';

/**
 * Deletes logins that can no longer be used (expired, or revoked more than a day ago: the day keeps a
 * revoked family long enough to answer a replayed token as a reuse) with their refresh tokens, and
 * login-limit counters whose window and lock are long over. Returns how many rows went.
 */
export async function purgeExpiredAuth(db: DbOrTx, windowMinutes: number) {
  const sessions = await db
    .delete(authSessions)
    .where(
      or(
        lt(authSessions.expiresAt, sql`now()`),
        and(isNotNull(authSessions.revokedAt), lt(authSessions.revokedAt, sql`now() - interval '1 day'`)),
      ),
    )
    .returning({ id: authSessions.id });
  const counters = await db
    .delete(authThrottle)
    .where(
      and(
        lt(authThrottle.windowStart, sql`now() - make_interval(mins => ${windowMinutes * 2})`),
        or(sql`${authThrottle.lockedUntil} is null`, lt(authThrottle.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ key: authThrottle.key });
  return { sessions: sessions.length, loginCounters: counters.length };
}
