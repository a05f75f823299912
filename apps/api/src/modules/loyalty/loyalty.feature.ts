import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { LedgerEarnings } from '../rewards/ports';
import { registerLoyaltyRoutes } from './loyalty.routes';
import { createLoyaltyService } from './loyalty.service';

/**
 * The loyalty program (docs/loyalty.md): countries, retail chains, stores, brands, products, levels and
 * campaigns, and each learner's registrations. What a learner earned in a campaign is read from the
 * ledger (rewards) through its earnings port.
 */
export function registerLoyalty(app: App, deps: CoreDeps & { ledger: LedgerEarnings }) {
  const loyalty = createLoyaltyService({ db: deps.db, now: () => new Date(), earnings: deps.ledger });
  registerLoyaltyRoutes(app, deps, loyalty);
  return { loyalty };
}

export type LoyaltyModule = ReturnType<typeof registerLoyalty>;
