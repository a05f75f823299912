import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankingMe, RankingPage } from '@trilha/contracts/ranking';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, login } from '../../../test/http';
import { rowsOf } from '../client';
import { DEMO_PASSWORD, demoSeeder } from './demo';
import { createLearningDemoSeeder } from './learning-demo';
import { rankingDemoSeeder } from './ranking-demo';
import { createRewardsDemoSeeder } from './rewards-demo';
import { runSeeders } from './run-seeders';

/** The demo ranking: Aurora's learner among enough colleagues to scroll, by month and all time. */
let t: TestApp;
let as: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp({ RANKING_COUNTS_TTL_MS: '0' });
  await runSeeders(t.database.db, [demoSeeder]);
  await runSeeders(t.database.db, [
    createLearningDemoSeeder({
      storage: t.deps.storage,
      maxUploadBytes: t.config.MAX_UPLOAD_MB * 1024 * 1024,
    }),
    createRewardsDemoSeeder({ storage: t.deps.storage }),
    rankingDemoSeeder,
  ]);
  as = bearer((await login(t, 'learner', DEMO_PASSWORD)).access_token);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function json<T>(url: string): Promise<T> {
  const res = await t.app.inject({ url, headers: as });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

describe('ranking demo', () => {
  it('ranks the learner among dozens of colleagues, with neighbours both ways', async () => {
    const all = await json<RankingMe>('/api/ranking/me?metric=points&period=all');
    expect(all.total).toBeGreaterThan(30);
    expect(all.me).not.toBeNull();
    expect(all.above.length + all.below.length).toBeGreaterThan(5);
    const top = await json<RankingPage>('/api/ranking?metric=points&period=all&pageSize=25');
    expect(top.items).toHaveLength(25);
    expect(new Set(top.items.map((r) => r.name)).size).toBe(25);
    const xp = await json<RankingPage>('/api/ranking?metric=xp&period=all&pageSize=100');
    expect(xp.total).toBe(all.total);
  });

  it('dates the scores by their credits: the month ranks fewer than all time, and sums match the ledger', async () => {
    const month = await json<RankingPage>('/api/ranking?metric=points&period=month&pageSize=100');
    const all = await json<RankingPage>('/api/ranking?metric=points&period=all&pageSize=100');
    const [inMonth] = rowsOf<{ n: string | number }>(
      await t.database.db.execute(sql`
        select count(distinct e.user_id) as n from ledger_entries e
        join clients c on c.id = e.client_id and c.slug = 'aurora'
        where e.ledger = 'points' and e.source not in ('redemption', 'refund', 'expiry', 'transfer')
          and to_char(e.created_at at time zone 'UTC', 'YYYY-MM') = to_char(now() at time zone 'UTC', 'YYYY-MM')`),
    );
    expect(month.total).toBe(Number(inMonth!.n));
    expect(month.total).toBeLessThan(all.total);
    // Every all-time score is the user's points earned in the ledger (nothing spent counts).
    const [mismatch] = rowsOf<{ n: string | number }>(
      await t.database.db.execute(sql`
        select count(*) as n from ranking_scores r
        where r.metric = 'points' and r.period = 'all' and r.score <> (
          select coalesce(sum(e.amount), 0) from ledger_entries e
          where e.client_id = r.client_id and e.user_id = r.user_id and e.ledger = 'points'
            and e.source not in ('redemption', 'refund', 'expiry', 'transfer'))`),
    );
    expect(Number(mismatch!.n)).toBe(0);
  });
});

describe('ranking demo colleagues', () => {
  it('are accounts the back office can list: they hold roles the API knows', async () => {
    const admin = bearer((await login(t, 'admin', DEMO_PASSWORD)).access_token);
    const res = await t.app.inject({ url: '/api/admin/accounts/users?page=1&pageSize=100', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const { total } = res.json<{ total: number }>();
    expect(total).toBeGreaterThan(38);
  });
});
