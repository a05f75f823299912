import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { rowsOf } from '../../db/client';

let t: TestApp;
let clientA: number;
let clientB: number;
let admin: Record<string, string>;
let adminB: Record<string, string>;
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
  const b = await createUser(db, { clientIds: [clientB], roles: ['program_admin'] });
  const l = await createUser(db, { clientIds: [clientA] });
  admin = bearer((await login(t, a.username)).access_token);
  adminB = bearer((await login(t, b.username)).access_token);
  learner = bearer((await login(t, l.username)).access_token);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
) =>
  payload === undefined
    ? t.app.inject({ method, url, headers })
    : t.app.inject({ method, url, headers, payload });

/** An item of the client, created through the back office. */
async function makeItem(clientAdmin: Record<string, string>, body: Record<string, unknown> = {}) {
  const dep = await call('POST', '/api/admin/store/departments', clientAdmin, { name: name('Dep') });
  const cat = await call('POST', '/api/admin/store/categories', clientAdmin, { name: name('Cat') });
  const res = await call('POST', '/api/admin/store/items', clientAdmin, {
    departmentId: dep.json().id,
    categoryId: cat.json().id,
    title: name(`Prêmio ${++seq}`),
    description: name(''),
    price: 30,
    stock: 50,
    kind: 'physical',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().item as { id: number };
}

/** An order awaiting approval of a new user of the client (redeemed through the service). */
async function placed(itemId: number, clientId = clientA) {
  const u = await createUser(t.database.db, { clientIds: [clientId] });
  await t.modules.rewards.ledger.credit({
    clientId,
    userId: u.id,
    points: 100,
    xp: 0,
    source: 'adjustment',
    idempotencyKey: `bulk-credit-${++seq}`,
  });
  const { order } = await t.modules.store.store.redeem(
    { userId: u.id, clientId },
    itemId,
    { address },
    `bulk-${++seq}`,
    'pt-BR',
  );
  return { user: u, order };
}

const audits = async (orderId: number, action: string) =>
  rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from audit_log a where a.client_id = ${clientA}
      and a.entity = 'store_order' and a.entity_id = ${String(orderId)} and a.action = ${action}`),
  )[0]!.n;
const inbox = async (userId: number) =>
  rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from inbox_messages m
      where m.client_id = ${clientA} and m.user_id = ${userId}`),
  )[0]!.n;

describe('bulk approval', () => {
  it('approves each order on its own, says why the others failed, and replays by key', async () => {
    const item = await makeItem(admin);
    const a = await placed(item.id);
    const b = await placed(item.id);
    const done = await placed(item.id);
    await t.modules.store.store.approve({ userId: a.user.id, clientId: clientA }, done.order.id, 'pt-BR');
    const foreign = await placed((await makeItem(adminB)).id, clientB);
    const ids = [a.order.id, done.order.id, b.order.id, foreign.order.id, 2_000_000_000];
    const headers = { ...admin, 'idempotency-key': `bulk-key-${++seq}` };
    const res = await call('POST', '/api/admin/store/orders/bulk-approve', headers, { ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      approved: [a.order.id, b.order.id],
      failed: [
        { id: done.order.id, code: 'STORE_ORDER_TRANSITION_INVALID' },
        { id: foreign.order.id, code: 'NOT_FOUND' },
        { id: 2_000_000_000, code: 'NOT_FOUND' },
      ],
    });
    // The same rules as one by one: points committed, one audit row and one message each.
    for (const o of [a, b]) {
      expect(await t.modules.rewards.ledger.balance(clientA, o.user.id)).toMatchObject({
        points: 70,
        held: 0,
      });
      expect(await audits(o.order.id, 'store_order.approve')).toBe(1);
      expect(await inbox(o.user.id)).toBe(1);
    }
    // The other client's order did not move.
    const queueB = await call('GET', '/api/admin/store/orders', adminB);
    expect(queueB.json().items.find((o: { id: number }) => o.id === foreign.order.id).status).toBe(
      'awaiting_approval',
    );
    // The same key answers the first result again and moves nothing more.
    const again = await call('POST', '/api/admin/store/orders/bulk-approve', headers, { ids });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(res.json());
    expect(await audits(a.order.id, 'store_order.approve')).toBe(1);
  });

  it('is bounded, needs a key, and is for the store’s staff only', async () => {
    const key = () => ({ 'idempotency-key': `bulk-key-${++seq}` });
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(
      (await call('POST', '/api/admin/store/orders/bulk-approve', { ...admin, ...key() }, { ids: tooMany }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/admin/store/orders/bulk-approve', { ...admin, ...key() }, { ids: [] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/admin/store/orders/bulk-approve', { ...admin, ...key() }, { ids: [1, 1] }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/admin/store/orders/bulk-approve', admin, { ids: [1] })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', '/api/admin/store/orders/bulk-approve', { ...learner, ...key() }, { ids: [1] }))
        .statusCode,
    ).toBe(403);
  });
});

