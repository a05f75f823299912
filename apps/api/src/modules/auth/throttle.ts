import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authThrottle } from '../../db/schema/auth';

export interface ThrottleLimits {
  maxPerAccount: number;
  maxPerAddress: number;
  windowMinutes: number;
}

/**
 * Failed-login limits per account and per address, kept in the database so they hold across instances
 * and restarts. A key that reaches its limit within the window is locked for one window.
 */
export function createLoginThrottle(db: Db, limits: ThrottleLimits) {
  const keys = (address: string, account: string) => [
    { key: `addr:${address}`, max: limits.maxPerAddress },
    { key: `acct:${account.trim().toLowerCase()}`, max: limits.maxPerAccount },
  ];

  return {
    /** Seconds until the caller may try again, or 0 when not locked. */
    async lockedFor(address: string, account: string): Promise<number> {
      let wait = 0;
      for (const { key } of keys(address, account)) {
        const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key));
        if (row?.lockedUntil) {
          const secs = Math.ceil((row.lockedUntil.getTime() - Date.now()) / 1000);
          wait = Math.max(wait, secs);
        }
      }
      return wait;
    },

    async recordFailure(address: string, account: string): Promise<void> {
      const window = `${limits.windowMinutes} minutes`;
      for (const { key, max } of keys(address, account)) {
        // One statement: restart the window when it has passed, count, and lock on reaching the limit.
        await db.execute(sql`
          insert into auth_throttle (key, failures, window_start)
          values (${key}, 1, now())
          on conflict (key) do update set
            failures = case when auth_throttle.window_start < now() - ${window}::interval then 1
                            else auth_throttle.failures + 1 end,
            window_start = case when auth_throttle.window_start < now() - ${window}::interval then now()
                                else auth_throttle.window_start end,
            locked_until = case
              when (case when auth_throttle.window_start < now() - ${window}::interval then 1
                         else auth_throttle.failures + 1 end) >= ${max}
              then now() + ${window}::interval
              else null end
        `);
      }
    },

    async recordSuccess(account: string): Promise<void> {
      await db.delete(authThrottle).where(eq(authThrottle.key, `acct:${account.trim().toLowerCase()}`));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
