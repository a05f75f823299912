import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@trilha/domain/dates';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { registerToCampaign, saleForm, salesProgram, type SalesProgram } from '../../../test/sales-helpers';
import { rowsOf } from '../../db/client';
import { loyaltyLevels, loyaltyMemberLevels } from '../../db/schema/loyalty';
import { differenceHash, hammingDistance } from './sales.photo';

/**
 * The audit of sale reports (docs/sales.md, "Audit"), through the routes on PGlite and PostgreSQL: who
 * may audit, the queue's filters, the four fraud signals, approval (the multiplier of the level, the lot
 * expiring at the campaign's end, XP), a rejection before and after approval (reversal, spent points),
 * bulk decisions, the private photo, and the store's wait for the audit.
 */

const DAY = 86_400_000;
let t: TestApp;
let clientA: number;
let clientB: number;
let live: SalesProgram;
let other: SalesProgram;
let liveB: SalesProgram;
let campaignEnd: Date;
let levels: { basic: number; creator: number };
const users: Record<
  'seller' | 'seller2' | 'auditor' | 'admin' | 'auditorB' | 'sellerB',
  { id: number; as: Record<string, string> }
> = {} as never;

let red: Buffer;
let redAgain: Buffer;
let stripes: Buffer;
let dots: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  clientA = (await createClient(db)).id;
  clientB = (await createClient(db)).id;
  const plan = [
    ['seller', clientA, ['sales_agent']],
    ['seller2', clientA, ['sales_agent']],
    ['auditor', clientA, ['auditor']],
    ['admin', clientA, ['program_admin']],
    ['auditorB', clientB, ['auditor']],
    ['sellerB', clientB, ['sales_agent']],
  ] as const;
  for (const [name, clientId, roles] of plan) {
    const u = await createUser(db, { clientIds: [clientId], roles: [...roles] });
    users[name] = { id: u.id, as: bearer((await login(t, u.username)).access_token) };
  }
  campaignEnd = new Date(Date.now() + 30 * DAY);
  live = await salesProgram(db, clientA, { beginsAt: new Date(Date.now() - 30 * DAY), endsAt: campaignEnd });
  other = await salesProgram(db, clientA, {
    beginsAt: new Date(Date.now() - 30 * DAY),
    endsAt: new Date(Date.now() + 40 * DAY),
  });
  liveB = await salesProgram(db, clientB, {
    beginsAt: new Date(Date.now() - 30 * DAY),
    endsAt: new Date(Date.now() + 30 * DAY),
  });
  for (const p of [live, other]) {
    await registerToCampaign(db, clientA, users.seller.id, p);
    await registerToCampaign(db, clientA, users.seller2.id, p);
  }
  await registerToCampaign(db, clientB, users.sellerB.id, liveB);
  const inserted = await db
    .insert(loyaltyLevels)
    .values([
      { clientId: clientA, name: 'Basic', position: 1, minXp: 0, multiplier: '1' },
      { clientId: clientA, name: 'Creator', position: 2, minXp: 1000, multiplier: '1.5' },
      { clientId: clientA, name: 'Influencer', position: 3, minXp: 5000, multiplier: '2' },
    ])
    .returning();
  levels = { basic: inserted[0]!.id, creator: inserted[1]!.id };
  await db
    .insert(loyaltyMemberLevels)
    .values({ clientId: clientA, userId: users.seller.id, levelId: levels.creator });

  const picture = sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } }).composite([
    {
      input: await sharp({ create: { width: 320, height: 240, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      left: 40,
      top: 60,
    },
  ]);
  red = await picture.clone().jpeg({ quality: 90 }).toBuffer();
  // The same picture, smaller and re-encoded: other bytes, nearly the same dHash.
  redAgain = await sharp(red).resize(500).jpeg({ quality: 60 }).toBuffer();
  const stripesSvg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">${Array.from(
      { length: 10 },
      (_, i) => `<rect x="${i * 40}" y="0" width="20" height="300" fill="#123"/>`,
    ).join('')}</svg>`,
  );
  stripes = await sharp(stripesSvg).flatten({ background: '#eee' }).png().toBuffer();
  const dotsSvg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#fff"/>${Array.from(
      { length: 6 },
      (_, i) => `<circle cx="${60 + i * 60}" cy="${50 + (i % 3) * 90}" r="25" fill="#0a4"/>`,
    ).join('')}</svg>`,
  );
  dots = await sharp(dotsSvg).png().toBuffer();
}, 60_000);
afterAll(() => t.close());

