import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { storeListQuery } from '@trilha/contracts/store';
import { rowsOf } from '../../db/client';

/** The store's gallery, audience (areas, countries, profiles) and the loyalty program's minimum level. */
let t: TestApp;
let clientA: number;
let clientB: number;
let admin: Record<string, string>;
let levels: { id: number; position: number }[];
let levelB: number;
let areaNorth: number;
let areaSouth: number;
let areaB: number;
let countries: number[];
let seq = 0;

const name = (pt: string) => ({ 'pt-BR': pt, 'en-US': `${pt} (en)` });
const address = { zip: '01001-000', street: 'Praça da Sé', number: '1', city: 'São Paulo', country: 'BR' };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  clientA = (await createClient(db)).id;
  clientB = (await createClient(db)).id;
  const a = await createUser(db, { clientIds: [clientA], roles: ['program_admin'] });
  admin = bearer((await login(t, a.username)).access_token);
  const level = async (clientId: number, name: string, position: number) =>
    rowsOf<{ id: number }>(
      await db.execute(sql`insert into loyalty_levels (client_id, name, position, min_xp, multiplier)
        values (${clientId}, ${name}, ${position}, ${position * 1000}, 1) returning id`),
    )[0]!.id;
  levels = [
    { id: await level(clientA, 'Basic', 1), position: 1 },
    { id: await level(clientA, 'Creator', 2), position: 2 },
    { id: await level(clientA, 'Influencer', 3), position: 3 },
  ];
  levelB = await level(clientB, 'Other', 1);
  const area = async (clientId: number, name: string) =>
    rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into audience_areas (client_id, name) values (${clientId}, ${name}) returning id`,
      ),
    )[0]!.id;
  areaNorth = await area(clientA, 'Norte');
  areaSouth = await area(clientA, 'Sul');
  areaB = await area(clientB, 'Outra');
  countries = rowsOf<{ id: number }>(await db.execute(sql`select id from countries order by id limit 2`)).map(
    (r) => Number(r.id),
  );
  expect(countries).toHaveLength(2);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
) =>
  payload === undefined
    ? t.app.inject({ method, url, headers })
    : t.app.inject({ method, url, headers, payload });

/** A learner of client A with points, in these areas and country, at this level (null: none held). */
async function shopper(opts: {
  areaIds?: number[];
  countryId?: number;
  role?: string;
  level?: number | null;
}) {
  const db = t.database.db;
  const u = await createUser(db, {
    clientIds: [clientA],
    roles: [opts.role ?? 'sales_agent'],
    countryId: opts.countryId ?? null,
  });
  for (const areaId of opts.areaIds ?? []) {
    await db.execute(sql`insert into audience_area_members (area_id, user_id) values (${areaId}, ${u.id})`);
  }
  if (opts.level) {
    await db.execute(sql`insert into loyalty_member_levels (client_id, user_id, level_id)
      values (${clientA}, ${u.id}, ${opts.level})`);
  }
  await t.modules.rewards.ledger.credit({
    clientId: clientA,
    userId: u.id,
    points: 10_000,
    xp: 0,
    source: 'adjustment',
    idempotencyKey: `audience-credit-${++seq}`,
  });
  return { id: u.id, as: bearer((await login(t, u.username)).access_token) };
}

let refs: { departmentId: number; categoryId: number } | undefined;
async function catalog() {
  if (refs) return refs;
  const dep = await call('POST', '/api/admin/store/departments', admin, { name: name('Loja') });
  const cat = await call('POST', '/api/admin/store/categories', admin, { name: name('Geral') });
  refs = { departmentId: dep.json().id as number, categoryId: cat.json().id as number };
  return refs;
}

async function makeItem(body: Record<string, unknown>) {
  const res = await call('POST', '/api/admin/store/items', admin, {
    ...(await catalog()),
    title: name(`Prêmio ${++seq}`),
    description: name('Descrição'),
    price: 100,
    stock: 20,
    kind: 'physical',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().item as {
    id: number;
    gallery: string[];
    minLevelId: number | null;
    audience: { areaIds: number[]; countryIds: number[]; roles: string[] };
  };
}

const redeem = (itemId: number, as: Record<string, string>, lang = 'pt-BR') =>
  call(
    'POST',
    `/api/store/items/${itemId}/redeem`,
    { ...as, 'idempotency-key': `a-${++seq}`, 'accept-language': lang },
    { address },
  );

const listed = async (as: Record<string, string>) =>
  ((await call('GET', '/api/store/items?pageSize=100', as)).json().items as { id: number }[]).map(
    (i) => i.id,
  );

describe('gallery', () => {
  it('keeps the photos in order, bounded, and shows them on the details page', async () => {
    const item = await makeItem({ imageUrl: '/cover.webp', gallery: ['/b.webp', '/a.webp', '/c.webp'] });
    expect(item.gallery).toEqual(['/b.webp', '/a.webp', '/c.webp']);
    const edited = await call('PUT', `/api/admin/store/items/${item.id}`, admin, {
      ...(await catalog()),
      title: name('Com fotos'),
      description: name(''),
      price: 100,
      stock: 20,
      kind: 'physical',
      imageUrl: '/cover.webp',
      gallery: ['/c.webp', '/b.webp'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const me = await shopper({});
    const detail = (await call('GET', `/api/store/items/${item.id}`, me.as)).json();
    expect(detail.item.imageUrl).toBe('/cover.webp');
    expect(detail.item.gallery).toEqual(['/c.webp', '/b.webp']);
    const tooMany = await call('POST', '/api/admin/store/items', admin, {
      ...(await catalog()),
      title: name('Demais'),
      description: name(''),
      price: 1,
      kind: 'physical',
      gallery: Array.from({ length: 9 }, (_, i) => `/p${i}.webp`),
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('audience', () => {
  it('lists, shows and redeems an item only for its areas, country and profiles', async () => {
    const north = await makeItem({ audience: { areaIds: [areaNorth] } });
    const brazil = await makeItem({ audience: { countryIds: [countries[0]] } });
    const promoters = await makeItem({ audience: { roles: ['promoter'] } });
    const all = await makeItem({
      audience: {
        areaIds: [areaNorth, areaSouth],
        countryIds: countries,
        roles: ['sales_agent', 'promoter'],
      },
    });
    const everyone = await makeItem({});

    const inNorth = await shopper({ areaIds: [areaNorth], countryId: countries[0] });
    const inSouth = await shopper({ areaIds: [areaSouth], countryId: countries[1], role: 'promoter' });
    const nowhere = await shopper({});

    const mine = await listed(inNorth.as);
    expect(mine).toEqual(expect.arrayContaining([north.id, brazil.id, all.id, everyone.id]));
    expect(mine).not.toContain(promoters.id);
    const theirs = await listed(inSouth.as);
    expect(theirs).toEqual(expect.arrayContaining([promoters.id, all.id, everyone.id]));
    expect(theirs).not.toContain(north.id);
    expect(theirs).not.toContain(brazil.id);
    const none = await listed(nowhere.as);
    expect(none).toContain(everyone.id);
    for (const id of [north.id, brazil.id, promoters.id, all.id]) expect(none).not.toContain(id);

    // Outside the audience the item is not found, to read or to redeem.
    expect((await call('GET', `/api/store/items/${north.id}`, inSouth.as)).statusCode).toBe(404);
    expect((await redeem(north.id, inSouth.as)).statusCode).toBe(404);
    expect((await redeem(promoters.id, inNorth.as)).statusCode).toBe(404);
    expect((await call('GET', `/api/store/items/${north.id}`, inNorth.as)).statusCode).toBe(200);
    expect((await redeem(north.id, inNorth.as)).statusCode).toBe(201);
    expect((await redeem(all.id, inSouth.as)).statusCode).toBe(201);
  });

  it('tests the profiles the request’s tenant holds, and reads them for a caller outside a request', async () => {
    const promoters = await makeItem({ audience: { roles: ['promoter'] } });
    const agent = await shopper({}); // a sales agent
    const listing = (roles?: string[]) =>
      t.modules.store.store
        .listing(
          { userId: agent.id, clientId: clientA, roles },
          storeListQuery.parse({ pageSize: 100 }),
          'pt-BR',
        )
        .then((r) => r.items.map((i) => i.id));
    expect(await listing(['promoter'])).toContain(promoters.id);
    expect(await listing(['sales_agent'])).not.toContain(promoters.id);
    // Without them (a seeder, a job): the user's profiles in the client are read.
    expect(await listing()).not.toContain(promoters.id);
    expect(await listed(agent.as)).not.toContain(promoters.id);
  });

  it('refuses another client’s area, an unknown country and an unknown profile', async () => {
    const base = {
      ...(await catalog()),
      title: name('Público'),
      description: name(''),
      price: 1,
      kind: 'physical',
    };
    const foreignArea = await call('POST', '/api/admin/store/items', admin, {
      ...base,
      audience: { areaIds: [areaB] },
    });
    expect(foreignArea.statusCode).toBe(422);
    expect(foreignArea.json().error.code).toBe('STORE_REF_INVALID');
    const country = await call('POST', '/api/admin/store/items', admin, {
      ...base,
      audience: { countryIds: [999_999] },
    });
    expect(country.statusCode).toBe(422);
    const role = await call('POST', '/api/admin/store/items', admin, {
      ...base,
      audience: { roles: ['pirate'] },
    });
    expect(role.statusCode).toBe(400);
    const item = await makeItem({ audience: { areaIds: [areaNorth, areaNorth], roles: ['promoter'] } });
    expect(item.audience).toEqual({ areaIds: [areaNorth], countryIds: [], roles: ['promoter'] });
  });
});

describe('minimum level', () => {
  it('refuses below the level with a translated error and says which level is missing', async () => {
    const item = await makeItem({ minLevelId: levels[1]!.id });
    expect(item.minLevelId).toBe(levels[1]!.id);
    const basic = await shopper({ level: null });
    const creator = await shopper({ level: levels[1]!.id });
    const influencer = await shopper({ level: levels[2]!.id });

    const seen = (await call('GET', `/api/store/items/${item.id}`, basic.as)).json();
    expect(seen.item.minLevel).toMatchObject({ id: levels[1]!.id, name: 'Creator', position: 2 });
    expect(seen.missing.level).toMatchObject({ id: levels[1]!.id, name: 'Creator' });
    expect(seen.canRedeem).toBe(false);
    const pt = await redeem(item.id, basic.as);
    expect(pt.statusCode).toBe(422);
    expect(pt.json().error).toMatchObject({ code: 'STORE_LEVEL_REQUIRED' });
    expect(pt.json().error.message).toContain('nível');
    const en = await redeem(item.id, basic.as, 'en-US');
    expect(en.json().error.message).toContain('level');
    // Nothing was held by the refusal.
    const balance = await t.modules.rewards.ledger.balance(clientA, basic.id);
    expect(balance.held).toBe(0);

    const ok = (await call('GET', `/api/store/items/${item.id}`, creator.as)).json();
    expect(ok.missing.level).toBeNull();
    expect(ok.canRedeem).toBe(true);
    expect((await redeem(item.id, creator.as)).statusCode).toBe(201);
    expect((await redeem(item.id, influencer.as)).statusCode).toBe(201);
  });

  it('takes only a level of the client’s program, and the editor lists the levels and areas', async () => {
    const res = await call('POST', '/api/admin/store/items', admin, {
      ...(await catalog()),
      title: name('Nível'),
      description: name(''),
      price: 1,
      kind: 'physical',
      minLevelId: levelB,
    });
    expect(res.statusCode).toBe(422);
    const options = await call('GET', '/api/admin/store/options', admin);
    expect(options.statusCode).toBe(200);
    expect(options.json().levels.map((l: { name: string }) => l.name)).toEqual([
      'Basic',
      'Creator',
      'Influencer',
    ]);
    expect(options.json().areas.map((a: { id: number }) => a.id)).toEqual(
      expect.arrayContaining([areaNorth, areaSouth]),
    );
    expect(options.json().areas.map((a: { id: number }) => a.id)).not.toContain(areaB);
    const learner = await shopper({});
    expect((await call('GET', '/api/admin/store/options', learner.as)).statusCode).toBe(403);
  });
});
