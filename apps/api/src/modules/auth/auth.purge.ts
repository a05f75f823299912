import type { DbOrTx } from '../../db/client';
import { createAuthRepo } from './auth.repo';
import { createThrottleRepo } from './throttle.repo';

/**
 * Deletes logins that can no longer be used (expired, or revoked more than a day ago: the day keeps a
 * revoked family long enough to answer a replayed token as a reuse) with their refresh tokens, and
 * login-limit counters whose window and lock are long over. Returns how many rows went.
 */
export async function purgeExpiredAuth(db: DbOrTx, windowMinutes: number) {
  const sessions = await createAuthRepo(db).purgeEndedSessions();
  const counters = await createThrottleRepo(db).purgeOld(windowMinutes);
  return { sessions: sessions.length, loginCounters: counters.length };
}
