import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { AppError } from '../../lib/errors';

/**
 * Fixed-window request counters kept in the database (so they hold across instances and restarts). Each
 * call counts one request against every key given and refuses with RATE_LIMITED (429) once any of them
 * is over its limit within the window.
 */
export function createRateLimiter(db: Db, windowSeconds = 3600) {
  const window = `${windowSeconds} seconds`;
  return {
    async hit(keys: { key: string; max: number }[]): Promise<void> {
      for (const { key, max } of keys) {
        const [row] = rowsOf<{ hits: number; window_start: string | Date }>(
          await db.execute(sql`
            insert into accounts_rate_counters (key, hits, window_start) values (${key}, 1, now())
            on conflict (key) do update set
              hits = case when accounts_rate_counters.window_start < now() - ${window}::interval then 1
                          else accounts_rate_counters.hits + 1 end,
              window_start = case when accounts_rate_counters.window_start < now() - ${window}::interval
                                  then now() else accounts_rate_counters.window_start end
            returning hits, window_start`),
        );
        if (row && row.hits > max) {
          const retryAfter = Math.max(
            1,
            Math.ceil((new Date(row.window_start).getTime() + windowSeconds * 1000 - Date.now()) / 1000),
          );
          throw new AppError('RATE_LIMITED', 429, { details: { retryAfter } });
        }
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
