import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { LoyaltySalesPort } from '../loyalty/loyalty.port';
import type { LedgerService } from '../rewards/ledger.service';
import { createSalesAudit, type SalesAuditDeps } from './sales.audit';
import { registerSalesAuditRoutes } from './sales.audit.routes';
import { registerSalesRoutes } from './sales.routes';
import { createSalesService } from './sales.service';

/**
 * Sale reports of the loyalty program and their audit (docs/sales.md). The campaign, the registration, the
 * store and the products' frozen points are read through the loyalty module's sales port, the member's
 * level through the loyalty service; approved sales are credited through the rewards module's ledger.
 */
export function registerSales(
  app: App,
  deps: CoreDeps & {
    loyalty: LoyaltySalesPort;
    levels: SalesAuditDeps['levels'];
    ledger: Pick<LedgerService, 'credit' | 'debit' | 'moveXp' | 'balance'>;
  },
) {
  const sales = createSalesService({
    db: deps.db,
    now: () => new Date(),
    storage: deps.storage,
    loyalty: deps.loyalty,
  });
  registerSalesRoutes(app, deps, sales);
  const audit = createSalesAudit({
    db: deps.db,
    now: () => new Date(),
    loyalty: deps.loyalty,
    levels: deps.levels,
    ledger: deps.ledger,
    notifications: deps.services.notifications,
  });
  registerSalesAuditRoutes(app, deps, audit);
  return { sales, audit };
}

export type SalesModule = ReturnType<typeof registerSales>;
