import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { rowsOf } from '../../db/client';
import { CAMPAIGN_REF } from './loyalty.service';

let t: TestApp;
let clientA: number;
let clientB: number;
let admin: Record<string, string>;
let adminB: Record<string, string>;
let adminId: number;
let learner: { id: number; as: Record<string, string> };
let learnerB: { id: number; as: Record<string, string> };
let seq = 0;

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  clientA = (await createClient(db)).id;
  clientB = (await createClient(db)).id;
  const a = await createUser(db, { clientIds: [clientA], roles: ['program_admin'] });
  const b = await createUser(db, { clientIds: [clientB], roles: ['program_admin'] });
  const l = await createUser(db, { clientIds: [clientA] });
  const lb = await createUser(db, { clientIds: [clientB] });
  adminId = a.id;
  admin = bearer((await login(t, a.username)).access_token);
  adminB = bearer((await login(t, b.username)).access_token);
  learner = { id: l.id, as: bearer((await login(t, l.username)).access_token) };
  learnerB = { id: lb.id, as: bearer((await login(t, lb.username)).access_token) };
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
) =>
  payload === undefined
    ? t.app.inject({ method, url, headers })
    : t.app.inject({ method, url, headers, payload });

async function ok<T = Record<string, unknown>>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
): Promise<T> {
  const res = await call(method, url, headers, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

const code = (res: { json: () => { error: { code: string } } }) => res.json().error.code;

/** A country (unique code per call), a chain and a store in it. */
async function place(group: 1 | 2, as = admin, opts: { retailerGroup?: 1 | 2 | null } = {}) {
  const n = ++seq;
  const letters = `${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}`;
  const country = await ok<{ id: number; code: string }>('POST', '/api/admin/loyalty/countries', as, {
    code: letters,
    name: `Country ${n}`,
    countryGroup: group,
  });
  const retailer = await ok<{ id: number }>('POST', '/api/admin/loyalty/retailers', as, {
    countryId: country.id,
    name: `Chain ${n}`,
    countryGroup: opts.retailerGroup ?? null,
  });
  const store = await ok<{ id: number; countryId: number }>('POST', '/api/admin/loyalty/stores', as, {
    retailerId: retailer.id,
    code: `S-${n}`,
    name: `Store ${n}`,
    city: 'Santiago',
    timeZone: 'America/Santiago',
  });
  return { country, retailer, store };
}

async function makeProduct(as = admin, name = `Notebook ${++seq}`) {
  const brand = await ok<{ id: number }>('POST', '/api/admin/loyalty/brands', as, { name: `Brand ${++seq}` });
  return ok<{ id: number; sku: string }>('POST', '/api/admin/loyalty/products', as, {
    brandId: brand.id,
    sku: `SKU-${++seq}`,
    name,
    productType: 'Notebook',
    processor: 'Core i7',
    processorGeneration: '13th',
    formFactor: 'Clamshell',
  });
}

async function makeCampaign(
  body: { begins: number; ends: number; group?: 1 | 2; storeIds?: number[]; products?: unknown[] },
  as = admin,
) {
  return ok<{ id: number; frozen: boolean; status: string }>('POST', '/api/admin/loyalty/campaigns', as, {
    name: `Campaign ${++seq}`,
    beginsAt: at(body.begins),
    endsAt: at(body.ends),
    countryGroup: body.group ?? 1,
    storeIds: body.storeIds ?? [],
    products: body.products ?? [],
  });
}

describe('the program structure in the back office', () => {
  it('guards the routes with campaigns.manage', async () => {
    expect((await call('GET', '/api/admin/loyalty/countries', learner.as)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/loyalty/countries', admin)).statusCode).toBe(200);
  });

  it('validates input, refuses duplicates of a natural key and another client’s references', async () => {
    const bad = await call('POST', '/api/admin/loyalty/countries', admin, {
      code: 'ARG',
      name: 'Argentina',
      countryGroup: 3,
    });
    expect(bad.statusCode).toBe(400);
    const { country, retailer, store } = await place(1);
    const dup = await call('POST', '/api/admin/loyalty/countries', admin, {
      code: country.code.toLowerCase(),
      name: 'Again',
      countryGroup: 1,
    });
    expect(dup.statusCode).toBe(409);
    expect(code(dup)).toBe('LOYALTY_DUPLICATE');
    const zone = await call('POST', '/api/admin/loyalty/stores', admin, {
      retailerId: retailer.id,
      code: 'Z-1',
      name: 'Z',
      city: 'Z',
      timeZone: 'Mars/Olympus',
    });
    expect(zone.statusCode).toBe(400);
    const long = await call('POST', '/api/admin/loyalty/brands', admin, { name: 'x'.repeat(121) });
    expect(long.statusCode).toBe(400);
    // Client B cannot hang a chain on A's country, nor see or edit A's store.
    const foreign = await call('POST', '/api/admin/loyalty/retailers', adminB, {
      countryId: country.id,
      name: 'Intruder',
    });
    expect(foreign.statusCode).toBe(422);
    expect(code(foreign)).toBe('LOYALTY_REF_INVALID');
    const edit = await call('PUT', `/api/admin/loyalty/stores/${store.id}`, adminB, {
      retailerId: retailer.id,
      code: 'X',
      name: 'X',
      city: 'X',
      timeZone: 'UTC',
    });
    expect(edit.statusCode).toBe(422);
    expect((await call('DELETE', `/api/admin/loyalty/stores/${store.id}`, adminB)).statusCode).toBe(404);
    const listB = await ok<{ items: { id: number }[] }>(
      'GET',
      '/api/admin/loyalty/stores?pageSize=100',
      adminB,
    );
    expect(listB.items.map((s) => s.id)).not.toContain(store.id);
    // A chain with stores keeps its country.
    const other = await place(2);
    const moved = await call('PUT', `/api/admin/loyalty/retailers/${retailer.id}`, admin, {
      countryId: other.country.id,
      name: 'Moved away',
    });
    expect(moved.statusCode).toBe(409);
    expect(code(moved)).toBe('LOYALTY_IN_USE');
    // A country with chains is not deleted.
    const inUse = await call('DELETE', `/api/admin/loyalty/countries/${country.id}`, admin);
    expect(inUse.statusCode).toBe(409);
    expect(code(inUse)).toBe('LOYALTY_IN_USE');
  });

  it('lists with search and paging, and audits every write', async () => {
    await makeProduct(admin, 'Ultrabook Zephyr 14');
    await makeProduct(admin, 'Ultrabook Zephyr 16');
    const page1 = await ok<{ items: { name: string }[]; total: number }>(
      'GET',
      '/api/admin/loyalty/products?q=zephyr&pageSize=1',
      admin,
    );
    expect(page1.total).toBe(2);
    expect(page1.items).toHaveLength(1);
    expect((await call('GET', '/api/admin/loyalty/products?pageSize=101', admin)).statusCode).toBe(400);
    const audited = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from audit_log
        where client_id = ${clientA} and action = 'loyalty.create' and entity = 'loyalty_product'`),
    );
    expect(audited[0]!.n).toBeGreaterThanOrEqual(2);
  });
});

describe('levels', () => {
  it('keeps three levels with rising minimum XP and multipliers that never fall', async () => {
    const wrong = await call('PUT', '/api/admin/loyalty/levels', admin, {
      levels: [
        { name: 'Basic', minXp: 0, multiplier: 1 },
        { name: 'Creator', minXp: 1000, multiplier: 2 },
        { name: 'Influencer', minXp: 3000, multiplier: 1.5 },
      ],
    });
    expect(wrong.statusCode).toBe(422);
    expect(code(wrong)).toBe('LOYALTY_LEVELS_INVALID');
    expect(
      (
        await call('PUT', '/api/admin/loyalty/levels', admin, {
          levels: [{ name: 'One', minXp: 0, multiplier: 1 }],
        })
      ).statusCode,
    ).toBe(400);
    const saved = await ok<{ items: { name: string; multiplier: number }[] }>(
      'PUT',
      '/api/admin/loyalty/levels',
      admin,
      {
        levels: [
          { name: 'Basic', minXp: 0, multiplier: 1 },
          { name: 'Creator', minXp: 1000, multiplier: 1.5 },
          { name: 'Influencer', minXp: 3000, multiplier: 2 },
        ],
      },
    );
    expect(saved.items.map((l) => [l.name, l.multiplier])).toEqual([
      ['Basic', 1],
      ['Creator', 1.5],
      ['Influencer', 2],
    ]);
    const mine = await ok<{ items: unknown[] }>('GET', '/api/loyalty/levels', learner.as);
    expect(mine.items).toHaveLength(3);
    expect((await ok<{ items: unknown[] }>('GET', '/api/loyalty/levels', learnerB.as)).items).toHaveLength(0);
  });
});

describe('campaigns', () => {
  it('freezes product points once started, and refuses stores of another country group', async () => {
    const g1 = await place(1);
    const g2 = await place(2);
    const p = await makeProduct();
    const wrongGroup = await call('POST', '/api/admin/loyalty/campaigns', admin, {
      name: 'Mixed',
      beginsAt: at(1),
      endsAt: at(60),
      countryGroup: 1,
      storeIds: [g1.store.id, g2.store.id],
      products: [],
    });
    expect(wrongGroup.statusCode).toBe(422);
    expect(code(wrongGroup)).toBe('LOYALTY_COUNTRY_NOT_IN_GROUP');
    const backwards = await call('POST', '/api/admin/loyalty/campaigns', admin, {
      name: 'Backwards',
      beginsAt: at(10),
      endsAt: at(1),
      countryGroup: 1,
    });
    expect(backwards.statusCode).toBe(400);

    const upcoming = await makeCampaign({
      begins: 5,
      ends: 60,
      storeIds: [g1.store.id],
      products: [{ productId: p.id, points: 10 }],
    });
    expect(upcoming).toMatchObject({ status: 'upcoming', frozen: false });
    // Before the start the points may change.
    const edited = await ok<{ products: { points: number }[] }>(
      'PUT',
      `/api/admin/loyalty/campaigns/${upcoming.id}`,
      admin,
      {
        name: 'Renamed',
        beginsAt: at(5),
        endsAt: at(60),
        countryGroup: 1,
        storeIds: [g1.store.id],
        products: [{ productId: p.id, points: 12 }],
      },
    );
    expect(edited.products).toEqual([{ productId: p.id, points: 12 }]);

    const active = await makeCampaign({
      begins: -1,
      ends: 30,
      storeIds: [g1.store.id],
      products: [{ productId: p.id, points: 50 }],
    });
    const detail = await ok<{ frozen: boolean; status: string; beginsAt: string; endsAt: string }>(
      'GET',
      `/api/admin/loyalty/campaigns/${active.id}`,
      admin,
    );
    expect(detail).toMatchObject({ frozen: true, status: 'active' });
    const body = {
      name: 'Still active',
      beginsAt: detail.beginsAt,
      endsAt: detail.endsAt,
      countryGroup: 1,
      storeIds: [g1.store.id],
      products: [{ productId: p.id, points: 80 }],
    };
    const frozen = await call('PUT', `/api/admin/loyalty/campaigns/${active.id}`, admin, body);
    expect(frozen.statusCode).toBe(409);
    expect(code(frozen)).toBe('LOYALTY_CAMPAIGN_FROZEN');
    const moved = await call('PUT', `/api/admin/loyalty/campaigns/${active.id}`, admin, {
      ...body,
      beginsAt: at(-2),
      products: [{ productId: p.id, points: 50 }],
    });
    expect(code(moved)).toBe('LOYALTY_CAMPAIGN_FROZEN');
    // The name, the end and the stores may still change when the points stay.
    const renamed = await call('PUT', `/api/admin/loyalty/campaigns/${active.id}`, admin, {
      ...body,
      products: [{ productId: p.id, points: 50 }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call('DELETE', `/api/admin/loyalty/campaigns/${active.id}`, admin)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/admin/loyalty/campaigns/${upcoming.id}`, admin)).statusCode).toBe(200);
    const frozenAt = rowsOf<{ frozen_at: Date | null }>(
      await t.database.db.execute(
        sql`select frozen_at from loyalty_campaigns where client_id = ${clientA} and id = ${active.id}`,
      ),
    );
    expect(frozenAt[0]!.frozen_at).not.toBeNull();
    // Another client's campaign is not found.
    expect((await call('GET', `/api/admin/loyalty/campaigns/${active.id}`, adminB)).statusCode).toBe(404);
  });
});

describe('the learner', () => {
  it('signs up to an active campaign at an eligible store, once', async () => {
    const g1 = await place(1);
    const outside = await place(1);
    const p = await makeProduct();
    const active = await makeCampaign({
      begins: -2,
      ends: 40,
      storeIds: [g1.store.id],
      products: [{ productId: p.id, points: 10 }],
    });
    const previous = await makeCampaign({ begins: -120, ends: -30, storeIds: [g1.store.id] });
    const upcoming = await makeCampaign({ begins: 10, ends: 90, storeIds: [g1.store.id] });
    const register = (campaignId: number, storeId: number, as = learner.as, lang = 'pt-BR') =>
      call(
        'POST',
        `/api/loyalty/campaigns/${campaignId}/registrations`,
        { ...as, 'accept-language': lang },
        { storeId },
      );

    const notParticipating = await register(active.id, outside.store.id);
    expect(notParticipating.statusCode).toBe(422);
    expect(notParticipating.json().error).toMatchObject({
      code: 'LOYALTY_STORE_NOT_PARTICIPATING',
      message: 'Loja não participante da campanha',
    });
    const ended = await register(previous.id, g1.store.id);
    expect(ended.statusCode).toBe(409);
    expect(code(ended)).toBe('LOYALTY_CAMPAIGN_NOT_ACTIVE');
    expect((await register(upcoming.id, g1.store.id)).statusCode).toBe(404);
    expect((await register(active.id, g1.store.id, learnerB.as)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/loyalty/campaigns/${active.id}/registrations`, learner.as, {})).statusCode,
    ).toBe(400);

    const done = await register(active.id, g1.store.id);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ campaignId: active.id, storeId: g1.store.id, status: 'active' });
    const again = await register(active.id, g1.store.id, learner.as, 'en-US');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'LOYALTY_ALREADY_REGISTERED',
      message: 'You are already signed up to this campaign.',
    });
    const audited = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from audit_log
        where client_id = ${clientA} and action = 'loyalty.register' and actor_id = ${learner.id}`),
    );
    expect(audited[0]!.n).toBe(1);
  });

  it('registers once when the same sign-up arrives many times at once', async () => {
    const g = await place(1);
    const campaign = await makeCampaign({ begins: -1, ends: 20, storeIds: [g.store.id] });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call('POST', `/api/loyalty/campaigns/${campaign.id}/registrations`, learner.as, {
          storeId: g.store.id,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const rows = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from loyalty_registrations
        where client_id = ${clientA} and campaign_id = ${campaign.id}`),
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses a store whose chain is placed in the other country group', async () => {
    const g = await place(1);
    const campaign = await makeCampaign({ begins: -1, ends: 20, storeIds: [g.store.id] });
    // The chain moves to group 2 after the campaign listed its store.
    await ok('PUT', `/api/admin/loyalty/retailers/${g.retailer.id}`, admin, {
      countryId: g.country.id,
      name: `Moved ${++seq}`,
      countryGroup: 2,
    });
    const res = await call('POST', `/api/loyalty/campaigns/${campaign.id}/registrations`, learner.as, {
      storeId: g.store.id,
    });
    expect(res.statusCode).toBe(422);
    expect(code(res)).toBe('LOYALTY_COUNTRY_NOT_IN_GROUP');
  });

  it('lists active and previous campaigns with my registration and what I earned in each', async () => {
    const g = await place(1);
    const active = await makeCampaign({ begins: -3, ends: 30, storeIds: [g.store.id] });
    const previous = await makeCampaign({ begins: -200, ends: -100, storeIds: [g.store.id] });
    const upcoming = await makeCampaign({ begins: 3, ends: 30, storeIds: [g.store.id] });
    await ok('POST', `/api/loyalty/campaigns/${active.id}/registrations`, learner.as, {
      storeId: g.store.id,
    });
    await t.modules.rewards.ledger.credit({
      clientId: clientA,
      userId: learner.id,
      points: 150,
      xp: 100,
      source: 'sale',
      refType: CAMPAIGN_REF,
      refId: active.id,
      idempotencyKey: `sale-test-${++seq}`,
    });
    const list = await ok<{
      items: {
        id: number;
        status: string;
        points: number;
        xp: number;
        registration: { storeId: number } | null;
      }[];
    }>('GET', '/api/loyalty/campaigns', learner.as);
    const ids = list.items.map((c) => c.id);
    expect(ids).toContain(active.id);
    expect(ids).toContain(previous.id);
    expect(ids).not.toContain(upcoming.id);
    const a = list.items.find((c) => c.id === active.id)!;
    expect(a).toMatchObject({
      status: 'active',
      points: 150,
      xp: 100,
      registration: { storeId: g.store.id },
    });
    expect(list.items.find((c) => c.id === previous.id)).toMatchObject({
      status: 'previous',
      points: 0,
      xp: 0,
      registration: null,
    });
    // Active ones come first.
    expect(list.items[0]!.status).toBe('active');
    const other = await ok<{ items: { id: number }[] }>('GET', '/api/loyalty/campaigns', learnerB.as);
    expect(other.items.map((c) => c.id)).not.toContain(active.id);
  });

  it('picks among the campaign’s active stores, and reads the points table at my level’s multiplier', async () => {
    const g = await place(1);
    const closed = await place(1);
    await ok('PUT', `/api/admin/loyalty/stores/${closed.store.id}`, admin, {
      retailerId: closed.retailer.id,
      code: `CLOSED-${++seq}`,
      name: 'Closed store',
      city: 'Lima',
      timeZone: 'America/Lima',
      active: false,
    });
    const p1 = await makeProduct(admin, 'Tablet Aero 11');
    const p2 = await makeProduct(admin, 'Desktop Tower 7');
    const campaign = await makeCampaign({
      begins: -1,
      ends: 10,
      storeIds: [g.store.id, closed.store.id],
      products: [
        { productId: p1.id, points: 15 },
        { productId: p2.id, points: 33 },
      ],
    });
    const stores = await ok<{ items: { id: number; retailerName: string }[]; total: number }>(
      'GET',
      `/api/loyalty/stores?campaign=${campaign.id}`,
      learner.as,
    );
    expect(stores.items.map((s) => s.id)).toEqual([g.store.id]);
    expect((await call('GET', `/api/loyalty/stores?campaign=${campaign.id}`, learnerB.as)).statusCode).toBe(
      404,
    );

    // Level 2 (x1.5): 15 → 22 (rounded down), 33 → 49.
    const levels = await ok<{ items: { id: number; position: number }[] }>(
      'GET',
      '/api/loyalty/levels',
      learner.as,
    );
    await t.modules.loyalty.loyalty.setMemberLevel(
      { userId: adminId, clientId: clientA },
      learner.id,
      levels.items.find((l) => l.position === 2)!.id,
    );
    const table = await ok<{
      multiplier: number;
      total: number;
      items: { name: string; points: number; myPoints: number }[];
    }>('GET', `/api/loyalty/points-table?campaign=${campaign.id}`, learner.as);
    expect(table.multiplier).toBe(1.5);
    expect(table.items.map((i) => [i.name, i.points, i.myPoints])).toEqual(
      expect.arrayContaining([
        ['Tablet Aero 11', 15, 22],
        ['Desktop Tower 7', 33, 49],
      ]),
    );
    const searched = await ok<{ items: { name: string }[]; total: number }>(
      'GET',
      `/api/loyalty/points-table?campaign=${campaign.id}&q=aero`,
      learner.as,
    );
    expect(searched.items.map((i) => i.name)).toEqual(['Tablet Aero 11']);
    const paged = await ok<{ items: unknown[]; total: number }>(
      'GET',
      `/api/loyalty/points-table?campaign=${campaign.id}&pageSize=1&page=2`,
      learner.as,
    );
    expect(paged).toMatchObject({ total: 2 });
    expect(paged.items).toHaveLength(1);
    expect(
      (
        await call(
          'GET',
          `/api/loyalty/points-table?campaign=${campaign.id}&q=${'x'.repeat(101)}`,
          learner.as,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await call('GET', `/api/loyalty/points-table?campaign=${campaign.id}`, learnerB.as)).statusCode,
    ).toBe(404);
  });
});

describe('CSV imports', () => {
  it('reports every refused row and writes nothing, then imports all or updates by natural key', async () => {
    const country = await ok<{ code: string }>('POST', '/api/admin/loyalty/countries', admin, {
      code: 'QZ',
      name: 'Import land',
      countryGroup: 2,
    });
    const bad = [
      'code;name;city;retailer;country;time_zone;phones_and_cameras_allowed',
      'IMP-1;Loja Um;Lima;Cadena;QZ;America/Lima;sim',
      'IMP-2;Loja Dois;Lima;Cadena;XX;America/Lima;não',
      'IMP-3;Loja Tres;Lima;Cadena;QZ;Nowhere/City;sim',
      'IMP-1;Again;Lima;Cadena;QZ;America/Lima;sim',
    ].join('\n');
    const refused = await call('POST', '/api/admin/loyalty/stores/import', admin, { csv: bad });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('LOYALTY_IMPORT_INVALID');
    const lines = (refused.json().error.details.rows as { line: number; field: string }[]).map((r) => [
      r.line,
      r.field,
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        [3, 'country'],
        [4, 'time_zone'],
        [5, 'code'],
      ]),
    );
    const none = await ok<{ total: number }>('GET', '/api/admin/loyalty/stores?q=IMP-', admin);
    expect(none.total).toBe(0);

    const good = [
      'code,name,city,retailer,country,time_zone,phones_and_cameras_allowed',
      `IMP-1,"Loja Um, Centro",Lima,Cadena,${country.code},America/Lima,yes`,
      `IMP-2,Loja Dois,Arequipa,Cadena,${country.code},America/Lima,no`,
    ].join('\r\n');
    const first = await ok('POST', '/api/admin/loyalty/stores/import', admin, { csv: good });
    expect(first).toEqual({ created: 2, updated: 0 });
    const second = await ok('POST', '/api/admin/loyalty/stores/import', admin, { csv: good });
    expect(second).toEqual({ created: 0, updated: 2 });
    const stores = await ok<{ items: { code: string; name: string; phonesAndCamerasAllowed: boolean }[] }>(
      'GET',
      '/api/admin/loyalty/stores?q=IMP-',
      admin,
    );
    expect(stores.items.map((s) => [s.code, s.name, s.phonesAndCamerasAllowed]).sort()).toEqual([
      ['IMP-1', 'Loja Um, Centro', true],
      ['IMP-2', 'Loja Dois', false],
    ]);
    // Client B imports the same codes into its own program without touching A's.
    const missingCountry = await call('POST', '/api/admin/loyalty/stores/import', adminB, { csv: good });
    expect(missingCountry.statusCode).toBe(422);

    const products = [
      'sku,name,brand,product_type,processor,processor_generation,form_factor',
      'IMP-SKU-1,Nimbus Air 13,Nimbus,Notebook,Core Ultra 5,Series 2,Clamshell',
      'IMP-SKU-2,Nimbus Flip 14,Nimbus,Notebook,Core Ultra 7,Series 2,2-in-1',
    ].join('\n');
    expect(await ok('POST', '/api/admin/loyalty/products/import', admin, { csv: products })).toEqual({
      created: 2,
      updated: 0,
    });
    expect(await ok('POST', '/api/admin/loyalty/products/import', admin, { csv: products })).toEqual({
      created: 0,
      updated: 2,
    });
    const noHeader = await call('POST', '/api/admin/loyalty/products/import', admin, {
      csv: 'sku,name\nA,B',
    });
    expect(noHeader.statusCode).toBe(422);
    const tooBig = await call('POST', '/api/admin/loyalty/products/import', admin, {
      csv: 'x'.repeat(2_000_001),
    });
    expect([400, 413]).toContain(tooBig.statusCode);
    expect(
      (await call('POST', '/api/admin/loyalty/products/import', learner.as, { csv: products })).statusCode,
    ).toBe(403);
  });
});
