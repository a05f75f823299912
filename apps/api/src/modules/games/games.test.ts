import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityBody, GameKind } from '@trilha/contracts/learning';
import { type GameOf, perfectMoves } from '@trilha/domain/games/games';
import { sampleGames, wrongMoves } from '@trilha/domain/games/samples';
import { rowsOf } from '../../db/client';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { learningWorld, makeCourse, type World } from '../../../test/learning-helpers';

/**
 * Games through the API (docs/games.md): each kind won and lost, moves replayed by the server (a claimed
 * win is never taken), the error allowance, the time limit by the database's clock, a submit answered
 * once however often or in parallel it comes, another client's game out of reach, and no solution ever
 * sent to a learner.
 */
let t: TestApp;
let w: World;
let other: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
  other = await learningWorld(t);
});
afterAll(async () => {
  await t?.close();
});

const kinds = Object.keys(sampleGames) as GameKind[];

/** A published course with one game activity; answers the activity's id. */
async function gameCourse(game: GameOf, title = `Jogo ${game.kind}`) {
  const course = await makeCourse(t, w, {
    activities: [{ kind: game.kind, title, settings: game.settings } as ActivityBody],
  });
  return { courseId: course.id, activityId: course.modules[0]!.activities[0]!.id };
}

const url = (activityId: number, rest = '') => `/api/learning/activities/${activityId}/game${rest}`;
const startAttempt = async (activityId: number, headers = w.as.learner) => {
  const res = await t.app.inject({ method: 'POST', url: url(activityId, '/attempts'), headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    attemptId: number;
    seed: number;
    view: Record<string, unknown>;
    deadline: string | null;
  };
};
const submit = (activityId: number, attemptId: number, body: object, headers = w.as.learner) =>
  t.app.inject({
    method: 'POST',
    url: url(activityId, `/attempts/${attemptId}/submit`),
    headers,
    payload: body,
  });
const moves = (activityId: number, attemptId: number, list: object[]) =>
  t.app.inject({
    method: 'POST',
    url: url(activityId, `/attempts/${attemptId}/moves`),
    headers: w.as.learner,
    payload: { moves: list },
  });

async function progressOf(activityId: number) {
  const [row] = rowsOf<{ status: string; score: number | null }>(
    await t.database.db.execute(sql`select status, score from activity_progress
      where activity_id = ${activityId} and user_id = ${w.learner.id} and client_id = ${w.client.id}`),
  );
  return row;
}
const balance = () => t.modules.rewards.ledger.balance(w.client.id, w.learner.id);

describe('each kind through the API', () => {
  for (const kind of kinds) {
    it(`${kind}: a perfect play wins and finishes the activity; wrong moves lose`, async () => {
      const game = sampleGames[kind] as GameOf;
      const { activityId } = await gameCourse(game);

      const lost = await startAttempt(activityId);
      const wrong = wrongMoves(game, lost.seed);
      const lostRes = await submit(activityId, lost.attemptId, { moves: wrong });
      expect(lostRes.statusCode, lostRes.body).toBe(200);
      expect(lostRes.json()).toMatchObject({ result: { won: false, score: 0 }, activityFinished: false });
      expect((await progressOf(activityId))?.status).not.toBe('finished');

      const won = await startAttempt(activityId);
      const res = await submit(activityId, won.attemptId, { moves: perfectMoves(game, won.seed) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        attemptId: won.attemptId,
        result: { won: true, reason: 'completed', errors: 0, score: 100 },
        activityFinished: true,
      });
      expect(await progressOf(activityId)).toMatchObject({ status: 'finished', score: 100 });
    });
  }
});

describe('moves sent one by one, then the submit of them all', () => {
  // Recorded moves come back from jsonb with its own key order ({ side, itemId }): still the same moves.
  for (const kind of kinds) {
    it(`${kind}: the submit matches the recorded moves and wins`, async () => {
      const game = sampleGames[kind] as GameOf;
      const { activityId } = await gameCourse(game);
      const a = await startAttempt(activityId);
      const all = perfectMoves(game, a.seed);
      for (const move of all) expect((await moves(activityId, a.attemptId, [move])).statusCode).toBe(200);
      const res = await submit(activityId, a.attemptId, { moves: all });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ result: { won: true, score: 100 } });
    });
  }
});

