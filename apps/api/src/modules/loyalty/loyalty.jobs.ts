import type { JobQueue } from '../../jobs/job-queue';
import type { LevelsService } from './loyalty-levels.service';

declare module '../../jobs/job-queue' {
  interface JobPayloads {
    'loyalty.close-campaigns': Record<string, never>;
  }
}

/**
 * The campaign close (docs/loyalty.md, "Campaign close"), hourly: every campaign whose end has passed and
 * whose close has not finished. Each member is settled in its own transaction and the close is marked
 * finished last, so a run that stops halfway is finished by the next and a second run finds nothing.
 */
export function defineLoyaltyJobs(
  jobs: JobQueue,
  deps: { levels: LevelsService; log: { info(obj: unknown, msg?: string): void } },
) {
  jobs.define({
    name: 'loyalty.close-campaigns',
    cron: '13 * * * *',
    retryLimit: 3,
    expireInSeconds: 3_000,
    async handler() {
      const closed = await deps.levels.closeDue(new Date());
      if (closed > 0) deps.log.info({ closed }, 'loyalty campaigns closed');
    },
  });
}
