import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, login } from '../../../test/http';
import { DEMO_PASSWORD, demoSeeder } from './demo';
import { createLearningDemoSeeder } from './learning-demo';
import { runSeeders } from './run-seeders';
import { loyaltyDemoSeeder } from './loyalty-demo';
import { createStoreDemoSeeder, createStoreLevelDemoSeeder } from './store-demo';

/** The store's demo: both clients' stores have something to show in every state the screens draw. */
let t: TestApp;
let learner: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.database.db, [demoSeeder]);
  await runSeeders(t.database.db, [
    createLearningDemoSeeder({
      storage: t.deps.storage,
      maxUploadBytes: t.config.MAX_UPLOAD_MB * 1024 * 1024,
    }),
    createStoreDemoSeeder({ storage: t.deps.storage, messageKey: t.config.MESSAGE_KEY }),
  ]);
  learner = bearer((await login(t, 'learner', DEMO_PASSWORD)).access_token);
  admin = bearer((await login(t, 'admin', DEMO_PASSWORD)).access_token);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string, headers = learner): Promise<T> {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

interface Item {
  id: number;
  title: string;
  imageUrl: string | null;
  stock: number;
  kind: string;
}

describe('the store demo', () => {
  it('has two departments, four categories and items in every state', async () => {
    const catalog = await get<{ departments: unknown[]; categories: { maxPerUser: number | null }[] }>(
      '/api/store/catalog',
    );
    expect(catalog.departments).toHaveLength(2);
    expect(catalog.categories).toHaveLength(4);
    expect(catalog.categories.filter((c) => c.maxPerUser !== null)).toHaveLength(2);

    const { items } = await get<{ items: Item[] }>('/api/store/items?pageSize=50&sort=az');
    const byTitle = Object.fromEntries(items.map((i) => [i.title, i]));
    expect(Object.keys(byTitle)).toHaveLength(7);
    expect(byTitle['Garrafa térmica 500 ml']!.stock).toBe(0);
    expect(byTitle['Caixa de som portátil']!.stock).toBe(3);
    expect(byTitle['Camiseta do programa']!.stock).toBe(13);
    expect(byTitle['Vale-cinema para dois']).toMatchObject({ kind: 'digital', stock: 8 });

    // The shirt has sizes, one out of stock; the backpack needs a course.
    const shirt = await get<{ item: { variants: { label: string; stock: number }[] } }>(
      `/api/store/items/${byTitle['Camiseta do programa']!.id}`,
    );
    expect(shirt.item.variants.map((v) => [v.label, v.stock])).toEqual([
      ['P', 4],
      ['M', 0],
      ['G', 9],
    ]);
    const backpack = await get<{ item: { requiredCourseIds: number[] } }>(
      `/api/store/items/${byTitle['Mochila do vendedor']!.id}`,
    );
    expect(backpack.item.requiredCourseIds).toHaveLength(1);

    // English titles for an English reader.
    const en = await get<{ items: Item[] }>('/api/store/items?pageSize=50', {
      ...learner,
      'accept-language': 'en-US',
    });
    expect(en.items.map((i) => i.title)).toContain('Bluetooth headphones');

    // The voucher pool is sealed: staff see counts.
    const adminItems = await get<{ items: { kind: string; vouchers: { available: number } }[] }>(
      '/api/admin/store/items?pageSize=50',
      admin,
    );
    expect(adminItems.items.find((i) => i.kind === 'digital')!.vouchers.available).toBe(8);
  });

  it('serves every item’s drawn photo, and nothing for a made-up address', async () => {
    const { items } = await get<{ items: Item[] }>('/api/store/items?pageSize=50');
    for (const item of items) {
      expect(item.imageUrl).toMatch(/^\/api\/media\/store\/\d+-[0-9a-f]{24}$/);
      const photo = await t.app.inject({ url: item.imageUrl! });
      expect(photo.statusCode, item.title).toBe(200);
      expect(photo.headers['content-type']).toBe('image/webp');
      expect(photo.rawPayload.length).toBeGreaterThan(1000);
    }
    expect((await t.app.inject({ url: '/api/media/store/1-000000000000000000000000' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/media/store/../etc' })).statusCode).toBe(404);
  });

  it('shows the headphones’ gallery, and after the loyalty demo a reward for its highest level', async () => {
    const { items } = await get<{ items: Item[] }>('/api/store/items?pageSize=50&q=Bluetooth');
    const headphones = await get<{ item: { gallery: string[] } }>(`/api/store/items/${items[0]!.id}`);
    expect(headphones.item.gallery).toHaveLength(2);
    for (const url of headphones.item.gallery) expect((await t.app.inject({ url })).statusCode).toBe(200);

    await runSeeders(t.database.db, [
      loyaltyDemoSeeder,
      createStoreLevelDemoSeeder({ storage: t.deps.storage, messageKey: t.config.MESSAGE_KEY }),
    ]);
    // The loyalty demo runs its program in Nimbus, where the learner holds the second level.
    const [nimbus] = await t.database.db.query.clients.findMany({
      where: (c, { eq }) => eq(c.slug, 'nimbus'),
    });
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/session/client',
      headers: learner,
      payload: { clientId: nimbus!.id },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const found = await get<{ items: Item[] }>('/api/store/items?pageSize=50&q=bastidores');
    expect(found.items).toHaveLength(1);
    const detail = await get<{ missing: { level: { name: string } | null }; canRedeem: boolean }>(
      `/api/store/items/${found.items[0]!.id}`,
    );
    expect(detail.missing.level).toMatchObject({ name: 'Influencer' });
    expect(detail.canRedeem).toBe(false);
  }, 120_000);
});