describe('CSV export of the queue', () => {
  it('streams the filtered queue of the client, with cells a spreadsheet cannot run', async () => {
    const item = await makeItem(admin, { title: name('=HYPERLINK("http://x")') });
    const a = await placed(item.id);
    const b = await placed(item.id);
    await t.modules.store.store.approve({ userId: a.user.id, clientId: clientA }, a.order.id, 'pt-BR');
    const foreign = await placed((await makeItem(adminB)).id, clientB);
    const res = await call('GET', `/api/admin/store/orders.csv?itemId=${item.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="store-orders-/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^"order","created_at","status","item"/);
    expect(lines).toHaveLength(3);
    // Newest first; the title that looks like a formula is defused.
    expect(lines[1]).toMatch(new RegExp(`^"${b.order.id}",".+","awaiting_approval","'=HYPERLINK\\(""http`));
    expect(lines[2]).toMatch(new RegExp(`^"${a.order.id}",".+","approved"`));
    expect(lines[1]).toContain('Praça da Sé');
    const approvedOnly = await call(
      'GET',
      `/api/admin/store/orders.csv?itemId=${item.id}&status=approved`,
      admin,
    );
    expect(approvedOnly.body.trim().split('\r\n')).toHaveLength(2);
    // Another client's orders never appear, and learners cannot export.
    const all = await call('GET', '/api/admin/store/orders.csv', admin);
    expect(all.body).not.toContain(`"${foreign.order.id}","`);
    expect((await call('GET', '/api/admin/store/orders.csv', learner)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/store/orders.csv?status=nope', admin)).statusCode).toBe(400);
  });
});

describe('shipping by CSV', () => {
  const ship = (csv: string, as = admin) =>
    call('POST', '/api/admin/store/orders/ship-csv', { ...as, 'idempotency-key': `ship-${++seq}` }, { csv });

  it('ships the approved orders a file names, one per row, and reports every row', async () => {
    const item = await makeItem(admin);
    const a = await placed(item.id);
    const b = await placed(item.id);
    const waiting = await placed(item.id);
    const actor = { userId: a.user.id, clientId: clientA };
    await t.modules.store.store.approve(actor, a.order.id, 'pt-BR');
    await t.modules.store.store.approve(actor, b.order.id, 'pt-BR');
    const foreign = await placed((await makeItem(adminB)).id, clientB);
    const csv = [
      'pedido;transportadora;rastreio',
      `${a.order.id};Correios;BR123`,
      `#${b.order.id};"Loggi; Express";"LG""9"`,
      `${waiting.order.id};Correios;BR9`,
      `${a.order.id};Correios;BR124`,
      `${foreign.order.id};Correios;BR1`,
      'abc;Correios;BR1',
      `${b.order.id};;BR1`,
      `${b.order.id};Correios`,
      '',
    ].join('\r\n');
    const res = await ship(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rows: [
        { line: 2, orderId: a.order.id, ok: true, code: null },
        { line: 3, orderId: b.order.id, ok: true, code: null },
        { line: 4, orderId: waiting.order.id, ok: false, code: 'STORE_ORDER_TRANSITION_INVALID' },
        { line: 5, orderId: a.order.id, ok: false, code: 'duplicate' },
        { line: 6, orderId: foreign.order.id, ok: false, code: 'NOT_FOUND' },
        { line: 7, orderId: null, ok: false, code: 'order_invalid' },
        { line: 8, orderId: b.order.id, ok: false, code: 'carrier_invalid' },
        { line: 9, orderId: null, ok: false, code: 'columns' },
      ],
      shipped: 2,
      failed: 6,
    });
    const queue = await call('GET', `/api/admin/store/orders?itemId=${item.id}&status=shipped`, admin);
    const shipped = queue.json().items as { id: number; carrier: string; trackingCode: string }[];
    expect(shipped.map((o) => [o.id, o.carrier, o.trackingCode]).sort()).toEqual(
      [
        [a.order.id, 'Correios', 'BR123'],
        [b.order.id, 'Loggi; Express', 'LG"9'],
      ].sort(),
    );
    // Audited and told to the learner as one by one (approval, then shipping).
    expect(await audits(a.order.id, 'store_order.ship')).toBe(1);
    expect(await inbox(a.user.id)).toBe(2);
    expect(await inbox(waiting.user.id)).toBe(0);
  });

  it('bounds the file, needs a key, and is for the store’s staff only', async () => {
    const rows = Array.from({ length: 501 }, (_, i) => `${i + 1},Correios,BR${i}`).join('\n');
    const tooMany = await ship(rows);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.code).toBe('STORE_CSV_TOO_MANY_ROWS');
    expect((await ship('x'.repeat(262_145))).statusCode).toBe(400);
    expect((await ship('order,carrier,tracking\n')).statusCode).toBe(422);
    expect((await call('POST', '/api/admin/store/orders/ship-csv', admin, { csv: '1,a,b' })).statusCode).toBe(
      400,
    );
    expect((await ship('1,a,b', learner)).statusCode).toBe(403);
  });
});
