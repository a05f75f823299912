import type { JobQueue } from '../../jobs/job-queue';
import type { NotificationService } from '../notifications/notifications.service';
import type { UserDirectory } from '../users/user-directory';
import type { Reconciliation } from './ledger.reconcile';
import type { LedgerService } from './ledger.service';

declare module '../../jobs/job-queue' {
  interface JobPayloads {
    'rewards.expire-points': Record<string, never>;
    'rewards.reconcile': Record<string, never>;
  }
}

/**
 * The ledgers' scheduled work. Expiry runs hourly: each lot past its expiry is settled in its own
 * transaction, so a run that stops halfway is finished by the next and a second run finds nothing. The
 * reconciliation runs nightly over every account in a few set-based statements.
 * A client whose accounts disagree has its program administrators told (inbox, live bell); the
 * findings are shown at /admin/rewards/reconciliation.
 */
export function defineLedgerJobs(
  jobs: JobQueue,
  deps: {
    ledger: LedgerService;
    reconciliation: Reconciliation;
    notifications: Pick<NotificationService, 'notify'>;
    directory: Pick<UserDirectory, 'holdersOf'>;
    log: { info(obj: unknown, msg?: string): void };
  },
) {
  jobs.define({
    name: 'rewards.expire-points',
    cron: '7 * * * *',
    retryLimit: 3,
    expireInSeconds: 3_000,
    async handler() {
      const expired = await deps.ledger.expireDue(new Date());
      if (expired > 0) deps.log.info({ expired }, 'point lots expired');
    },
  });

  jobs.define({
    name: 'rewards.reconcile',
    cron: '41 2 * * *',
    retryLimit: 2,
    expireInSeconds: 3_000,
    async handler() {
      const run = await deps.reconciliation.runAll();
      deps.log.info(run, 'ledgers reconciled');
      for (const { clientId, differences } of await deps.reconciliation.clientsWithDifferences(run.runId)) {
        for (const userId of await deps.directory.holdersOf(clientId, ['program_admin'])) {
          await deps.notifications.notify({
            userId,
            clientId,
            kind: 'rewards.reconciliation',
            data: { differences },
          });
        }
      }
    },
  });
}
