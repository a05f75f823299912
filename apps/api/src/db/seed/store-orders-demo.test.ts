import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, login } from '../../../test/http';
import { rowsOf } from '../client';
import { DEMO_PASSWORD, demoSeeder } from './demo';
import { createLearningDemoSeeder } from './learning-demo';
import { rankingDemoSeeder } from './ranking-demo';
import { createRewardsDemoSeeder } from './rewards-demo';
import { runSeeders } from './run-seeders';
import { createStoreDemoSeeder } from './store-demo';
import { createStoreOrdersDemoSeeder } from './store-orders-demo';

/** The store's demo orders: the back office's queue has orders in every status, each with its story. */
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.database.db, [demoSeeder]);
  await runSeeders(t.database.db, [
    createLearningDemoSeeder({
      storage: t.deps.storage,
      maxUploadBytes: t.config.MAX_UPLOAD_MB * 1024 * 1024,
    }),
    createRewardsDemoSeeder({ storage: t.deps.storage }),
    createStoreDemoSeeder({ storage: t.deps.storage, messageKey: t.config.MESSAGE_KEY }),
    rankingDemoSeeder,
    createStoreOrdersDemoSeeder({ messageKey: t.config.MESSAGE_KEY }),
  ]);
  admin = bearer((await login(t, 'admin', DEMO_PASSWORD)).access_token);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('store orders demo', () => {
  it('puts orders of every status in the queue, with their timelines and no negative balance', async () => {
    const res = await t.app.inject({ url: '/api/admin/store/orders?pageSize=50', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const orders = res.json().items as { id: number; status: string }[];
    const statuses = new Set(orders.map((o) => o.status));
    for (const s of ['awaiting_approval', 'approved', 'shipped', 'delivered', 'reproved'])
      expect(statuses, s).toContain(s);
    expect(orders.length).toBeGreaterThanOrEqual(8);
    // Every point taken is accounted for: no account below zero or holding more than it has.
    const [bad] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from reward_accounts a where a.points < 0 or a.held > a.points`,
      ),
    );
    expect(bad!.n).toBe(0);
  });
});