let invoices = 0;
const nextInvoice = () => `AUD-${++invoices}`;

async function report(
  who: { as: Record<string, string> },
  p: SalesProgram,
  opts: {
    invoice?: string;
    photo?: Buffer;
    lines?: { productId: number; quantity: number }[];
    store?: 'saoPaulo' | 'buenosAires';
  } = {},
) {
  const store = opts.store ?? 'buenosAires';
  const body = {
    campaignId: p.campaignId,
    storeId: p.stores[store],
    saleDate: todayIn(store === 'saoPaulo' ? 'America/Sao_Paulo' : 'America/Argentina/Buenos_Aires'),
    invoiceNumber: opts.invoice ?? nextInvoice(),
    observation: '',
    lines: opts.lines ?? [
      { productId: p.products.p100, quantity: 1 },
      { productId: p.products.p250, quantity: 1 },
    ],
  };
  const form = opts.photo ? saleForm(body, { data: opts.photo }) : null;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/loyalty/sales',
    headers: {
      ...who.as,
      'idempotency-key': `k-${Math.random().toString(36).slice(2)}`,
      ...(form ? form.headers : {}),
    },
    ...(form ? { payload: form.payload } : { payload: body }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; basePoints: number };
}

const get = (who: { as: Record<string, string> }, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who.as });
const post = (who: { as: Record<string, string> }, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: who.as, ...(payload === undefined ? {} : { payload }) });

async function ledgerOf(userId: number, clientId = clientA) {
  const db = t.database.db;
  const entries = rowsOf<{ ledger: string; amount: number; source: string; idempotency_key: string }>(
    await db.execute(sql`select ledger, amount, source, idempotency_key from ledger_entries
      where client_id = ${clientId} and user_id = ${userId} order by id`),
  );
  const [account] = rowsOf<{ points: number; xp: number; held: number }>(
    await db.execute(sql`select points, xp, held from reward_accounts
      where client_id = ${clientId} and user_id = ${userId}`),
  );
  return {
    entries: entries.map((e) => ({ ...e, amount: Number(e.amount) })),
    points: Number(account?.points ?? 0),
    xp: Number(account?.xp ?? 0),
  };
}

async function inbox(userId: number) {
  return rowsOf<{ title: string; body: string }>(
    await t.database.db.execute(sql`select title, body from inbox_messages
      where user_id = ${userId} and client_id = ${clientA} order by id`),
  );
}

describe('the difference hash', () => {
  it('keeps a re-encoded copy within a few bits and tells another picture apart', async () => {
    const a = await differenceHash(red);
    const b = await differenceHash(redAgain);
    const c = await differenceHash(stripes);
    expect(hammingDistance(a, a)).toBe(0);
    expect(hammingDistance(a, b)).toBeLessThanOrEqual(4);
    expect(hammingDistance(a, c)).toBeGreaterThan(12);
  });
});

describe('who may audit', () => {
  it('refuses a learner (403) and answers another client’s sale with 404', async () => {
    const sale = await report(users.seller, live);
    expect((await get(users.seller, '/api/admin/sales')).statusCode).toBe(403);
    expect((await get(users.seller, `/api/admin/sales/${sale.id}`)).statusCode).toBe(403);
    expect((await post(users.seller, `/api/admin/sales/${sale.id}/approve`)).statusCode).toBe(403);
    expect((await get(users.auditorB, `/api/admin/sales/${sale.id}`)).statusCode).toBe(404);
    expect((await post(users.auditorB, `/api/admin/sales/${sale.id}/approve`)).statusCode).toBe(404);
    expect((await get(users.auditorB, `/api/admin/sales/${sale.id}/photo`)).statusCode).toBe(404);
    const queueB = (await get(users.auditorB, '/api/admin/sales')).json() as { items: { id: number }[] };
    expect(queueB.items.map((s) => s.id)).not.toContain(sale.id);
    expect((await get(users.admin, `/api/admin/sales/${sale.id}`)).statusCode).toBe(200);
    expect((await get(users.auditor, '/api/admin/sales/0')).statusCode).toBe(400);
    expect((await get(users.auditor, '/api/admin/sales?flags=nonsense')).statusCode).toBe(400);
    expect((await get(users.auditor, `/api/admin/sales?q=${'9'.repeat(41)}`)).statusCode).toBe(400);
  });
});

