import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { LedgerEarnings } from '../rewards/ports';
import { registerLevelRoutes } from './loyalty-levels.routes';
import { createLevelsService } from './loyalty-levels.service';
import { defineLoyaltyJobs } from './loyalty.jobs';
import type { PendingSalesPort } from './loyalty.port';
import { registerLoyaltyRoutes } from './loyalty.routes';
import { createLoyaltyService } from './loyalty.service';

/**
 * The loyalty program (docs/loyalty.md): countries, retail chains, stores, brands, products, levels and
 * campaigns, and each learner's registrations. What a learner earned in a campaign is read from the
 * ledger (rewards) through its earnings port; the campaign close expires its lots through the ledger's
 * expiry; level-change approvals read the member's sales pending audit through the sales module's port.
 */
export function registerLoyalty(
  app: App,
  deps: CoreDeps & {
    ledger: LedgerEarnings & { expireDue(now?: Date): Promise<number> };
    pendingSales: PendingSalesPort;
  },
) {
  const now = () => new Date();
  const loyalty = createLoyaltyService({ db: deps.db, now, earnings: deps.ledger });
  const levels = createLevelsService({
    db: deps.db,
    now,
    earnings: deps.ledger,
    expiry: deps.ledger,
    pendingSales: deps.pendingSales,
    notifications: deps.services.notifications,
  });
  registerLoyaltyRoutes(app, deps, loyalty);
  registerLevelRoutes(app, deps, levels);
  defineLoyaltyJobs(deps.jobs, { levels, log: app.log });
  return { loyalty, levels };
}

export type LoyaltyModule = ReturnType<typeof registerLoyalty>;