describe('the server decides', () => {
  it('a claimed win with wrong moves is refused; moves of another seed do not win', async () => {
    const game = sampleGames.find_the_pairs as GameOf;
    const { activityId } = await gameCourse(game);
    const a = await startAttempt(activityId);
    const forged = await submit(activityId, a.attemptId, {
      moves: wrongMoves(game, a.seed),
      won: true,
      result: { won: true, score: 100 },
    });
    expect(forged.json()).toMatchObject({ result: { won: false } });

    const b = await startAttempt(activityId);
    // The perfect turns for some other seed: invalid or wrong for this deck, never a win.
    let otherSeed = b.seed === 1 ? 2 : 1;
    while (JSON.stringify(perfectMoves(game, otherSeed)) === JSON.stringify(perfectMoves(game, b.seed)))
      otherSeed += 1;
    const res = await submit(activityId, b.attemptId, { moves: perfectMoves(game, otherSeed) });
    if (res.statusCode === 200) expect(res.json()).toMatchObject({ result: { won: false } });
    else expect(res.json()).toMatchObject({ error: { code: 'GAME_INVALID_MOVES' } });
    expect((await progressOf(activityId))?.status).not.toBe('finished');
  });

  it('moves that cannot be played are refused with GAME_INVALID_MOVES, and too many with GAME_TOO_MANY_MOVES', async () => {
    const game = sampleGames.drag_and_drop as GameOf;
    const { activityId } = await gameCourse(game);
    const a = await startAttempt(activityId);
    const bad = await submit(activityId, a.attemptId, { moves: [{ itemId: 'nope', zoneId: 'fruit' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'GAME_INVALID_MOVES' } });
    const shape = await submit(activityId, a.attemptId, { moves: [{ first: 0, second: 1 }] });
    expect(shape.json()).toMatchObject({ error: { code: 'GAME_INVALID_MOVES' } });
    const many = await submit(activityId, a.attemptId, {
      moves: Array.from({ length: 501 }, () => ({ itemId: 'apple', zoneId: 'veg' })),
    });
    expect(many.statusCode).toBe(400);
  });

  it('exceeding the allowance loses (find the pairs: a failed turn is an error)', async () => {
    const game = {
      ...sampleGames.find_the_pairs,
      settings: { ...sampleGames.find_the_pairs.settings, allowedErrors: 1 },
    };
    const { activityId } = await gameCourse(game);
    const a = await startAttempt(activityId);
    const perfect = perfectMoves(game, a.seed) as { first: number; second: number }[];
    const miss = { first: perfect[0]!.first, second: perfect[1]!.first };
    const res = await submit(activityId, a.attemptId, { moves: [miss, miss, ...perfect] });
    expect(res.json()).toMatchObject({
      result: { won: false, reason: 'too_many_errors', errors: 2, allowedErrors: 1 },
    });

    const b = await startAttempt(activityId);
    const p = perfectMoves(game, b.seed) as { first: number; second: number }[];
    const ok = await submit(activityId, b.attemptId, {
      moves: [{ first: p[0]!.first, second: p[1]!.first }, ...p],
    });
    expect(ok.json()).toMatchObject({ result: { won: true, errors: 1, score: 75 } });
  });

  it('the moves route answers each move at once and the submit must follow what it recorded', async () => {
    const game = sampleGames.enigma as GameOf; // PIANO, 2 errors allowed, hints cost 1
    const { activityId } = await gameCourse(game);
    const a = await startAttempt(activityId);
    const first = await moves(activityId, a.attemptId, [{ type: 'letter', letter: 'a' }, { type: 'hint' }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      feedback: [
        { correct: true, positions: [2], errors: 0 },
        { hint: 'It makes music.', errors: 1 },
      ],
      state: { status: 'playing', errors: 1, done: 1, total: 5 },
    });
    const mismatch = await submit(activityId, a.attemptId, { moves: [{ type: 'letter', letter: 'p' }] });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toMatchObject({ error: { code: 'GAME_MOVES_MISMATCH' } });
    const all = [
      { type: 'letter', letter: 'a' },
      { type: 'hint' },
      ...['p', 'i', 'n', 'o'].map((letter) => ({ type: 'letter', letter })),
    ];
    const done = await submit(activityId, a.attemptId, { moves: all });
    expect(done.json()).toMatchObject({ result: { won: true, errors: 1 } });
    const after = await moves(activityId, a.attemptId, [{ type: 'letter', letter: 'z' }]);
    expect(after.json()).toMatchObject({ error: { code: 'GAME_ATTEMPT_CLOSED' } });
  });

  it("the time limit is the server's: after it, moves are refused and only recorded ones count", async () => {
    const game = {
      ...sampleGames.true_or_false,
      settings: { ...sampleGames.true_or_false.settings, timeLimitSeconds: 60 },
    } as GameOf;
    const { activityId } = await gameCourse(game);
    const a = await startAttempt(activityId);
    expect(a.deadline).not.toBeNull();
    await t.database.db.execute(sql`update game_attempts set deadline_at = now() - interval '1 minute'
      where id = ${a.attemptId} and client_id = ${w.client.id}`);
    const late = await moves(activityId, a.attemptId, perfectMoves(game, a.seed).slice(0, 1));
    expect(late.json()).toMatchObject({ error: { code: 'GAME_TIME_UP' } });
    const res = await submit(activityId, a.attemptId, { moves: perfectMoves(game, a.seed) });
    expect(res.json()).toMatchObject({ result: { won: false, reason: 'time_up' }, activityFinished: false });

    // Within the limit the same moves win.
    const b = await startAttempt(activityId);
    const ok = await submit(activityId, b.attemptId, { moves: perfectMoves(game, b.seed) });
    expect(ok.json()).toMatchObject({ result: { won: true } });
  });
});

describe('once', () => {
  it('a repeated submit answers the same result; the award is credited once', async () => {
    const game = {
      ...sampleGames.this_or_that,
      settings: { ...sampleGames.this_or_that.settings, points: 7, xp: 3 },
    } as GameOf;
    const { activityId } = await gameCourse(game);
    const before = await balance();
    const a = await startAttempt(activityId);
    const first = await submit(activityId, a.attemptId, { moves: perfectMoves(game, a.seed) });
    const again = await submit(activityId, a.attemptId, { moves: [] });
    expect(again.json()).toEqual(first.json());
    const b = await startAttempt(activityId);
    await submit(activityId, b.attemptId, { moves: perfectMoves(game, b.seed) });
    const after = await balance();
    expect(after.points - before.points).toBe(7);
    expect(after.xp - before.xp).toBe(3);
  });

  it('parallel submits close the attempt once and credit once', async () => {
    const game = {
      ...sampleGames.drag_the_words,
      settings: { ...sampleGames.drag_the_words.settings, points: 11, xp: 0 },
    } as GameOf;
    const { activityId } = await gameCourse(game);
    const before = await balance();
    const a = await startAttempt(activityId);
    const list = perfectMoves(game, a.seed);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => submit(activityId, a.attemptId, { moves: list })),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ attemptId: a.attemptId, result: { won: true } });
    }
    expect((await balance()).points - before.points).toBe(11);
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from audit_log
        where client_id = ${w.client.id} and action = 'activity.finish' and entity_id = ${String(activityId)}`),
    );
    expect(Number(row?.n)).toBe(1);
  });
});

describe('parallel starts', () => {
  it('leave one attempt open; a start that meets another is a 409, never a 5xx', async () => {
    const { activityId } = await gameCourse(sampleGames.true_or_false as GameOf);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({ method: 'POST', url: url(activityId, '/attempts'), headers: w.as.learner }),
      ),
    );
    for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json()).toMatchObject({ error: { code: 'GAME_ATTEMPT_CONFLICT' } });
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from game_attempts
        where client_id = ${w.client.id} and activity_id = ${activityId} and status = 'in_progress'`),
    );
    expect(Number(row?.n)).toBe(1);
  });
});

