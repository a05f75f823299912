import { render } from '@testing-library/react';
import type { GameKind, GameMoveFeedback, GameMoveOf, GameViewOf } from '@trilha/contracts/learning/games';
import { AppProviders } from '../../../app/providers';
import { useCommonStore } from '../../../lib/session-store';
import { json } from '../../../test/fixtures';
import { mockApi } from '../../../test/render-app';
import GameActivity from '../components/game-activity';

export const ACTIVITY_ID = 42;
const ATTEMPT_ID = 7;

type Judgement = Partial<GameMoveFeedback> & { correct: boolean; done?: number };

export interface FakeGame<K extends GameKind> {
  view: GameViewOf<K>;
  /** Pieces to do to win (done counts one per right move unless `judge` says otherwise). */
  total: number;
  /** The solution of the test's game: the feedback on one move. */
  judge: (move: GameMoveOf<K>) => Judgement;
  /** Seconds from the start to the deadline, when the game has a time limit. */
  deadlineSeconds?: number;
  /** The first submission fails with a server error. */
  failFirstSubmit?: boolean;
}

/**
 * A stand-in for the game routes of the API: it judges each move with the test's own solution, counts
 * errors and pieces done, ends the game past the allowance or when every piece is done, and answers the
 * submission with the result of the moves it was given (so a board that sent the wrong moves loses).
 */
export function fakeGameServer<K extends GameKind>(kind: K, game: FakeGame<K>) {
  const submitted: unknown[][] = [];
  let errors = 0;
  let done = 0;
  let deadlinePassed = false;
  let failSubmit = game.failFirstSubmit ?? false;
  const status = () =>
    errors > game.view.allowedErrors ? 'lost' : done >= game.total ? 'won' : ('playing' as const);

  const judge = (move: GameMoveOf<K>): GameMoveFeedback => {
    const j = game.judge(move);
    const cost = j.errors ?? (j.correct ? 0 : 1);
    errors += cost;
    done += j.done ?? (j.correct ? 1 : 0);
    return { ignored: false, ...j, errors: cost };
  };

  const api = mockApi((url, init) => {
    const base = `/api/learning/activities/${ACTIVITY_ID}/game`;
    const body = () => JSON.parse(String(init?.body ?? '{}')) as { moves: GameMoveOf<K>[] };
    if (url === base && (!init?.method || init.method === 'GET'))
      return json({
        activityId: ACTIVITY_ID,
        kind,
        title: `Jogo ${kind}`,
        view: game.view,
        attempts: 0,
        won: false,
        bestScore: null,
        openAttemptId: null,
      });
    if (url === `${base}/attempts` && init?.method === 'POST') {
      errors = 0;
      done = 0;
      return json({
        attemptId: ATTEMPT_ID,
        seed: 1,
        startedAt: new Date().toISOString(),
        deadline: game.deadlineSeconds
          ? new Date(Date.now() + game.deadlineSeconds * 1000).toISOString()
          : null,
        view: game.view,
      });
    }
    if (url === `${base}/attempts/${ATTEMPT_ID}/moves` && init?.method === 'POST') {
      const feedback = body().moves.map(judge);
      return json({ feedback, state: { status: status(), errors, done, total: game.total } });
    }
    if (url === `${base}/attempts/${ATTEMPT_ID}/submit` && init?.method === 'POST') {
      if (failSubmit) {
        failSubmit = false;
        return json({ error: { code: 'INTERNAL', message: 'Down' } }, 500);
      }
      const moves = body().moves;
      submitted.push(moves);
      // The submission is replayed from zero, as the server does: the moves sent decide.
      errors = 0;
      done = 0;
      moves.forEach(judge);
      if (game.deadlineSeconds) deadlinePassed = true;
      const end = status();
      const won = end === 'won';
      return json({
        attemptId: ATTEMPT_ID,
        result: {
          won,
          reason: won
            ? 'completed'
            : end === 'lost'
              ? 'too_many_errors'
              : deadlinePassed
                ? 'time_up'
                : 'incomplete',
          errors,
          allowedErrors: game.view.allowedErrors,
          score: won ? Math.max(0, 100 - errors * 10) : 0,
          done,
          total: game.total,
        },
        activityFinished: won,
      });
    }
    return undefined;
  });
  return { ...api, submitted };
}

export function renderGame(onFinished?: () => void) {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  return render(
    <AppProviders env="test">
      <GameActivity activityId={ACTIVITY_ID} onFinished={onFinished} />
    </AppProviders>,
  );
}

export const common = {
  allowedErrors: 1,
  timeLimitSeconds: null,
  points: 10,
  xp: 5,
  instructions: '',
};
