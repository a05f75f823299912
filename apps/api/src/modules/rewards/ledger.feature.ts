import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { BadgesService } from './badges.service';
import { createLedgerAdmin } from './ledger.admin';
import { defineLedgerJobs } from './ledger.jobs';
import { createLedgerReads } from './ledger.reads';
import { createReconciliation, type Reconciliation } from './ledger.reconcile';
import { registerLedgerRoutes } from './ledger.routes';
import { createLedgerService, type LedgerService } from './ledger.service';

export type LedgerModule = LedgerService & { reconciliation: Reconciliation };

/** The points and XP ledgers: the service every area credits, debits and holds through, and its jobs. */
export function registerLedger(app: App, deps: CoreDeps): LedgerModule {
  const ledger = createLedgerService({ db: deps.db });
  const reconciliation = createReconciliation({ db: deps.db });
  defineLedgerJobs(deps.jobs, {
    ledger,
    reconciliation,
    notifications: deps.services.notifications,
    directory: deps.services.directory,
    log: app.log,
  });
  return { ...ledger, reconciliation };
}

/**
 * The ledgers' routes: the learner's reads and the back office's accounts, adjustments and
 * reconciliation. Registered once the badges exist, since an adjustment up checks the threshold badges.
 */
export function registerLedgerRoutesAndAdmin(
  app: App,
  deps: CoreDeps & { ledger: LedgerModule; badges: Pick<BadgesService, 'grantThresholds'> },
) {
  const reads = createLedgerReads({ db: deps.db });
  const admin = createLedgerAdmin({
    db: deps.db,
    ledger: deps.ledger,
    notifications: deps.services.notifications,
    badges: deps.badges,
  });
  registerLedgerRoutes(app, deps, { reads, admin, reconciliation: deps.ledger.reconciliation });
}
