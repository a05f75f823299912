import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, login } from '../../../test/http';
import { accountsDemoSeeder } from './accounts';
import { DEMO_PASSWORD, demoSeeder } from './demo';
import { e2eWorkerSeeders } from './e2e-worker-accounts';
import { loyaltyDemoSeeder } from './loyalty-demo';
import { e2eWorkerLevelSeeders, loyaltyLevelsDemoSeeder } from './loyalty-levels-demo';
import { runSeeders } from './run-seeders';

/** The level-change demo: the learner's request waits for Nimbus Tech's administrator; each worker copy has its own. */
let t: TestApp;

async function inNimbus(username: string) {
  const as = bearer((await login(t, username, DEMO_PASSWORD)).access_token);
  const [nimbus] = await t.database.db.query.clients.findMany({ where: (c, { eq }) => eq(c.slug, 'nimbus') });
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/session/client',
    headers: as,
    payload: { clientId: nimbus!.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  return as;
}

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.database.db, [
    demoSeeder,
    accountsDemoSeeder,
    loyaltyDemoSeeder,
    loyaltyLevelsDemoSeeder,
    ...e2eWorkerSeeders(2),
    ...e2eWorkerLevelSeeders(2),
  ]);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('the level-change demo', () => {
  it('shows the learner at Creator past Influencer’s XP with the request waiting, and the queue has it', async () => {
    const learner = await inNimbus('learner');
    const mine = await t.app.inject({ url: '/api/loyalty/my-level', headers: learner });
    expect(mine.json()).toMatchObject({
      current: { name: 'Creator' },
      next: { name: 'Influencer' },
      xp: 3150,
      request: { status: 'pending', toLevel: { name: 'Influencer' } },
    });
    const admin = await inNimbus('admin');
    const queue = await t.app.inject({ url: '/api/admin/loyalty/level-requests', headers: admin });
    const items = queue.json().items as {
      userEmail: string;
      toLevel: { name: string };
      pendingSales: number;
    }[];
    expect(items.find((r) => r.userEmail === 'learner@demo.example')).toMatchObject({
      toLevel: { name: 'Influencer' },
      pendingSales: 0,
    });
  });

  it('gives each worker’s learner copy its own request to Creator', async () => {
    const admin = await inNimbus('admin');
    const queue = await t.app.inject({ url: '/api/admin/loyalty/level-requests', headers: admin });
    const items = queue.json().items as {
      userEmail: string;
      fromLevel: { name: string };
      toLevel: { name: string };
    }[];
    for (const email of ['learner.w0@demo.example', 'learner.w1@demo.example']) {
      expect(items.filter((r) => r.userEmail === email)).toEqual([
        expect.objectContaining({
          fromLevel: expect.objectContaining({ name: 'Basic' }),
          toLevel: expect.objectContaining({ name: 'Creator' }),
        }),
      ]);
    }
    const copy = await inNimbus('learner.w0@demo.example');
    const mine = await t.app.inject({ url: '/api/loyalty/my-level', headers: copy });
    expect(mine.json()).toMatchObject({
      current: { name: 'Basic' },
      xp: 1200,
      request: { status: 'pending' },
    });
  });
});
