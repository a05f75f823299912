import { randomInt } from 'node:crypto';
import {
  type GameAttemptStarted,
  type GameDefinition,
  type GameInfo,
  type GameKind,
  type GameMovesResponse,
  type GameResult,
  type GameSubmitted,
  type GameView,
  gameDefinition,
  gameLimits,
  gameMoveByKind,
  isGameKind,
} from '@trilha/contracts/learning';
import {
  GameMoveError,
  type GameOf,
  type GameReplay,
  gameOutcome,
  gameViewOf,
  replayGame,
} from '@trilha/domain/games/games';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError, notFound } from '../../lib/errors';
import type { LearningModule } from '../learning/learning.feature';
import { lockErrorCode } from '../learning/locks';
import type { Viewer } from '../learning/viewer';
import type { LedgerPort } from '../rewards/ports';
import { createGamesRepo, type GameAttemptRow } from './games.repo';

/** Seconds after the deadline a submit still counts as in time (the network's delay). */
export const DEADLINE_GRACE_SECONDS = 5;

/** The view the GET shows before any attempt (its order is the attempt's seed's, not this one). */
const PREVIEW_SEED = 1;

const invalidMoves = (details?: unknown) =>
  new AppError('GAME_INVALID_MOVES', 400, details ? { details } : {});

/** Each move checked against its kind's schema (GAME_INVALID_MOVES with the first bad one's index). */
function parseMoves(kind: GameKind, moves: readonly unknown[]): unknown[] {
  const schema = gameMoveByKind[kind];
  return moves.map((move, index) => {
    const parsed = schema.safeParse(move);
    if (!parsed.success) throw invalidMoves([{ path: `moves.${index}` }]);
    return parsed.data;
  });
}

function replay(game: GameDefinition, seed: number, moves: readonly unknown[]): GameReplay {
  try {
    return replayGame(game as GameOf, seed, moves);
  } catch (e) {
    if (e instanceof GameMoveError) throw invalidMoves([{ path: `moves.${e.index}`, reason: e.why }]);
    throw e;
  }
}

/** A move as text with its keys sorted: recorded moves come back from jsonb with its own key order. */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v !== null && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);
const sameMove = (a: unknown, b: unknown) => canonical(a) === canonical(b);