describe('the queue', () => {
  it('filters by campaign, store, retailer, status and invoice number, pending first', async () => {
    const a = await report(users.seller2, live, { invoice: 'FILTER-001', store: 'saoPaulo', photo: stripes });
    const b = await report(users.seller2, other, { invoice: 'FILTER-002' });
    const list = async (query: string) =>
      (await get(users.auditor, `/api/admin/sales?pageSize=100&${query}`)).json() as {
        items: { id: number; status: string; campaignName: string; storeName: string; userName: string }[];
        total: number;
      };
    expect((await list('q=filter-00')).items.map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
    expect((await list(`q=filter&campaign=${other.campaignId}`)).items.map((s) => s.id)).toEqual([b.id]);
    expect((await list(`q=filter&store=${live.stores.saoPaulo}`)).items.map((s) => s.id)).toEqual([a.id]);
    expect((await list(`q=filter&retailer=${other.retailerId}`)).items.map((s) => s.id)).toEqual([b.id]);
    expect((await list('q=filter&status=approved')).total).toBe(0);
    const first = (await list(`q=FILTER-001`)).items[0]!;
    expect(first).toMatchObject({ status: 'pending', storeName: expect.stringContaining('saoPaulo') });
    expect(first.campaignName).toMatch(/^Campaign /);
    const options = (await get(users.auditor, '/api/admin/sales/filters')).json() as {
      campaigns: { id: number }[];
      stores: { id: number; retailerId: number }[];
    };
    expect(options.campaigns.map((c) => c.id)).toEqual(
      expect.arrayContaining([live.campaignId, other.campaignId]),
    );
    expect(options.stores).toContainEqual(
      expect.objectContaining({ id: live.stores.saoPaulo, retailerId: live.retailerId }),
    );
    expect((await get(users.auditorB, '/api/admin/sales/filters')).json()).toMatchObject({
      campaigns: [{ id: liveB.campaignId }],
    });
    expect((await get(users.seller, '/api/admin/sales/filters')).statusCode).toBe(403);
    // The percent sign is a character, not a wildcard.
    expect((await list('q=%25')).total).toBe(0);
  });

  it('counts the whole filtered queue on every page, a page past the end included', async () => {
    const first = await report(users.seller2, live, { invoice: 'PAGED-1' });
    const again = await report(users.seller2, other, { invoice: 'paged-1' });
    const lone = await report(users.seller2, live, { invoice: 'PAGED-2' });
    const page = async (query: string) =>
      (await get(users.auditor, `/api/admin/sales?q=paged-&${query}`)).json() as {
        items: { id: number }[];
        total: number;
      };
    expect(await page('pageSize=2&page=1')).toMatchObject({
      total: 3,
      items: [{ id: first.id }, { id: again.id }],
    });
    expect(await page('pageSize=2&page=2')).toMatchObject({ total: 3, items: [{ id: lone.id }] });
    expect(await page('pageSize=2&page=5')).toMatchObject({ total: 3, items: [] });
    expect(await page('pageSize=1&flags=invoice_elsewhere')).toMatchObject({
      total: 2,
      items: [{ id: first.id }],
    });
    expect(await page('pageSize=1&page=3&flags=invoice_elsewhere')).toMatchObject({ total: 2, items: [] });
    expect(await page('flags=same_image')).toMatchObject({ total: 0, items: [] });
  });
});

describe('fraud signals', () => {
  it('flags the same image, a near-duplicate, an invoice used elsewhere and an unusual quantity', async () => {
    const first = await report(users.seller, live, { invoice: 'SIG-1', store: 'saoPaulo', photo: red });
    const same = await report(users.seller2, live, { invoice: 'SIG-2', store: 'saoPaulo', photo: red });
    const similar = await report(users.seller2, live, {
      invoice: 'SIG-3',
      store: 'saoPaulo',
      photo: redAgain,
    });
    const elsewhere = await report(users.seller2, other, { invoice: 'sig-1' });
    const big = await report(users.seller2, other, {
      store: 'buenosAires',
      lines: [{ productId: other.products.p100, quantity: 21 }],
    });
    const flagsOf = async (id: number) =>
      (await get(users.auditor, `/api/admin/sales/${id}`)).json() as {
        flags: string[];
        signals: {
          sameImage: { id: number }[];
          similarImage: { id: number; distance: number }[];
          invoiceElsewhere: { id: number; campaignName: string }[];
          unusualQuantity: { units: number; threshold: number; unusual: boolean; otherSales: number };
        };
      };
    const s = await flagsOf(same.id);
    expect(s.flags).toEqual(expect.arrayContaining(['same_image', 'similar_image']));
    expect(s.signals.sameImage.map((r) => r.id)).toEqual([first.id]);
    expect(s.signals.similarImage.map((r) => r.id)).toEqual([similar.id]);
    expect(s.signals.similarImage[0]!.distance).toBeLessThanOrEqual(10);
    const sim = await flagsOf(similar.id);
    expect(sim.flags).toContain('similar_image');
    expect(sim.flags).not.toContain('same_image');
    const inv = await flagsOf(elsewhere.id);
    expect(inv.flags).toEqual(['invoice_elsewhere']);
    expect(inv.signals.invoiceElsewhere.map((r) => r.id)).toEqual([first.id]);
    const q = await flagsOf(big.id);
    expect(q.flags).toContain('unusual_quantity');
    expect(q.signals.unusualQuantity).toMatchObject({ units: 21, threshold: 20, unusual: true });
    const plain = await report(users.seller2, other, { photo: dots, store: 'saoPaulo' });
    expect((await flagsOf(plain.id)).flags).toEqual([]);

    // The queue filters by flags (any of those given).
    const flagged = (
      await get(users.auditor, '/api/admin/sales?pageSize=100&flags=invoice_elsewhere,unusual_quantity')
    ).json() as { items: { id: number; flags: string[] }[] };
    const ids = flagged.items.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, elsewhere.id, big.id]));
    expect(ids).not.toContain(similar.id);
    expect(ids).not.toContain(plain.id);
  });

  it('judges a quantity against three times the store’s average once it has five other sales', async () => {
    const p = await salesProgram(t.database.db, clientA, {
      beginsAt: new Date(Date.now() - 30 * DAY),
      endsAt: new Date(Date.now() + 30 * DAY),
    });
    await registerToCampaign(t.database.db, clientA, users.seller2.id, p);
    for (let i = 0; i < 5; i++) {
      await report(users.seller2, p, { lines: [{ productId: p.products.p100, quantity: 2 }] });
    }
    const seven = await report(users.seller2, p, { lines: [{ productId: p.products.p100, quantity: 7 }] });
    const six = await report(users.seller2, p, { lines: [{ productId: p.products.p100, quantity: 6 }] });
    const detail = (await get(users.auditor, `/api/admin/sales/${seven.id}`)).json() as {
      flags: string[];
      signals: { unusualQuantity: { otherSales: number; average: number; threshold: number } };
    };
    // Its others: five sales of 2 and one of 6: average 2.67, threshold 8.
    expect(detail.signals.unusualQuantity).toMatchObject({ otherSales: 6, average: 2.67, threshold: 8 });
    expect(detail.flags).not.toContain('unusual_quantity');
    const sixDetail = (await get(users.auditor, `/api/admin/sales/${six.id}`)).json() as { flags: string[] };
    expect(sixDetail.flags).not.toContain('unusual_quantity');
    const nine = await report(users.seller2, p, { lines: [{ productId: p.products.p100, quantity: 9 }] });
    // Others of the nine: 2×5, 7, 6 → average 3.57, threshold 10.71: 9 is not unusual. Others of a
    // thirteen: 2×5, 7, 6, 9 → average 4, threshold 12.
    expect(
      ((await get(users.auditor, `/api/admin/sales/${nine.id}`)).json() as { flags: string[] }).flags,
    ).not.toContain('unusual_quantity');
    const thirteen = await report(users.seller2, p, {
      lines: [{ productId: p.products.p100, quantity: 13 }],
    });
    expect(
      ((await get(users.auditor, `/api/admin/sales/${thirteen.id}`)).json() as { flags: string[] }).flags,
    ).toContain('unusual_quantity');
  });
});

