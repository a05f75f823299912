import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { rowsOf } from '../../db/client';

let t: TestApp;
let clientA: number;
let clientB: number;
let adminA: { id: number; as: Record<string, string> };
let secondAdminA: number;
let adminB: { id: number; as: Record<string, string> };
let learner: Record<string, string>;
let seq = 0;

const address = { zip: '01001-000', street: 'Praça da Sé', number: '1', city: 'São Paulo', country: 'BR' };
const name = (pt: string) => ({ 'pt-BR': pt, 'en-US': `${pt} (en)` });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  clientA = (await createClient(db)).id;
  clientB = (await createClient(db)).id;
  const a = await createUser(db, { clientIds: [clientA], roles: ['program_admin'] });
  secondAdminA = (await createUser(db, { clientIds: [clientA], roles: ['program_admin'] })).id;
  const b = await createUser(db, { clientIds: [clientB], roles: ['program_admin'] });
  const l = await createUser(db, { clientIds: [clientA] });
  adminA = { id: a.id, as: bearer((await login(t, a.username)).access_token) };
  adminB = { id: b.id, as: bearer((await login(t, b.username)).access_token) };
  learner = bearer((await login(t, l.username)).access_token);
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

async function refs() {
  const dep = await call('POST', '/api/admin/store/departments', adminA.as, { name: name('Dep') });
  const cat = await call('POST', '/api/admin/store/categories', adminA.as, { name: name('Cat') });
  return { departmentId: dep.json().id as number, categoryId: cat.json().id as number };
}

/** Low-stock messages each user got in client A. */
const alerts = async (userId: number) =>
  rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from inbox_messages m
      where m.client_id = ${clientA} and m.user_id = ${userId} and m.title = 'Estoque baixo'`),
  )[0]!.n;

async function redeemOne(itemId: number, body: Record<string, unknown> = { address }) {
  const u = await createUser(t.database.db, { clientIds: [clientA] });
  await t.modules.rewards.ledger.credit({
    clientId: clientA,
    userId: u.id,
    points: 100,
    xp: 0,
    source: 'adjustment',
    idempotencyKey: `low-credit-${++seq}`,
  });
  const { order } = await t.modules.store.store.redeem(
    { userId: u.id, clientId: clientA },
    itemId,
    body,
    `low-${++seq}`,
    'pt-BR',
  );
  return order;
}

describe('low stock', () => {
  it('tells the store’s staff once when an item crosses its threshold, again only after it went back above', async () => {
    const c = await refs();
    const before = await alerts(adminA.id);
    const created = await call('POST', '/api/admin/store/items', adminA.as, {
      ...c,
      title: name('Garrafa'),
      description: name(''),
      price: 10,
      stock: 4,
      kind: 'physical',
      lowStockThreshold: 2,
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().item as { id: number; lowStockThreshold: number };
    expect(item.lowStockThreshold).toBe(2);
    await redeemOne(item.id);
    expect(await alerts(adminA.id)).toBe(before);
    // 3 → 2: at the threshold, told once, to every administrator of the client and no one else.
    const order = await redeemOne(item.id);
    expect(await alerts(adminA.id)).toBe(before + 1);
    expect(await alerts(secondAdminA)).toBe(1);
    await redeemOne(item.id);
    expect(await alerts(adminA.id)).toBe(before + 1);
    const listed = await call('GET', '/api/admin/store/low-stock', adminA.as);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toContainEqual({
      itemId: item.id,
      variantId: null,
      title: 'Garrafa',
      variantLabel: null,
      stock: 1,
      threshold: 2,
      kind: 'physical',
    });
    // A reproval brings it to 2 (still low): nothing new. Raised above, then down again: told again.
    await t.modules.store.store.reprove({ userId: adminA.id, clientId: clientA }, order.id, 'x', 'pt-BR');
    expect(await alerts(adminA.id)).toBe(before + 1);
    const edit = (stock: number) =>
      call('PUT', `/api/admin/store/items/${item.id}`, adminA.as, {
        ...c,
        title: name('Garrafa'),
        description: name(''),
        price: 10,
        stock,
        kind: 'physical',
        lowStockThreshold: 2,
      });
    expect((await edit(10)).statusCode).toBe(200);
    expect(
      (await call('GET', '/api/admin/store/low-stock', adminA.as))
        .json()
        .items.some((i: { itemId: number }) => i.itemId === item.id),
    ).toBe(false);
    expect((await edit(1)).statusCode).toBe(200);
    expect(await alerts(adminA.id)).toBe(before + 2);
    // Another client's staff never hear of it nor see it.
    const listedB = await call('GET', '/api/admin/store/low-stock', adminB.as);
    expect(listedB.json().items.some((i: { itemId: number }) => i.itemId === item.id)).toBe(false);
    const inboxB = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from inbox_messages m
        where m.client_id = ${clientB} and m.user_id = ${adminB.id}`),
    )[0]!.n;
    expect(inboxB).toBe(0);
  });

  it('watches each variant on its own with the item’s threshold, and is for staff only', async () => {
    const c = await refs();
    const created = await call('POST', '/api/admin/store/items', adminA.as, {
      ...c,
      title: name('Camiseta'),
      description: name(''),
      price: 10,
      kind: 'physical',
      lowStockThreshold: 1,
      variants: [
        { label: name('P'), stock: 2 },
        { label: name('G'), stock: 9 },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().item as { id: number; variants: { id: number }[] };
    const before = await alerts(adminA.id);
    await redeemOne(item.id, { address, variantId: item.variants[0]!.id });
    expect(await alerts(adminA.id)).toBe(before + 1);
    const texts = rowsOf<{ body: string }>(
      await t.database.db.execute(sql`select m.body from inbox_messages m where m.client_id = ${clientA}
        and m.user_id = ${adminA.id} and m.title = 'Estoque baixo' order by m.id desc limit 1`),
    );
    expect(texts[0]!.body).toBe('Restam 1 unidade(s) de Camiseta (P) na loja de prêmios.');
    const list = (await call('GET', '/api/admin/store/low-stock', adminA.as)).json().items;
    expect(list.filter((i: { itemId: number }) => i.itemId === item.id)).toEqual([
      {
        itemId: item.id,
        variantId: item.variants[0]!.id,
        title: 'Camiseta',
        variantLabel: 'P',
        stock: 1,
        threshold: 1,
        kind: 'physical',
      },
    ]);
    expect((await call('GET', '/api/admin/store/low-stock', learner)).statusCode).toBe(403);
    const bad = await call('POST', '/api/admin/store/items', adminA.as, {
      ...c,
      title: name('X'),
      description: name(''),
      price: 10,
      kind: 'physical',
      lowStockThreshold: -1,
    });
    expect(bad.statusCode).toBe(400);
  });
});