describe('a new attempt', () => {
  it('closes the open one as lost, even when the author changed the game since its moves', async () => {
    const game = sampleGames.drag_and_drop;
    const { activityId } = await gameCourse(game);
    const first = await startAttempt(activityId);
    expect((await moves(activityId, first.attemptId, [{ itemId: 'pear', zoneId: 'fruit' }])).statusCode).toBe(
      200,
    );
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/learning/activities/${activityId}`,
      headers: w.as.manager,
      payload: {
        kind: 'drag_and_drop',
        title: 'DnD',
        settings: {
          ...game.settings,
          items: game.settings.items.filter((i) => i.id !== 'pear'),
        },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const second = await startAttempt(activityId);
    expect(second.attemptId).not.toBe(first.attemptId);
    const old = await submit(activityId, first.attemptId, { moves: [] });
    expect(old.json()).toMatchObject({ result: { won: false, reason: 'incomplete', score: 0 } });
  });
});

describe('reach and secrecy', () => {
  it("another client's game is not found", async () => {
    const { activityId } = await gameCourse(sampleGames.flashcards as GameOf);
    const res = await t.app.inject({ url: url(activityId), headers: other.as.learner });
    expect(res.statusCode).toBe(404);
    const start = await t.app.inject({
      method: 'POST',
      url: url(activityId, '/attempts'),
      headers: other.as.learner,
    });
    expect(start.statusCode).toBe(404);
    const mine = await startAttempt(activityId);
    const theirs = await submit(activityId, mine.attemptId, { moves: [] }, other.as.learner);
    expect(theirs.statusCode).toBe(404);
  });

  it('learners never receive the solution: game, attempt, player payload and course', async () => {
    const secret = 'Xylophonequiz';
    const enigma = {
      ...sampleGames.enigma,
      settings: { ...sampleGames.enigma.settings, answer: secret, hints: ['Hint-Secret-One'] },
    } as GameOf;
    const dnd = sampleGames.drag_and_drop as GameOf;
    const course = await makeCourse(t, w, {
      activities: [
        { kind: 'enigma', title: 'Enigma', settings: enigma.settings } as ActivityBody,
        { kind: 'drag_and_drop', title: 'DnD', settings: dnd.settings } as ActivityBody,
      ],
    });
    const [e, d] = course.modules[0]!.activities;
    const bodies = [
      (await t.app.inject({ url: url(e!.id), headers: w.as.learner })).body,
      JSON.stringify(await startAttempt(e!.id)),
      (await t.app.inject({ url: url(d!.id), headers: w.as.learner })).body,
      JSON.stringify(await startAttempt(d!.id)),
      (
        await t.app.inject({
          url: `/api/learning/courses/${course.id}/activities/1.1`,
          headers: w.as.learner,
        })
      ).body,
      (
        await t.app.inject({
          url: `/api/learning/courses/${course.id}/activities/1.2`,
          headers: w.as.learner,
        })
      ).body,
      (await t.app.inject({ url: `/api/learning/courses/${course.id}`, headers: w.as.learner })).body,
    ];
    for (const body of bodies) {
      expect(body.toLowerCase()).not.toContain(secret.toLowerCase());
      expect(body).not.toContain('Hint-Secret-One');
      expect(body).not.toContain('zoneId');
    }
    // The back office reads the whole game, solution included.
    const admin = await t.app.inject({
      url: `/api/admin/learning/courses/${course.id}`,
      headers: w.as.manager,
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain(secret);
  });
});

describe('authoring', () => {
  it('refuses settings that do not make a game, and keeps valid ones whole on update', async () => {
    const { activityId } = await gameCourse(sampleGames.drag_and_drop as GameOf);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/learning/activities/${activityId}`,
      headers: w.as.manager,
      payload: {
        kind: 'drag_and_drop',
        title: 'DnD',
        settings: {
          ...sampleGames.drag_and_drop.settings,
          items: [{ id: 'a', face: { text: 'A' }, zoneId: 'nowhere' }],
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    const tooMany = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/learning/activities/${activityId}`,
      headers: w.as.manager,
      payload: {
        kind: 'drag_and_drop',
        title: 'DnD',
        settings: { ...sampleGames.drag_and_drop.settings, allowedErrors: 51 },
      },
    });
    expect(tooMany.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/learning/activities/${activityId}`,
      headers: w.as.manager,
      payload: {
        kind: 'drag_and_drop',
        title: 'DnD',
        settings: { ...sampleGames.drag_and_drop.settings, allowedErrors: 0 },
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const activity = (
      ok.json() as {
        modules: { activities: { id: number; ready: boolean; game: { allowedErrors: number } }[] }[];
      }
    ).modules[0]!.activities.find((a) => a.id === activityId)!;
    expect(activity).toMatchObject({ ready: true, game: { allowedErrors: 0 } });
  });
});
