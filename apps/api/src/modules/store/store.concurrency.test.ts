import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { rowsOf } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { StoreService } from './store.service';

/**
 * Parallel redemptions. PGlite has a single connection, so its "parallel" calls run one after another and
 * could not show an oversold unit or a double spend: these run on PostgreSQL only, where each unit of work
 * has its own connection and the account lock and the conditional stock update keep the books right.
 */
describe.runIf(inject('dbTemplate').kind === 'postgres')('store under parallel load (PostgreSQL)', () => {
  let t: TestApp;
  let store: StoreService;
  let clientId: number;
  let adminId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    store = t.modules.store.store;
    clientId = (await createClient(t.database.db)).id;
    adminId = (await createUser(t.database.db, { clientIds: [clientId], roles: ['program_admin'] })).id;
  });
  afterAll(() => t.close());

  const name = (pt: string) => ({ 'pt-BR': pt, 'en-US': '', es: '', fr: '' });
  const address = { zip: '1', street: 'Rua A', city: 'Lima', country: 'PE' };

  // 10,000 redemptions by 1,000 users, sized so every refusal happens many times: 1,200 units of the scarce
  // item (at most 2 per user), 250 shirts in two sizes, 300 voucher codes, and 30–60 points each.
  const CALLS = 10_000;
  const USERS = 1_000;
  const SCARCE = 1_200;
  const SIZES = [100, 150] as const;
  const CODES = 300;

  it('10,000 parallel redemptions: nothing oversold, no negative balance, the category maximum held, every hold settled, the ledger reconciled', async () => {
    const started = performance.now();
    const admin = { userId: adminId, clientId };
    const dep = await store.saveDepartment(admin, null, { name: name('Geral') });
    const limited = await store.saveCategory(admin, null, { name: name('Limitada'), maxPerUser: 2 });
    const open = await store.saveCategory(admin, null, { name: name('Livre') });
    const scarce = await store.saveItem(admin, null, {
      departmentId: dep.id,
      categoryId: limited.id,
      title: name('Fone'),
      description: name(''),
      price: 10,
      stock: SCARCE,
      kind: 'physical',
    });
    const shirt = await store.saveItem(admin, null, {
      departmentId: dep.id,
      categoryId: open.id,
      title: name('Camiseta'),
      description: name(''),
      price: 25,
      kind: 'physical',
      variants: [
        { label: name('P'), stock: SIZES[0] },
        { label: name('M'), stock: SIZES[1] },
      ],
    });
    const gift = await store.saveItem(admin, null, {
      departmentId: dep.id,
      categoryId: open.id,
      title: name('Vale'),
      description: name(''),
      price: 5,
      kind: 'digital',
    });
    await store.uploadVouchers(
      admin,
      gift.id,
      Array.from({ length: CODES }, (_, i) => `V-${i}`),
    );
    const variantIds = shirt.variants.map((v) => v.id);

    const users: number[] = [];
    for (let batch = 0; batch < USERS; batch += 50) {
      const made = await Promise.all(
        Array.from({ length: 50 }, async (_, j) => {
          const u = await createUser(t.database.db, { clientIds: [clientId] });
          await t.modules.rewards.ledger.credit({
            clientId,
            userId: u.id,
            points: 30 + ((batch + j) % 4) * 10,
            xp: 0,
            source: 'adjustment',
            idempotencyKey: `seed-${u.id}`,
          });
          return u.id;
        }),
      );
      users.push(...made);
    }
    const seeded = performance.now();

    // Deterministic mix: each user tries each item several times; one call in five repeats the key of the
    // call before it (a double tap), which must order once.
    const planOf = (i: number) => ({
      who: { userId: users[i % users.length]!, clientId },
      target: i % 3,
      variantId: variantIds[i % 2]!,
      key: `k-${i}`,
    });
    const calls = Array.from({ length: CALLS }, (_, i) => {
      const p = i % 5 === 4 ? planOf(i - 1) : planOf(i);
      return p.target === 0
        ? store.redeem(p.who, scarce.id, { address }, p.key, 'pt-BR')
        : p.target === 1
          ? store.redeem(p.who, shirt.id, { address, variantId: p.variantId }, p.key, 'pt-BR')
          : store.redeem(p.who, gift.id, {}, p.key, 'pt-BR');
    });
    const results = await Promise.allSettled(calls);
    const redeemed = performance.now();

    const codes = new Map<string, number>();
    for (const r of results) {
      if (r.status === 'rejected') {
        expect(r.reason, String(r.reason)).toBeInstanceOf(AppError);
        const code = (r.reason as AppError).code;
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
    }
    expect(
      [...codes.keys()].every((c) =>
        ['STORE_INSUFFICIENT_POINTS', 'STORE_OUT_OF_STOCK', 'STORE_CATEGORY_LIMIT_REACHED'].includes(c),
      ),
    ).toBe(true);
    const ok = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    // Double taps answered the first order.
    const orderIds = new Set(ok.map((r) => r.order.id));
    expect(ok.filter((r) => !r.replayed).length).toBe(orderIds.size);

    const db = t.database.db;
    const [units] = rowsOf<{ scarce: number; p: number; m: number; gift: number; vouchers: number }>(
      await db.execute(sql`select
        (select stock from store_items where client_id = ${clientId} and id = ${scarce.id}) as scarce,
        (select stock from store_variants where client_id = ${clientId} and id = ${variantIds[0]!}) as p,
        (select stock from store_variants where client_id = ${clientId} and id = ${variantIds[1]!}) as m,
        (select stock from store_items where client_id = ${clientId} and id = ${gift.id}) as gift,
        (select count(distinct order_id)::int from store_vouchers
          where client_id = ${clientId} and item_id = ${gift.id} and order_id is not null) as vouchers`),
    );
    const orders = rowsOf<{ item_id: number; variant_id: number | null; user_id: number; n: number }>(
      await db.execute(sql`select item_id, variant_id, user_id, count(*)::int as n from store_orders
        where client_id = ${clientId} group by item_id, variant_id, user_id`),
    );
    const sold = (itemId: number, variantId: number | null = null) =>
      orders
        .filter((o) => o.item_id === itemId && (variantId === null || o.variant_id === variantId))
        .reduce((n, o) => n + o.n, 0);
    // Zero oversold: every unit sold was in stock, and stock never went below zero.
    expect(units!.scarce + sold(scarce.id)).toBe(SCARCE);
    expect(units!.p + sold(shirt.id, variantIds[0]!)).toBe(SIZES[0]);
    expect(units!.m + sold(shirt.id, variantIds[1]!)).toBe(SIZES[1]);
    expect(units!.gift + sold(gift.id)).toBe(CODES);
    expect(units!.vouchers).toBe(sold(gift.id));
    expect(sold(scarce.id)).toBeGreaterThan(0);
    // Every refusal of the spec happened (the load is sized for it), none of them a server error.
    expect(codes.get('STORE_INSUFFICIENT_POINTS') ?? 0).toBeGreaterThan(0);
    expect(codes.get('STORE_OUT_OF_STOCK') ?? 0).toBeGreaterThan(0);
    expect(codes.get('STORE_CATEGORY_LIMIT_REACHED') ?? 0).toBeGreaterThan(0);
    // The category maximum held per user.
    for (const o of orders.filter((x) => x.item_id === scarce.id)) expect(o.n).toBeLessThanOrEqual(2);
    // Balances: none negative, and what is held is exactly what the open orders cost.
    const accounts = rowsOf<{ user_id: number; points: number; held: number; owed: number }>(
      await db.execute(sql`select a.user_id, a.points, a.held,
          coalesce((select sum(o.price)::int from store_orders o where o.client_id = ${clientId}
            and o.user_id = a.user_id and o.status = 'awaiting_approval'), 0) as owed
        from reward_accounts a where a.client_id = ${clientId}`),
    );
    for (const a of accounts) {
      expect(a.points - a.held).toBeGreaterThanOrEqual(0);
      expect(a.held).toBe(a.owed);
    }

    // Settle every order in parallel: even ids approved, odd ones reproved (and each order settled twice
    // at once: the second finds it moved).
    const all = rowsOf<{ id: number }>(
      await db.execute(sql`select id from store_orders where client_id = ${clientId} order by id`),
    );
    const settle = await Promise.allSettled(
      all.flatMap(({ id }) => {
        const run = () =>
          id % 2 === 0 ? store.approve(admin, id, 'pt-BR') : store.reprove(admin, id, 'Sem estoque', 'pt-BR');
        return [run(), run()];
      }),
    );
    for (const s of settle) {
      if (s.status === 'rejected') {
        expect((s.reason as AppError).code, String(s.reason)).toBe('STORE_ORDER_TRANSITION_INVALID');
      }
    }
    expect(settle.filter((s) => s.status === 'fulfilled').length).toBe(all.length);
    const [holds] = rowsOf<{ open: number; committed: number; released: number }>(
      await db.execute(sql`select
        count(*) filter (where status = 'held')::int as open,
        count(*) filter (where status = 'committed')::int as committed,
        count(*) filter (where status = 'released')::int as released
        from point_holds where client_id = ${clientId} and ref_type = 'store_item'`),
    );
    expect(holds!.open).toBe(0);
    expect(holds!.committed + holds!.released).toBe(all.length);
    const [after] = rowsOf<{ held: number; negative: number; scarce: number }>(
      await db.execute(sql`select
        (select coalesce(sum(held), 0)::int from reward_accounts where client_id = ${clientId}) as held,
        (select count(*)::int from reward_accounts where client_id = ${clientId} and points < 0) as negative,
        (select stock from store_items where client_id = ${clientId} and id = ${scarce.id}) as scarce`),
    );
    expect(after).toMatchObject({ held: 0, negative: 0 });
    // Reproved units came back: the scarce item's stock is its start less the approved orders.
    const [approvedScarce] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from store_orders
        where client_id = ${clientId} and item_id = ${scarce.id} and status = 'approved'`),
    );
    expect(after!.scarce).toBe(SCARCE - approvedScarce!.n);

    // The ledger reconciles: for every account the entries add up to the balances, the lots to what is
    // spendable, the open holds to what is held.
    const reconciled = await t.modules.rewards.ledger.reconciliation.runFor(clientId);
    expect(reconciled.findings).toEqual([]);
    const settled = performance.now();
    console.info(
      `[store.concurrency] ${USERS} users seeded in ${Math.round(seeded - started)} ms; ` +
        `${CALLS} redemptions in ${Math.round(redeemed - seeded)} ms ` +
        `(${Math.round(CALLS / ((redeemed - seeded) / 1000))}/s, ${orderIds.size} orders, ` +
        `${[...codes].map(([c, n]) => `${c} ${n}`).join(', ')}); ` +
        `${all.length * 2} settlements and the reconciliation in ${Math.round(settled - redeemed)} ms`,
    );
  }, 600_000);
});