export function createGamesService(deps: { db: Db; learning: LearningModule; ledger: LedgerPort }) {
  const { db, learning, ledger } = deps;
  const repo = createGamesRepo(db);

  /** The game of an activity of the client (404 elsewhere; 400 not a game; 409 settings incomplete). */
  async function gameOf(clientId: number, activityId: number) {
    const a = await repo.activity(clientId, activityId);
    if (!a) throw notFound();
    if (!isGameKind(a.kind)) throw new AppError('GAME_NOT_A_GAME', 400);
    const parsed = gameDefinition.safeParse({ kind: a.kind, settings: a.settings });
    if (!parsed.success) throw new AppError('LEARNING_ACTIVITY_NOT_READY', 409);
    return { activity: a, game: parsed.data };
  }

  /** The game as the learner may open it: visible to them (404) and unlocked (403 with the reason). */
  async function openGame(v: Viewer, activityId: number, trailId?: number) {
    const found = await gameOf(v.clientId, activityId);
    const ctx = await learning.contexts.load(v, found.activity.course_id, trailId);
    const activity = ctx.activities.find((x) => x.id === activityId);
    if (!activity) throw notFound();
    if (activity.lock.locked)
      throw new AppError(lockErrorCode[activity.lock.reason as keyof typeof lockErrorCode], 403);
    return found;
  }

  async function ownAttempt(v: Viewer, activityId: number, attemptId: number, forUpdate: boolean) {
    const row = await repo.attempt(v.clientId, attemptId, { userId: v.userId, activityId, forUpdate });
    if (!row) throw notFound();
    return row;
  }

  const viewOf = (game: GameDefinition, seed: number) => gameViewOf(game as GameOf, seed) as GameView;
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  const late = (row: GameAttemptRow) =>
    row.past_deadline !== null && row.past_deadline > DEADLINE_GRACE_SECONDS;

  /**
   * The result of an attempt left open when a new one starts: lost, with its recorded moves' errors. If
   * the author changed the game since, the moves may no longer replay: lost, with the errors recorded.
   */
  function abandoned(game: GameDefinition, open: GameAttemptRow): GameResult {
    try {
      const r = replayGame(game as GameOf, open.seed, open.moves);
      // Not submitted: never a win, even if its moves had done every piece.
      const reason = r.status === 'lost' ? 'too_many_errors' : late(open) ? 'time_up' : 'incomplete';
      return { ...gameOutcome(game as GameOf, r, late(open)), won: false, reason, score: 0 };
    } catch {
      return {
        won: false,
        reason: 'incomplete',
        errors: open.errors,
        allowedErrors: game.settings.allowedErrors,
        score: 0,
        done: 0,
        total: 0,
      };
    }
  }

  /** GET …/game */
  async function info(v: Viewer, activityId: number, trailId?: number): Promise<GameInfo> {
    const { activity, game } = await openGame(v, activityId, trailId);
    const summary = await repo.summary(v.clientId, v.userId, activityId);
    return {
      activityId,
      kind: game.kind,
      title: activity.title,
      view: viewOf(game, PREVIEW_SEED),
      ...summary,
    };
  }

  /** POST …/game/attempts: a new attempt with its own seed; an open one is closed as lost (incomplete). */
  async function start(v: Viewer, activityId: number, trailId?: number): Promise<GameAttemptStarted> {
    const { activity, game } = await openGame(v, activityId, trailId);
    const seed = randomInt(1, 2_147_483_647);
    try {
      const row = await unitOfWork(db).run(async () => {
        await repo.abandonOpen(v.clientId, v.userId, activityId, (open) => abandoned(game, open));
        return repo.insert({
          clientId: v.clientId,
          userId: v.userId,
          activityId,
          courseId: activity.course_id,
          trailId: trailId ?? null,
          seed,
          timeLimitSeconds: game.settings.timeLimitSeconds,
        });
      });
      return {
        attemptId: row.id,
        seed,
        startedAt: iso(row.started_at)!,
        deadline: iso(row.deadline_at),
        view: viewOf(game, seed),
      };
    } catch (e) {
      // Two starts at once: the second meets the first's open attempt (one open attempt per game).
      if (
        (e as { code?: string }).code === '23505' ||
        (e as { cause?: { code?: string } }).cause?.code === '23505'
      )
        throw new AppError('GAME_ATTEMPT_CONFLICT', 409);
      throw e;
    }
  }

  /** POST …/moves: checks new moves in turn, records them, and answers each one's feedback. */
  async function move(
    v: Viewer,
    activityId: number,
    attemptId: number,
    moves: unknown[],
  ): Promise<GameMovesResponse> {
    const { game } = await gameOf(v.clientId, activityId);
    const parsed = parseMoves(game.kind, moves);
    return unitOfWork(db).run(async () => {
      const row = await ownAttempt(v, activityId, attemptId, true);
      if (row.status !== 'in_progress') throw new AppError('GAME_ATTEMPT_CLOSED', 409);
      if (late(row)) throw new AppError('GAME_TIME_UP', 409);
      const all = [...row.moves, ...parsed];
      if (all.length > gameLimits.moves) throw new AppError('GAME_TOO_MANY_MOVES', 400);
      const r = replay(game, row.seed, all);
      await repo.saveMoves(v.clientId, row.id, all, r.errors);
      return {
        feedback: r.steps.slice(row.moves.length),
        state: { status: r.status, errors: r.errors, done: r.done, total: r.total },
      };
    });
  }

  /**
   * POST …/submit: replays the moves against the solution and closes the attempt, once: a repeated (or
   * parallel) submit answers the stored result. The moves must begin with those already recorded; after
   * the deadline only the recorded ones count. A win finishes the activity and credits the game's award
   * once per learner.
   */
  async function submit(
    v: Viewer,
    activityId: number,
    attemptId: number,
    moves: unknown[],
  ): Promise<GameSubmitted> {
    const { activity, game } = await gameOf(v.clientId, activityId);
    if (moves.length > gameLimits.moves) throw new AppError('GAME_TOO_MANY_MOVES', 400);
    const parsed = parseMoves(game.kind, moves);
    return unitOfWork(db).run(async () => {
      const row = await ownAttempt(v, activityId, attemptId, true);
      const trailId = row.trail_id ?? undefined;
      if (row.status !== 'in_progress') {
        const summary = await repo.summary(v.clientId, v.userId, activityId);
        return { attemptId: row.id, result: row.result as GameResult, activityFinished: summary.won };
      }
      const timeUp = late(row);
      let played = row.moves;
      if (!timeUp) {
        if (parsed.length < row.moves.length || row.moves.some((m, i) => !sameMove(m, parsed[i])))
          throw new AppError('GAME_MOVES_MISMATCH', 409);
        played = parsed;
      }
      const r = replay(game, row.seed, played);
      const result: GameResult = gameOutcome(game as GameOf, r, timeUp);
      await repo.close(v.clientId, row.id, {
        won: result.won,
        moves: played,
        errors: result.errors,
        score: result.score,
        result,
      });
      const progress = await learning.progress.recordGame(v, activityId, trailId, {
        finished: result.won,
        score: result.score,
      });
      const { points, xp } = game.settings;
      if (result.won && (points > 0 || xp > 0))
        await ledger.credit({
          clientId: v.clientId,
          userId: v.userId,
          points,
          xp,
          source: 'game',
          refType: 'activity',
          refId: activityId,
          refLabel: activity.title,
          // One award per learner and game, however many attempts they win.
          idempotencyKey: `game:${activityId}`,
        });
      return { attemptId: row.id, result, activityFinished: progress.activity.status === 'finished' };
    });
  }

  return { info, start, move, submit };
}
export type GamesService = ReturnType<typeof createGamesService>;
