import type { GameKind, GameMoveFeedback, GameMoveOf, GameViewOf } from '@trilha/contracts/learning/games';

/**
 * What every game's board takes: the learner's view (no solution in it) and `onMove`, which sends one
 * move and resolves with the server's feedback on it (the board may show a move at once, and takes it
 * back if the server says it was wrong). It rejects when the move could not be sent: the board undoes it.
 * The game ends when the server says so; the moves are then submitted and the result screen replaces the
 * board.
 */
export interface GamePlayerProps<K extends GameKind> {
  view: GameViewOf<K>;
  onMove: (move: GameMoveOf<K>) => Promise<GameMoveFeedback>;
}
