import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { LearningModule } from '../learning/learning.feature';
import type { LedgerPort } from '../rewards/ports';
import { createGameImages } from './game-images';
import { registerGameImageRoutes } from './game-images.routes';
import { registerGameRoutes } from './games.routes';
import { createGamesService } from './games.service';

/**
 * Games (docs/games.md): the eight kinds as activities of courses. Attempts record the learner's moves,
 * which the server replays against the solution (packages/domain/src/games); a win finishes the
 * activity through learning's progress (its awards run once) and credits the game's own points and XP once.
 * Authors upload the games' pictures here too, served by the media route as `game-images`.
 */
export function registerGames(app: App, deps: CoreDeps & { learning: LearningModule; ledger: LedgerPort }) {
  const games = createGamesService({ db: deps.db, learning: deps.learning, ledger: deps.ledger });
  registerGameRoutes(app, deps, { games, viewers: deps.learning.viewers });
  const images = createGameImages(deps.storage);
  registerGameImageRoutes(app, deps, images);
  return { games, images };
}
