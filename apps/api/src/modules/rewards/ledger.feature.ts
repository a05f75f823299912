import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { createLedgerAdmin } from './ledger.admin';
import { defineLedgerJobs } from './ledger.jobs';
import { createLedgerReads } from './ledger.reads';
import { createReconciliation, type Reconciliation } from './ledger.reconcile';
import { registerLedgerRoutes } from './ledger.routes';
import { createLedgerService, type LedgerService } from './ledger.service';

export type LedgerModule = LedgerService & { reconciliation: Reconciliation };

/** The points and XP ledgers: the service every area credits, debits and holds through, its routes and jobs. */
export function registerLedger(app: App, deps: CoreDeps): LedgerModule {
  const ledger = createLedgerService({ db: deps.db });
  const reconciliation = createReconciliation({ db: deps.db });
  const reads = createLedgerReads({ db: deps.db });
  const admin = createLedgerAdmin({ db: deps.db, ledger, notifications: deps.services.notifications });
  registerLedgerRoutes(app, deps, { reads, admin, reconciliation });
  defineLedgerJobs(deps.jobs, {
    ledger,
    reconciliation,
    notifications: deps.services.notifications,
    directory: deps.services.directory,
    log: app.log,
  });
  return { ...ledger, reconciliation };
}
