import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  type CourseDetail,
  type CourseListPage,
  type GameInfo,
  gameKinds,
  gameSettingsByKind,
  isGameKind,
} from '@trilha/contracts/learning';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, login } from '../../../test/http';
import { activities } from '../schema/learning';
import { clients } from '../schema/core';
import { DEMO_PASSWORD, demoSeeder } from './demo';
import { createGamesDemoSeeder, gamesCourse } from './games-demo';
import { runSeeders } from './run-seeders';

/** The games demo: the course with one game of each kind, its pictures, and the learner's won and lost games. */
let t: TestApp;
let learner: { authorization: string };
let aurora: number;

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.database.db, [
    demoSeeder,
    createGamesDemoSeeder({ storage: t.deps.storage, maxUploadBytes: t.config.MAX_UPLOAD_MB * 1024 * 1024 }),
  ]);
  const [row] = await t.database.db.select().from(clients).where(eq(clients.slug, 'aurora'));
  aurora = row!.id;
  learner = bearer((await login(t, 'learner', DEMO_PASSWORD)).access_token);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function json<T>(url: string) {
  const res = await t.app.inject({ url, headers: learner });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

async function course() {
  const list = await json<CourseListPage>('/api/learning/courses?pageSize=100');
  const card = list.items.find((c) => c.title === gamesCourse.title);
  expect(card).toBeDefined();
  return json<CourseDetail>(`/api/learning/courses/${card!.id}`);
}

/** Every key of a JSON value, at any depth. */
const keysOf = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.flatMap(keysOf)
    : v && typeof v === 'object'
      ? Object.entries(v).flatMap(([k, x]) => [k, ...keysOf(x)])
      : [];

describe('the games demo', () => {
  it('publishes "Desafios do varejo" in Aurora with one game of each kind, settings valid and rewarded', async () => {
    const detail = await course();
    const acts = detail.modules.flatMap((m) => m.activities);
    expect(acts.map((a) => a.kind).sort()).toEqual([...gameKinds].sort());
    const cover = await t.app.inject({ url: detail.coverUrl! });
    expect(cover.statusCode).toBe(200);

    const rows = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.clientId, aurora), eq(activities.courseId, detail.id)));
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      expect(isGameKind(row.kind), row.kind).toBe(true);
      const parsed = gameSettingsByKind[row.kind as keyof typeof gameSettingsByKind].safeParse(row.settings);
      expect(parsed.success, `${row.kind}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      const s = parsed.data as { points: number; xp: number };
      expect(s.points + s.xp, row.kind).toBeGreaterThan(0);
    }
  });

  it("shows each game to the learner without its solution, and serves the games' pictures", async () => {
    const detail = await course();
    const images = new Set<string>();
    for (const a of detail.modules.flatMap((m) => m.activities)) {
      const info = await json<GameInfo>(`/api/learning/activities/${a.id}/game`);
      expect(info.kind).toBe(a.kind);
      const keys = new Set(keysOf(info.view));
      for (const secret of [
        'zoneId',
        'answer',
        'answers',
        'side',
        'feedback',
        'hints',
        'distractors',
        'a',
        'b',
      ])
        expect(keys.has(secret), `${a.kind} shows ${secret}`).toBe(false);
      const text = JSON.stringify(info.view).toLowerCase();
      expect(text).not.toContain('planograma');
      expect(text).not.toContain('vire o rosto');
      for (const url of JSON.stringify(info.view).match(/\/api\/media\/game-images\/[\w-]+/g) ?? [])
        images.add(url);
      if (a.kind === 'drag_and_drop') {
        const view = info.view as Extract<GameInfo['view'], { kind: 'drag_and_drop' }>;
        expect(view.layout).toBe('image');
        expect(view.zones.map((z) => z.label)).toEqual(
          expect.arrayContaining(['Entrada', 'Caixa', 'Vitrine', 'Estoque']),
        );
        expect(view.zones.every((z) => z.rect)).toBe(true);
      }
      if (a.kind === 'find_the_pairs') {
        const view = info.view as Extract<GameInfo['view'], { kind: 'find_the_pairs' }>;
        expect(view.cards.filter((c) => c.face.imageUrl).length).toBeGreaterThanOrEqual(2);
        expect(view.cards.filter((c) => !c.face.imageUrl).length).toBeGreaterThanOrEqual(2);
      }
    }
    // The floor plan, four product icons and the card machine.
    expect(images.size).toBe(6);
    for (const url of images) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('has learner@demo.example with one game won (credited once) and one attempt lost', async () => {
    const detail = await course();
    const byKind = new Map(detail.modules.flatMap((m) => m.activities).map((a) => [a.kind, a]));
    const won = await json<GameInfo>(`/api/learning/activities/${byKind.get(gamesCourse.won)!.id}/game`);
    expect(won).toMatchObject({ attempts: 1, won: true, bestScore: 100, openAttemptId: null });
    const lost = await json<GameInfo>(`/api/learning/activities/${byKind.get(gamesCourse.lost)!.id}/game`);
    expect(lost).toMatchObject({ attempts: 1, won: false, openAttemptId: null });
    expect(byKind.get(gamesCourse.won)!.progress?.status).toBe('finished');
    expect(detail.progress.status).toBe('in_progress');

    const learnerId = (await json<{ user: { id: number } }>('/api/session')).user.id;
    const balance = await t.modules.rewards.ledger.balance(aurora, learnerId);
    expect(balance).toMatchObject({ points: 30, xp: 20 });
  });
});
