import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, login } from '../../../test/http';
import { DEMO_PASSWORD, demoSeeder } from './demo';
import { loyaltyDemoSeeder } from './loyalty-demo';
import { createPhotosDemoSeeder } from './photos-demo';
import { runSeeders } from './run-seeders';

/** The store-photo demo: Nimbus Tech's types and the learner's photos in every status, this week free. */
let t: TestApp;
let learner: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.database.db, [
    demoSeeder,
    loyaltyDemoSeeder,
    createPhotosDemoSeeder({ storage: t.deps.storage, maxUploadBytes: t.config.MAX_UPLOAD_MB * 1024 * 1024 }),
  ]);
  learner = bearer((await login(t, 'learner', DEMO_PASSWORD)).access_token);
  const [nimbus] = await t.database.db.query.clients.findMany({ where: (c, { eq }) => eq(c.slug, 'nimbus') });
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/session/client',
    headers: learner,
    payload: { clientId: nimbus!.id },
  });
  expect(res.statusCode, res.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the store-photo demo', () => {
  it('has three types and the learner’s photos approved, rejected with a reason and pending', async () => {
    const types = (await t.app.inject({ url: '/api/loyalty/photo-types', headers: learner })).json();
    expect(types.items.map((x: { name: string }) => x.name).sort()).toEqual([
      'Display',
      'Etiqueta de preço',
      'Gôndola',
    ]);
    const mine = (await t.app.inject({ url: '/api/loyalty/photos', headers: learner })).json();
    expect(mine.items.map((p: { status: string }) => p.status).sort()).toEqual([
      'approved',
      'pending',
      'rejected',
    ]);
    expect(mine.items.find((p: { status: string }) => p.status === 'rejected').rejectionReason).toMatch(
      /foco/,
    );
    expect(mine.pendingPoints).toBe(25);
    // The approved photo's points count in the campaign.
    const campaigns = (await t.app.inject({ url: '/api/loyalty/campaigns', headers: learner })).json();
    const running = campaigns.items.find((c: { id: number }) => c.id === mine.items[0].campaignId);
    expect(running.points).toBeGreaterThanOrEqual(40);
    // This week is free at the learner's store.
    const week = (
      await t.app.inject({
        url: `/api/loyalty/photos/week?campaign=${running.id}&store=${mine.items[0].storeId}`,
        headers: learner,
      })
    ).json();
    expect(week.items.every((i: { photo: unknown }) => i.photo === null)).toBe(true);
  });
});
