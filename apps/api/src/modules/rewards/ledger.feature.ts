import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { createLedgerService, type LedgerService } from './ledger.service';

/** The points and XP ledgers: the service every area credits, debits and holds through, its routes and jobs. */
export function registerLedger(_app: App, deps: CoreDeps): LedgerService {
  const ledger = createLedgerService({ db: deps.db });
  return ledger;
}
