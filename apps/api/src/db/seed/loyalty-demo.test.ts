import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, login } from '../../../test/http';
import { DEMO_PASSWORD, demoSeeder } from './demo';
import { runSeeders } from './run-seeders';
import { loyaltyDemoSeeder } from './loyalty-demo';

/** The loyalty demo: Nimbus Tech's program has its structure, levels and campaigns, the learner in two. */
let t: TestApp;
let learner: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.database.db, [demoSeeder, loyaltyDemoSeeder]);
  learner = bearer((await login(t, 'learner', DEMO_PASSWORD)).access_token);
  admin = bearer((await login(t, 'admin', DEMO_PASSWORD)).access_token);
  const [nimbus] = await t.database.db.query.clients.findMany({ where: (c, { eq }) => eq(c.slug, 'nimbus') });
  for (const as of [learner, admin]) {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/session/client',
      headers: as,
      payload: { clientId: nimbus!.id },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string, headers = learner): Promise<T> {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

describe('the loyalty demo', () => {
  it('has the seven countries in their groups, two chains each and stores in real time zones', async () => {
    const countries = await get<{ items: { code: string; countryGroup: number }[] }>(
      '/api/admin/loyalty/countries?pageSize=100',
      admin,
    );
    expect(Object.fromEntries(countries.items.map((c) => [c.code, c.countryGroup]))).toEqual({
      AR: 1,
      BR: 1,
      CA: 1,
      CL: 2,
      CO: 2,
      MX: 2,
      PE: 2,
    });
    const retailers = await get<{ items: { countryCode: string; countryGroup: number | null }[] }>(
      '/api/admin/loyalty/retailers?pageSize=100',
      admin,
    );
    for (const c of countries.items) {
      expect(retailers.items.filter((r) => r.countryCode === c.code)).toHaveLength(2);
    }
    // One Canadian chain is placed in group 2, as the spec's named Canadian retailers are.
    expect(
      retailers.items
        .filter((r) => r.countryCode === 'CA')
        .map((r) => r.countryGroup)
        .sort(),
    ).toEqual([2, null]);
    const stores = await get<{ items: { countryCode: string; timeZone: string }[]; total: number }>(
      '/api/admin/loyalty/stores?pageSize=100',
      admin,
    );
    expect(stores.total).toBeGreaterThanOrEqual(28);
    const zones = new Set(stores.items.map((s) => `${s.countryCode}:${s.timeZone}`));
    expect(zones).toContain('BR:America/Sao_Paulo');
    expect(zones).toContain('CL:America/Santiago');
    expect(zones).toContain('MX:America/Tijuana');
    expect(zones).toContain('CA:America/Vancouver');
    const products = await get<{ total: number }>('/api/admin/loyalty/products', admin);
    expect(products.total).toBe(20);
  });

  it('shows the learner an active and a previous campaign, registered in both, at the Creator level', async () => {
    const levels = await get<{ items: { name: string; minXp: number; multiplier: number }[] }>(
      '/api/loyalty/levels',
    );
    expect(levels.items.map((l) => [l.name, l.minXp, l.multiplier])).toEqual([
      ['Basic', 0, 1],
      ['Creator', 1000, 1.5],
      ['Influencer', 3000, 2],
    ]);
    const campaigns = await get<{
      items: {
        id: number;
        status: string;
        countryGroup: number;
        registration: { storeName: string } | null;
      }[];
    }>('/api/loyalty/campaigns');
    const mine = campaigns.items.filter((c) => c.registration);
    expect(mine.map((c) => c.status).sort()).toEqual(['active', 'previous']);
    expect(mine.every((c) => c.registration!.storeName === 'Casa Digital Paulista')).toBe(true);
    expect(campaigns.items.some((c) => c.status === 'active' && c.countryGroup === 2)).toBe(true);
    const active = mine.find((c) => c.status === 'active')!;
    const table = await get<{
      multiplier: number;
      total: number;
      items: { points: number; myPoints: number }[];
    }>(`/api/loyalty/points-table?campaign=${active.id}&pageSize=100`);
    expect(table.multiplier).toBe(1.5);
    expect(table.total).toBe(20);
    for (const row of table.items) expect(row.myPoints).toBe(Math.floor(row.points * 1.5));
  });
});
