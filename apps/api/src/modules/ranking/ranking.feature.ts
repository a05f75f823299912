import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { createLoyaltyCampaignsPort } from '../loyalty/loyalty.port';
import { registerRankingRoutes } from './ranking.routes';
import { createRankingService } from './ranking.service';

/**
 * The ranking (docs/ranking.md): read from the scores a trigger on the ledger's entries keeps; the
 * loyalty program's campaigns are read through its port.
 */
export function registerRanking(app: App, deps: CoreDeps) {
  const ranking = createRankingService({
    db: deps.db,
    now: () => new Date(),
    countsTtlMs: deps.config.RANKING_COUNTS_TTL_MS,
    campaigns: createLoyaltyCampaignsPort(deps.db),
  });
  registerRankingRoutes(app, deps, ranking);
  return { ranking };
}

export type RankingModule = ReturnType<typeof registerRanking>;
