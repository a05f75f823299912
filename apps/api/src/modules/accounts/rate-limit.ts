import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createAccountsRepo } from './accounts.repo';

/**
 * Fixed-window request counters kept in the database (so they hold across instances and restarts). Each
 * call counts one request against every key given and refuses with RATE_LIMITED (429) once any of them
 * is over its limit within the window.
 */
export function createRateLimiter(db: Db, windowSeconds = 3600) {
  const window = `${windowSeconds} seconds`;
  const repo = createAccountsRepo(db);
  return {
    async hit(keys: { key: string; max: number }[]): Promise<void> {
      for (const { key, max } of keys) {
        const row = await repo.hitRateCounter(key, window);
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
