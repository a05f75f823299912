import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { authThrottle } from '../../db/schema/auth';

/**
 * Failed-login counters (`auth_throttle`): sign-in machinery kept before any client is known, so no
 * statement here takes a client.
 */
export function createThrottleRepo(db: DbOrTx) {
  return {
    /**
     * Counts one failure in one statement: restarts the window when `restart` holds, counts, and sets
     * the lock as `lockedUntil` says.
     */
    async countFailure(key: string, restart: SQL, lockedUntil: SQL) {
      await db.execute(sql`
      insert into auth_throttle (key, failures, window_start)
      values (${key}, 1, now())
      on conflict (key) do update set
        failures = case when ${restart} then 1 else auth_throttle.failures + 1 end,
        window_start = case when ${restart} then now() else auth_throttle.window_start end,
        locked_until = ${lockedUntil}
    `);
    },

    async find(key: string) {
      const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key));
      return row;
    },

    async isHot(key: string, hot: SQL) {
      return (
        rowsOf(await db.execute(sql`select 1 from auth_throttle where key = ${key} and ${hot}`)).length > 0
      );
    },

    /** Moves the lock of a hot key one step further unless it would reach past `maxWaitSeconds`. */
    async takeTurn(key: string, hot: SQL, step: SQL, maxWaitSeconds: number) {
      const taken = rowsOf<{ wait_ms: number | string }>(
        await db.execute(sql`
          update auth_throttle
          set locked_until = greatest(coalesce(auth_throttle.locked_until, now()), now())
                             + make_interval(secs => ${step} / 1000)
          where key = ${key} and ${hot}
            and coalesce(auth_throttle.locked_until, now()) <= now() + make_interval(secs => ${maxWaitSeconds})
          returning extract(epoch from (auth_throttle.locked_until - now())) * 1000 - ${step} as wait_ms`),
      );
      return taken[0];
    },

    async remove(key: string) {
      await db.delete(authThrottle).where(eq(authThrottle.key, key));
    },

    async purgeOld(windowMinutes: number) {
      return db
        .delete(authThrottle)
        .where(
          and(
            lt(authThrottle.windowStart, sql`now() - make_interval(mins => ${windowMinutes * 2})`),
            or(sql`${authThrottle.lockedUntil} is null`, lt(authThrottle.lockedUntil, sql`now()`)),
          ),
        )
        .returning({ key: authThrottle.key });
    },
  };
}
