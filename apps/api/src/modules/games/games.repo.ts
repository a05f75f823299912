import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

/** SQL of game attempts. Every statement names its client. */

export interface GameActivityRow {
  id: number;
  course_id: number;
  kind: string;
  title: string;
  settings: Record<string, unknown>;
}

export interface GameAttemptRow {
  id: number;
  user_id: number;
  activity_id: number;
  course_id: number;
  trail_id: number | null;
  seed: number;
  status: 'in_progress' | 'won' | 'lost';
  started_at: Date | string;
  deadline_at: Date | string | null;
  moves: unknown[];
  errors: number;
  score: number | null;
  result: Record<string, unknown> | null;
  /** Seconds past the deadline by the database's clock (negative before it); null without a limit. */
  past_deadline: number | null;
}

const int = (v: unknown) => Number(v);
const attemptOf = (r: GameAttemptRow): GameAttemptRow => ({
  ...r,
  id: int(r.id),
  user_id: int(r.user_id),
  activity_id: int(r.activity_id),
  course_id: int(r.course_id),
  trail_id: r.trail_id === null ? null : int(r.trail_id),
  seed: int(r.seed),
  errors: int(r.errors),
  score: r.score === null ? null : int(r.score),
  past_deadline: r.past_deadline === null ? null : Number(r.past_deadline),
});

const attemptColumns = sql`id, user_id, activity_id, course_id, trail_id, seed, status, started_at, deadline_at, moves, errors,
  score, result, extract(epoch from now() - deadline_at)::float8 as past_deadline`;

export function createGamesRepo(db: DbOrTx) {
  return {
    /** An activity of the client, with its course. */
    async activity(clientId: number, activityId: number): Promise<GameActivityRow | undefined> {
      const [row] = rowsOf<GameActivityRow>(
        await db.execute(sql`select a.id, a.course_id, a.kind, a.title, a.settings from activities a
          where a.id = ${activityId} and a.client_id = ${clientId}`),
      );
      return row ? { ...row, id: int(row.id), course_id: int(row.course_id) } : undefined;
    },

    async attempt(
      clientId: number,
      attemptId: number,
      own: { userId: number; activityId: number; forUpdate: boolean },
    ): Promise<GameAttemptRow | undefined> {
      const [row] = rowsOf<GameAttemptRow>(
        await db.execute(sql`select ${attemptColumns} from game_attempts g
          where g.id = ${attemptId} and g.client_id = ${clientId} and g.user_id = ${own.userId}
            and g.activity_id = ${own.activityId} ${own.forUpdate ? sql`for update` : sql``}`),
      );
      return row ? attemptOf(row) : undefined;
    },

    /** The learner's record at a game: attempts, whether one was won, the best score, the open attempt. */
    async summary(clientId: number, userId: number, activityId: number) {
      const [row] = rowsOf<{ attempts: number; won: boolean; best: number | null; open_id: number | null }>(
        await db.execute(sql`select count(*)::int as attempts, coalesce(bool_or(g.status = 'won'), false) as won,
            max(g.score)::int as best, max(g.id) filter (where g.status = 'in_progress')::int as open_id
          from game_attempts g
          where g.client_id = ${clientId} and g.user_id = ${userId} and g.activity_id = ${activityId}`),
      );
      return {
        attempts: int(row?.attempts ?? 0),
        won: Boolean(row?.won),
        bestScore: row?.best === null || row?.best === undefined ? null : int(row.best),
        openAttemptId: row?.open_id === null || row?.open_id === undefined ? null : int(row.open_id),
      };
    },

    /** Closes the learner's open attempt at the game, if any (a new one replaces it): lost, incomplete. */
    async abandonOpen(
      clientId: number,
      userId: number,
      activityId: number,
      result: (row: GameAttemptRow) => object,
    ) {
      const open = rowsOf<GameAttemptRow>(
        await db.execute(sql`select ${attemptColumns} from game_attempts g
          where g.client_id = ${clientId} and g.user_id = ${userId} and g.activity_id = ${activityId}
            and g.status = 'in_progress' for update`),
      ).map(attemptOf);
      for (const row of open)
        await db.execute(sql`update game_attempts set status = 'lost', score = 0, submitted_at = now(), updated_at = now(),
            result = ${JSON.stringify(result(row))}::jsonb
          where id = ${row.id} and client_id = ${clientId}`);
    },

    async insert(input: {
      clientId: number;
      userId: number;
      activityId: number;
      courseId: number;
      trailId: number | null;
      seed: number;
      timeLimitSeconds: number | null;
    }): Promise<GameAttemptRow> {
      const [row] = rowsOf<GameAttemptRow>(
        await db.execute(sql`insert into game_attempts (client_id, user_id, activity_id, course_id, trail_id, seed, deadline_at)
          values (${input.clientId}, ${input.userId}, ${input.activityId}, ${input.courseId}, ${input.trailId}, ${input.seed},
            ${input.timeLimitSeconds === null ? null : sql`now() + make_interval(secs => ${input.timeLimitSeconds})`})
          returning ${attemptColumns}`),
      );
      return attemptOf(row!);
    },

    async saveMoves(clientId: number, attemptId: number, moves: unknown[], errors: number) {
      await db.execute(sql`update game_attempts set moves = ${JSON.stringify(moves)}::jsonb, errors = ${errors}, updated_at = now()
        where id = ${attemptId} and client_id = ${clientId} and status = 'in_progress'`);
    },

    async close(
      clientId: number,
      attemptId: number,
      input: { won: boolean; moves: unknown[]; errors: number; score: number; result: object },
    ) {
      await db.execute(sql`update game_attempts set status = ${input.won ? 'won' : 'lost'},
          moves = ${JSON.stringify(input.moves)}::jsonb, errors = ${input.errors}, score = ${input.score},
          result = ${JSON.stringify(input.result)}::jsonb, submitted_at = now(), updated_at = now()
        where id = ${attemptId} and client_id = ${clientId} and status = 'in_progress'`);
    },
  };
}
export type GamesRepo = ReturnType<typeof createGamesRepo>;