describe('approval and rejection', () => {
  it('credits floor(base × 1.5) points as a lot expiring at the campaign’s end and base XP, once', async () => {
    // 3 × 100 + 1 × 250 = 550 base; Creator's 1.5 gives 825.
    const sale = await report(users.seller, live, {
      lines: [
        { productId: live.products.p100, quantity: 3 },
        { productId: live.products.p250, quantity: 1 },
      ],
    });
    const before = await ledgerOf(users.seller.id);
    const res = await post(users.auditor, `/api/admin/sales/${sale.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      creditedPoints: 825,
      creditedXp: 550,
      multiplier: 1.5,
      decisions: [{ decision: 'approved', fromStatus: 'pending', points: 825, xp: 550 }],
    });
    const after = await ledgerOf(users.seller.id);
    expect(after.points - before.points).toBe(825);
    expect(after.xp - before.xp).toBe(550);
    const [lot] = rowsOf<{ amount: number; expires_at: Date | string }>(
      await t.database.db.execute(sql`select l.amount, l.expires_at from point_lots l
        join ledger_entries e on e.id = l.entry_id
        where e.client_id = ${clientA} and e.idempotency_key = ${`sale:${sale.id}`}`),
    );
    expect(Number(lot!.amount)).toBe(825);
    expect(new Date(lot!.expires_at).getTime()).toBe(campaignEnd.getTime());
    // A second approval credits nothing more.
    expect((await post(users.auditor, `/api/admin/sales/${sale.id}/approve`)).statusCode).toBe(200);
    expect((await ledgerOf(users.seller.id)).points).toBe(after.points);
    const messages = await inbox(users.seller.id);
    expect(messages.at(-1)!.body).toContain('825');
    const trail = rowsOf<{ action: string }>(
      await t.database.db.execute(sql`select action from audit_log
        where client_id = ${clientA} and entity = 'loyalty_sale' and entity_id = ${String(sale.id)}
        order by id`),
    );
    expect(trail.map((r) => r.action)).toEqual(['sales.report', 'sales.approve']);
  });

  it('uses multiplier 1 for a member of the first level, rounding down', async () => {
    const sale = await report(users.seller2, live, {
      lines: [{ productId: live.products.p100, quantity: 1 }],
    });
    const res = await post(users.admin, `/api/admin/sales/${sale.id}/approve`);
    expect(res.json()).toMatchObject({ creditedPoints: 100, creditedXp: 100, multiplier: 1 });
  });

  it('rejects a pending sale with its reason, and refuses to decide it again', async () => {
    const sale = await report(users.seller2, live);
    expect(
      (await post(users.auditor, `/api/admin/sales/${sale.id}/reject`, { reason: '  ' })).statusCode,
    ).toBe(400);
    const res = await post(users.auditor, `/api/admin/sales/${sale.id}/reject`, { reason: 'Nota ilegível' });
    expect(res.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Nota ilegível' });
    expect((await inbox(users.seller2.id)).at(-1)!.body).toContain('Nota ilegível');
    const again = await post(users.auditor, `/api/admin/sales/${sale.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'SALES_ALREADY_REJECTED' } });
    expect(
      (await post(users.auditor, `/api/admin/sales/${sale.id}/reject`, { reason: 'x' })).statusCode,
    ).toBe(409);
    const mine = (await get(users.seller2, `/api/loyalty/sales/${sale.id}`)).json() as { status: string };
    expect(mine.status).toBe('rejected');
  });

  it('reverses points and XP with new entries when an approved sale is rejected', async () => {
    const sale = await report(users.seller, live, {
      lines: [{ productId: live.products.p100, quantity: 1 }],
    });
    await post(users.auditor, `/api/admin/sales/${sale.id}/approve`);
    const approved = await ledgerOf(users.seller.id);
    const res = await post(users.auditor, `/api/admin/sales/${sale.id}/reject`, { reason: 'Nota duplicada' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      decisions: [
        { decision: 'approved', points: 150, xp: 100 },
        { decision: 'rejected', fromStatus: 'approved', points: -150, xp: -100, pointsShortfall: 0 },
      ],
    });
    const after = await ledgerOf(users.seller.id);
    expect(approved.points - after.points).toBe(150);
    expect(approved.xp - after.xp).toBe(100);
    const reversal = after.entries.filter((e) => e.idempotency_key.startsWith(`sale:${sale.id}:`));
    expect(reversal.map((e) => [e.ledger, e.amount])).toEqual([
      ['points', -150],
      ['xp', -100],
    ]);
    expect((await inbox(users.seller.id)).at(-1)!.body).toContain('Nota duplicada');
  });

  it('takes back only what is left when the points were spent, and records the rest', async () => {
    const u = await createUser(t.database.db, { clientIds: [clientA] });
    const seller = { id: u.id, as: bearer((await login(t, u.username)).access_token) };
    await registerToCampaign(t.database.db, clientA, u.id, live);
    const sale = await report(seller, live, { lines: [{ productId: live.products.p250, quantity: 2 }] });
    await post(users.auditor, `/api/admin/sales/${sale.id}/approve`);
    // The learner spends 400 of the 500 points.
    const spent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/rewards/adjustments',
      headers: { ...users.admin.as, 'idempotency-key': `spend-${u.id}` },
      payload: { userId: u.id, ledger: 'points', amount: -400, reason: 'spent' },
    });
    expect(spent.statusCode, spent.body).toBe(201);
    const res = await post(users.auditor, `/api/admin/sales/${sale.id}/reject`, { reason: 'Fraude' });
    expect(res.json()).toMatchObject({
      status: 'rejected',
      decisions: [{}, { points: -100, xp: -500, pointsShortfall: 400, xpShortfall: 0 }],
    });
    const after = await ledgerOf(u.id);
    expect(after).toMatchObject({ points: 0, xp: 0 });
  });

  it('decides in bulk, each sale on its own, answering each one’s result', async () => {
    const a = await report(users.seller2, live);
    const b = await report(users.seller2, live);
    const rejected = await report(users.seller2, live);
    await post(users.auditor, `/api/admin/sales/${rejected.id}/reject`, { reason: 'no' });
    const foreign = await report(users.sellerB, liveB);
    const res = await post(users.auditor, '/api/admin/sales/bulk', {
      action: 'approve',
      ids: [a.id, rejected.id, foreign.id, b.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { id: a.id, ok: true, status: 'approved', code: null },
        { id: rejected.id, ok: false, status: null, code: 'SALES_ALREADY_REJECTED' },
        { id: foreign.id, ok: false, status: null, code: 'NOT_FOUND' },
        { id: b.id, ok: true, status: 'approved', code: null },
      ],
    });
    expect(
      (await post(users.auditor, '/api/admin/sales/bulk', { action: 'reject', ids: [a.id] })).statusCode,
    ).toBe(400);
    const rej = await post(users.auditor, '/api/admin/sales/bulk', {
      action: 'reject',
      ids: [a.id],
      reason: 'r',
    });
    expect(rej.json()).toEqual({ results: [{ id: a.id, ok: true, status: 'rejected', code: null }] });
    expect(
      (
        await post(users.auditor, '/api/admin/sales/bulk', {
          action: 'approve',
          ids: Array.from({ length: 101 }, (_, i) => i + 1),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('approves once under many parallel clicks', async () => {
    const sale = await report(users.seller2, live, {
      lines: [{ productId: live.products.p250, quantity: 1 }],
    });
    const before = await ledgerOf(users.seller2.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(users.auditor, `/api/admin/sales/${sale.id}/approve`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const after = await ledgerOf(users.seller2.id);
    expect(after.points - before.points).toBe(250);
    expect(after.entries.filter((e) => e.idempotency_key === `sale:${sale.id}`)).toHaveLength(2);
    const [n] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from sale_decisions where client_id = ${clientA} and sale_id = ${sale.id}`,
      ),
    );
    expect(Number(n!.n)).toBe(1);
  });
});

describe('decisions clicked at once', () => {
  it('approvals and rejections of one sale racing each other leave it rejected with nothing credited', async () => {
    const sale = await report(users.seller2, live, {
      lines: [{ productId: live.products.p100, quantity: 3 }],
    });
    const before = await ledgerOf(users.seller2.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? post(users.auditor, `/api/admin/sales/${sale.id}/approve`)
          : post(users.admin, `/api/admin/sales/${sale.id}/reject`, { reason: `r${i}` }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    // Exactly one rejection went through; an approval went through at most once, before it.
    const decisions = (await get(users.auditor, `/api/admin/sales/${sale.id}`)).json() as {
      status: string;
      decisions: { decision: string; points: number; xp: number }[];
    };
    expect(decisions.status).toBe('rejected');
    expect(decisions.decisions.filter((d) => d.decision === 'rejected')).toHaveLength(1);
    expect(decisions.decisions.filter((d) => d.decision === 'approved').length).toBeLessThanOrEqual(1);
    const after = await ledgerOf(users.seller2.id);
    expect(after.points).toBe(before.points);
    expect(after.xp).toBe(before.xp);
  });
});

describe('the invoice photo', () => {
  it('is served to the auditor only, privately, as WebP', async () => {
    const sale = await report(users.seller2, live, { photo: stripes, store: 'saoPaulo' });
    const res = await get(users.auditor, `/api/admin/sales/${sale.id}/photo`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    expect((await get(users.seller2, `/api/admin/sales/${sale.id}/photo`)).statusCode).toBe(403);
    const without = await report(users.seller2, live);
    expect((await get(users.auditor, `/api/admin/sales/${without.id}/photo`)).statusCode).toBe(404);
  });

  it('is the media route’s sale-photos, streamed with ranges, under the same rules', async () => {
    const sale = await report(users.seller2, live, { photo: stripes, store: 'saoPaulo' });
    const whole = await get(users.auditor, `/api/media/sale-photos/${sale.id}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/webp');
    expect(whole.headers['cache-control']).toBe('private, no-store');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    const alias = await get(users.auditor, `/api/admin/sales/${sale.id}/photo`);
    expect(alias.rawPayload.equals(whole.rawPayload)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/admin/sales/${sale.id}/photo`,
      headers: { ...users.auditor.as, range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 10))).toBe(true);
    expect((await get(users.seller2, `/api/media/sale-photos/${sale.id}`)).statusCode).toBe(403);
    expect((await get(users.auditorB, `/api/media/sale-photos/${sale.id}`)).statusCode).toBe(404);
    expect((await get(users.auditor, '/api/media/sale-photos/x1')).statusCode).toBe(404);
  });
});

describe('the store waits for the audit', () => {
  it('answers that a user with pending sales waits, and not once they are audited', async () => {
    const u = await createUser(t.database.db, { clientIds: [clientA] });
    const seller = { id: u.id, as: bearer((await login(t, u.username)).access_token) };
    await registerToCampaign(t.database.db, clientA, u.id, live);
    const awaits = t.modules.sales.audit.awaitsAudit;
    expect(await awaits(u.id, clientA)).toBe(false);
    const sale = await report(seller, live);
    expect(await awaits(u.id, clientA)).toBe(true);
    expect(await awaits(u.id, clientB)).toBe(false);
    await post(users.auditor, `/api/admin/sales/${sale.id}/approve`);
    expect(await awaits(u.id, clientA)).toBe(false);
  });

  it('keeps a store order waiting while its user has a sale pending audit', async () => {
    const u = await createUser(t.database.db, { clientIds: [clientA] });
    const seller = { id: u.id, as: bearer((await login(t, u.username)).access_token) };
    await registerToCampaign(t.database.db, clientA, u.id, live);
    const name = (pt: string) => ({ 'pt-BR': pt, 'en-US': pt });
    const dep = await post(users.admin, '/api/admin/store/departments', { name: name('Eletrônicos') });
    const cat = await post(users.admin, '/api/admin/store/categories', {
      name: name('Fones'),
      maxPerUser: 2,
      periodDays: 30,
    });
    const item = await post(users.admin, '/api/admin/store/items', {
      departmentId: dep.json().id,
      categoryId: cat.json().id,
      title: name('Fone'),
      description: name('Sem fio'),
      price: 50,
      stock: 5,
      kind: 'physical',
    });
    expect(item.statusCode, item.body).toBe(200);
    await t.modules.rewards.ledger.credit({
      clientId: clientA,
      userId: u.id,
      points: 100,
      xp: 0,
      source: 'adjustment',
      idempotencyKey: `store-wait-${u.id}`,
    });
    const order = await t.app.inject({
      method: 'POST',
      url: `/api/store/items/${item.json().item.id}/redeem`,
      headers: { ...seller.as, 'idempotency-key': `order-${u.id}` },
      payload: {
        address: { zip: '01001-000', street: 'Praça da Sé', number: '1', city: 'São Paulo', country: 'BR' },
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = order.json().order.id as number;
    const sale = await report(seller, live);
    const waiting = await post(users.admin, `/api/admin/store/orders/${orderId}/approve`);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.code).toBe('STORE_ORDER_AWAITING_AUDIT');
    await post(users.auditor, `/api/admin/sales/${sale.id}/reject`, { reason: 'Nota de outra loja' });
    const approved = await post(users.admin, `/api/admin/store/orders/${orderId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
  });
});
