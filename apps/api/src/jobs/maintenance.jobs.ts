import type { Config } from '../config';
import type { Db } from '../db/client';
import { unitOfWork } from '../db/unit-of-work';
import { purgeExpiredAccounts } from '../modules/accounts/accounts.purge';
import { purgeExpiredAuth } from '../modules/auth/auth.purge';
import { purgeExpiredIdempotencyKeys } from '../plugins/idempotency';
import type { JobQueue } from './job-queue';

declare module './job-queue' {
  interface JobPayloads {
    /** Nightly: removes expired logins, codes, spent links, partner tokens, old request counters and idempotency keys. */
    'maintenance.purge-expired': Record<string, never>;
  }
}

export const PURGE_CRON = '17 3 * * *';

/** The platform's own housekeeping jobs. */
export function defineMaintenanceJobs(
  jobs: JobQueue,
  deps: { db: Db; config: Config; log: { info(obj: unknown, msg?: string): void } },
) {
  jobs.define({
    name: 'maintenance.purge-expired',
    cron: PURGE_CRON,
    retryLimit: 3,
    async handler() {
      const removed = await unitOfWork(deps.db).run(async (tx) => ({
        ...(await purgeExpiredAuth(tx, deps.config.LOGIN_WINDOW_MINUTES)),
        ...(await purgeExpiredAccounts(tx, { passwordLinkTtlHours: deps.config.PASSWORD_LINK_TTL_HOURS })),
        idempotencyKeys: await purgeExpiredIdempotencyKeys(tx),
      }));
      deps.log.info({ removed }, 'expired rows purged');
    },
  });
}
