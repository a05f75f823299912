import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { registerRankingRoutes } from './ranking.routes';
import { createRankingService } from './ranking.service';

/**
 * The ranking (docs/ranking.md): read from the scores a trigger on the ledger's entries keeps, so it
 * needs no other module's service.
 */
export function registerRanking(app: App, deps: CoreDeps) {
  const ranking = createRankingService({
    db: deps.db,
    now: () => new Date(),
    countsTtlMs: deps.config.RANKING_COUNTS_TTL_MS,
  });
  registerRankingRoutes(app, deps, ranking);
  return { ranking };
}

export type RankingModule = ReturnType<typeof registerRanking>;
