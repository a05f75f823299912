import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { LoyaltySalesPort } from '../loyalty/loyalty.port';
import { registerSalesRoutes } from './sales.routes';
import { createSalesService } from './sales.service';

/**
 * Sale reports of the loyalty program (docs/sales.md). The campaign, the registration, the store and the
 * products' frozen points are read through the loyalty module's sales port.
 */
export function registerSales(app: App, deps: CoreDeps & { loyalty: LoyaltySalesPort }) {
  const sales = createSalesService({
    db: deps.db,
    now: () => new Date(),
    storage: deps.storage,
    loyalty: deps.loyalty,
  });
  registerSalesRoutes(app, deps, sales);
  return { sales };
}

export type SalesModule = ReturnType<typeof registerSales>;
