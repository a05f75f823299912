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
let learner: { id: number; as: Record<string, string> };
let other: { id: number; as: Record<string, string> };
let managerActor: { userId: number; clientId: number };
let seq = 0;

const address = { zip: '01001-000', street: 'Praça da Sé', number: '1', city: 'São Paulo', country: 'BR' };
const name = (pt: string) => ({ 'pt-BR': pt, 'en-US': `${pt} (en)` });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  clientA = (await createClient(db, { flags: { has_courses: true } })).id;
  clientB = (await createClient(db)).id;
  const a = await createUser(db, { clientIds: [clientA], roles: ['program_admin'] });
  const b = await createUser(db, { clientIds: [clientB], roles: ['program_admin'] });
  const m = await createUser(db, { clientIds: [clientA], roles: ['manager'] });
  const l = await createUser(db, { clientIds: [clientA] });
  const o = await createUser(db, { clientIds: [clientA] });
  admin = bearer((await login(t, a.username)).access_token);
  adminB = bearer((await login(t, b.username)).access_token);
  learner = { id: l.id, as: bearer((await login(t, l.username)).access_token) };
  other = { id: o.id, as: bearer((await login(t, o.username)).access_token) };
  managerActor = { userId: m.id, clientId: clientA };
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

const credit = (userId: number, points: number, clientId = clientA) =>
  t.modules.rewards.ledger.credit({
    clientId,
    userId,
    points,
    xp: 0,
    source: 'adjustment',
    idempotencyKey: `test-credit-${++seq}`,
  });

const redeem = (
  itemId: number,
  body: Record<string, unknown>,
  as = learner.as,
  key: string | null = `r-${++seq}`,
) =>
  call(
    'POST',
    `/api/store/items/${itemId}/redeem`,
    { ...as, ...(key ? { 'idempotency-key': key } : {}) },
    body,
  );

async function catalog(as = admin) {
  const dep = await call('POST', '/api/admin/store/departments', as, { name: name('Eletrônicos') });
  expect(dep.statusCode).toBe(200);
  const cat = await call('POST', '/api/admin/store/categories', as, {
    name: name('Fones'),
    maxPerUser: 2,
    periodDays: 30,
  });
  expect(cat.statusCode).toBe(200);
  return { departmentId: dep.json().id as number, categoryId: cat.json().id as number };
}

async function makeItem(body: Record<string, unknown>, as = admin) {
  const res = await call('POST', '/api/admin/store/items', as, {
    title: name(`Prêmio ${++seq}`),
    description: name('Descrição'),
    price: 100,
    stock: 5,
    kind: 'physical',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().item as { id: number; stock: number };
}

describe('catalog in the back office', () => {
  it('validates items, refuses references of another client, and guards the routes', async () => {
    const c = await catalog();
    const bad = await call('POST', '/api/admin/store/items', admin, {
      ...c,
      title: name('X'),
      description: name(''),
      price: 0,
      kind: 'physical',
    });
    expect(bad.statusCode).toBe(400);
    const cB = await catalog(adminB);
    const foreign = await call('POST', '/api/admin/store/items', admin, {
      ...cB,
      title: name('X'),
      description: name(''),
      price: 10,
      kind: 'physical',
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.code).toBe('STORE_REF_INVALID');
    expect((await call('GET', '/api/admin/store/items', learner.as)).statusCode).toBe(403);
    // A description longer than a name comes back whole in the back office's list and item.
    const long = 'Descrição longa. '.repeat(20).trim();
    const described = await makeItem({ ...c, description: { 'pt-BR': long, es: long } });
    const list = await call('GET', '/api/admin/store/items?pageSize=100', admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.find((i: { id: number }) => i.id === described.id).description).toMatchObject({
      'pt-BR': long,
      es: long,
    });
    const one = await call('GET', `/api/admin/store/items/${described.id}`, admin);
    expect(one.statusCode, one.body).toBe(200);
    // A department in use is not deleted.
    await makeItem(c);
    const del = await call('DELETE', `/api/admin/store/departments/${c.departmentId}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.code).toBe('STORE_IN_USE');
  });

  it('keeps voucher codes sealed: staff see counts, never codes', async () => {
    const c = await catalog();
    const item = await makeItem({ ...c, kind: 'digital', price: 10 });
    expect(item.stock).toBe(0);
    const up = await call('POST', `/api/admin/store/items/${item.id}/vouchers`, admin, {
      codes: ['GIFT-AAA-111', 'GIFT-BBB-222'],
    });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ itemId: item.id, added: 2, available: 2, handedOut: 0 });
    expect(up.body).not.toContain('GIFT-');
    const rows = rowsOf<{ sealed_code: string }>(
      await t.database.db.execute(
        sql`select sealed_code from store_vouchers where client_id = ${clientA} and item_id = ${item.id}`,
      ),
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => !r.sealed_code.includes('GIFT'))).toBe(true);
    const physical = await makeItem(c);
    const refused = await call('POST', `/api/admin/store/items/${physical.id}/vouchers`, admin, {
      codes: ['X'],
    });
    expect(refused.json().error.code).toBe('STORE_NOT_DIGITAL');
  });
});

describe('redemption', () => {
  it('holds the points, reserves the unit, and answers the spec errors in the user’s language', async () => {
    const c = await catalog();
    const item = await makeItem({ ...c, price: 100, stock: 1 });
    const poor = await redeem(item.id, { address });
    expect(poor.statusCode).toBe(422);
    expect(poor.json().error.code).toBe('STORE_INSUFFICIENT_POINTS');
    await credit(learner.id, 250);
    expect((await redeem(item.id, {})).json().error.code).toBe('STORE_ADDRESS_REQUIRED');
    expect((await redeem(item.id, { address }, learner.as, null)).statusCode).toBe(400);

    const ok = await redeem(item.id, { address });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().order).toMatchObject({ status: 'awaiting_approval', price: 100, voucherCode: null });
    expect(await t.modules.rewards.ledger.balance(clientA, learner.id)).toMatchObject({
      points: 250,
      held: 100,
    });
    const out = await call(
      'POST',
      `/api/store/items/${item.id}/redeem`,
      { ...learner.as, 'idempotency-key': `r-${++seq}`, 'accept-language': 'en-US' },
      { address },
    );
    expect(out.statusCode).toBe(409);
    expect(out.json().error).toMatchObject({
      code: 'STORE_OUT_OF_STOCK',
      message: 'This reward is out of stock.',
    });
    // The failed attempt held nothing.
    expect((await t.modules.rewards.ledger.balance(clientA, learner.id)).held).toBe(100);
  });

  it('is idempotent: the same key orders once', async () => {
    const c = await catalog();
    const item = await makeItem({ ...c, price: 10, stock: 10 });
    await credit(other.id, 100);
    const key = `same-${++seq}`;
    const first = await redeem(item.id, { address }, other.as, key);
    const second = await redeem(item.id, { address }, other.as, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().order.id).toBe(first.json().order.id);
    const [n] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from store_orders where client_id = ${clientA} and item_id = ${item.id}`,
      ),
    );
    expect(n!.n).toBe(1);
  });

  it('counts the category maximum per period, and requires the courses and the dates', async () => {
    const c = await catalog();
    const item = await makeItem({ ...c, price: 1, stock: 10 });
    const u = await createUser(t.database.db, { clientIds: [clientA] });
    const as = bearer((await login(t, u.username)).access_token);
    await credit(u.id, 100);
    expect((await redeem(item.id, { address }, as)).statusCode).toBe(201);
    expect((await redeem(item.id, { address }, as)).statusCode).toBe(201);
    const third = await redeem(item.id, { address }, as);
    expect(third.json().error.code).toBe('STORE_CATEGORY_LIMIT_REACHED');
    const detail = await call('GET', `/api/store/items/${item.id}`, as);
    expect(detail.json()).toMatchObject({ canRedeem: false, missing: { categoryLimitReached: true } });

    const course = await t.modules.learning.authoring.createCourse(managerActor, { title: 'Segurança' });
    const gated = await makeItem({ ...c, price: 1, requiredCourseIds: [course.id] });
    const other2 = await catalog();
    const gated2 = await makeItem({ ...other2, price: 1, requiredCourseIds: [course.id] });
    expect((await redeem(gated2.id, { address }, as)).json().error.code).toBe('STORE_COURSE_REQUIRED');
    const d2 = await call('GET', `/api/store/items/${gated.id}`, as);
    expect(d2.json().missing.courseIds).toEqual([course.id]);

    const later = await makeItem({ ...other2, availableFrom: '2999-01-01T00:00:00Z' });
    expect((await redeem(later.id, { address }, as)).json().error.code).toBe('STORE_ITEM_NOT_AVAILABLE');
  });

  it('lists with filters, sort and the caller’s points', async () => {
    const c = await catalog();
    await makeItem({ ...c, title: name('Zebra caneca'), price: 5000 });
    await makeItem({ ...c, title: name('Abacate caneca'), price: 3 });
    const u = await createUser(t.database.db, { clientIds: [clientA] });
    const as = bearer((await login(t, u.username)).access_token);
    await credit(u.id, 10);
    const az = await call('GET', `/api/store/items?categoryId=${c.categoryId}&sort=az`, as);
    expect(az.statusCode).toBe(200);
    expect(az.json().items.map((i: { title: string }) => i.title)).toEqual([
      'Abacate caneca',
      'Zebra caneca',
    ]);
    expect(az.json().available).toBe(10);
    const cheap = await call('GET', `/api/store/items?categoryId=${c.categoryId}&affordable=true`, as);
    expect(cheap.json().items).toHaveLength(1);
    const search = await call('GET', '/api/store/items?q=zebra', as);
    expect(search.json().items.map((i: { title: string }) => i.title)).toEqual(['Zebra caneca']);
    const priced = await call(
      'GET',
      `/api/store/items?categoryId=${c.categoryId}&sort=price_desc&priceMin=4`,
      as,
    );
    expect(priced.json().total).toBe(1);
  });

  it('takes a variant’s own stock', async () => {
    const c = await catalog();
    const item = await makeItem({
      ...c,
      title: name('Camiseta'),
      price: 1,
      variants: [
        { label: name('P'), stock: 1 },
        { label: name('M'), stock: 3 },
      ],
    });
    const u = await createUser(t.database.db, { clientIds: [clientA] });
    const as = bearer((await login(t, u.username)).access_token);
    await credit(u.id, 10);
    const listed = await call('GET', `/api/store/items?categoryId=${c.categoryId}`, as);
    expect(listed.json().items[0]).toMatchObject({ id: item.id, stock: 4 });
    expect((await redeem(item.id, { address }, as)).json().error.code).toBe('STORE_VARIANT_REQUIRED');
    const detail = await call('GET', `/api/store/items/${item.id}`, as);
    const small = detail.json().item.variants.find((v: { label: string }) => v.label === 'P');
    expect((await redeem(item.id, { address, variantId: small.id }, as)).statusCode).toBe(201);
    const again = await redeem(item.id, { address, variantId: small.id }, as);
    expect(again.json().error.code).toBe('STORE_OUT_OF_STOCK');
    const after = await call('GET', `/api/store/items/${item.id}`, as);
    expect(after.json().item.stock).toBe(3);
  });
});

describe('orders', () => {
  async function placed(kind: 'physical' | 'digital' = 'physical') {
    const c = await catalog();
    const item = await makeItem({ ...c, price: 40, stock: 3, kind });
    if (kind === 'digital') {
      await call('POST', `/api/admin/store/items/${item.id}/vouchers`, admin, { codes: [`CODE-${++seq}`] });
    }
    const u = await createUser(t.database.db, { clientIds: [clientA] });
    const as = bearer((await login(t, u.username)).access_token);
    await credit(u.id, 100);
    const res = await redeem(item.id, kind === 'physical' ? { address } : {}, as);
    expect(res.statusCode, res.body).toBe(201);
    return { item, user: u, as, order: res.json().order as { id: number } };
  }
  const act = (id: number, what: string, body?: Record<string, unknown>, as = admin) =>
    call('POST', `/api/admin/store/orders/${id}/${what}`, as, body);

  it('moves only along the allowed transitions, commits the hold, audits and notifies', async () => {
    const { user, order } = await placed();
    expect((await act(order.id, 'ship', { carrier: 'Correios', trackingCode: 'BR1' })).statusCode).toBe(409);
    expect((await act(order.id, 'deliver')).statusCode).toBe(409);
    const approved = await act(order.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().order.status).toBe('approved');
    expect(await t.modules.rewards.ledger.balance(clientA, user.id)).toMatchObject({ points: 60, held: 0 });
    expect((await act(order.id, 'approve')).json().error.code).toBe('STORE_ORDER_TRANSITION_INVALID');
    expect((await act(order.id, 'reprove', { reason: 'late' })).statusCode).toBe(409);
    expect((await act(order.id, 'deliver')).statusCode).toBe(409);
    const shipped = await act(order.id, 'ship', { carrier: 'Correios', trackingCode: 'BR123' });
    expect(shipped.json().order).toMatchObject({ status: 'shipped', trackingCode: 'BR123' });
    expect((await act(order.id, 'deliver')).json().order.status).toBe('delivered');
    const audits = rowsOf<{ action: string }>(
      await t.database.db.execute(sql`select action from audit_log where client_id = ${clientA}
        and entity = 'store_order' and entity_id = ${String(order.id)} order by id`),
    );
    expect(audits.map((a) => a.action)).toEqual([
      'store_order.redeem',
      'store_order.approve',
      'store_order.ship',
      'store_order.deliver',
    ]);
    const inbox = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from inbox_messages
        where client_id = ${clientA} and user_id = ${user.id}`),
    );
    expect(inbox[0]!.n).toBe(3);
  });

  it('reproval releases the points and the unit and tells the reason', async () => {
    const { item, user, as, order } = await placed();
    const res = await act(order.id, 'reprove', { reason: 'Endereço incompleto' });
    expect(res.json().order).toMatchObject({ status: 'reproved', reason: 'Endereço incompleto' });
    expect(await t.modules.rewards.ledger.balance(clientA, user.id)).toMatchObject({ points: 100, held: 0 });
    const detail = await call('GET', `/api/admin/store/items/${item.id}`, admin);
    expect(detail.json().item.stock).toBe(3);
    const mine = await call('GET', '/api/store/orders', as);
    expect(mine.json().items[0]).toMatchObject({
      id: order.id,
      status: 'reproved',
      reason: 'Endereço incompleto',
    });
  });

  it('reveals a voucher only to its user once approved, and a digital order is delivered without shipping', async () => {
    const { item, as, order } = await placed('digital');
    expect((await call('GET', `/api/store/orders/${order.id}`, as)).json().order.voucherCode).toBeNull();
    await act(order.id, 'approve');
    const mine = await call('GET', `/api/store/orders/${order.id}`, as);
    expect(mine.json().order.voucherCode).toMatch(/^CODE-/);
    const queue = await call('GET', `/api/admin/store/orders?itemId=${item.id}`, admin);
    expect(queue.json().items[0].voucherCode).toBeNull();
    // The queue names the customer; the learner's own answers do not carry it.
    expect(queue.json().items[0].customer.name).toEqual(expect.any(String));
    expect(queue.json().items[0].customer.name.length).toBeGreaterThan(0);
    expect(mine.json().order.customer).toBeUndefined();
    expect((await act(order.id, 'ship', { carrier: 'x', trackingCode: 'y' })).statusCode).toBe(409);
    expect((await act(order.id, 'deliver')).json().order.status).toBe('delivered');
  });

  it('keeps clients and users apart', async () => {
    const { item, order } = await placed();
    expect((await call('GET', `/api/store/orders/${order.id}`, other.as)).statusCode).toBe(404);
    expect((await act(order.id, 'approve', undefined, adminB)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/store/items/${item.id}`, adminB)).statusCode).toBe(404);
    const outsider = await createUser(t.database.db, { clientIds: [clientB] });
    const as = bearer((await login(t, outsider.username)).access_token);
    await credit(outsider.id, 1000, clientB);
    expect((await redeem(item.id, { address }, as)).statusCode).toBe(404);
    expect((await call('GET', `/api/store/items/${item.id}`, as)).statusCode).toBe(404);
    const queueB = await call('GET', '/api/admin/store/orders', adminB);
    expect(queueB.json().items.every((o: { id: number }) => o.id !== order.id)).toBe(true);
  });
});

describe('the learner’s catalog of departments and categories', () => {
  it('names them in the caller’s language, per client, for any member', async () => {
    const c = await catalog();
    const cB = await catalog(adminB);
    const pt = await call('GET', '/api/store/catalog', learner.as);
    expect(pt.statusCode).toBe(200);
    const body = pt.json() as {
      departments: { id: number; name: string }[];
      categories: { id: number; name: string; maxPerUser: number | null }[];
    };
    expect(body.departments.find((d) => d.id === c.departmentId)?.name).toBe('Eletrônicos');
    expect(body.categories.find((d) => d.id === c.categoryId)).toMatchObject({
      name: 'Fones',
      maxPerUser: 2,
    });
    expect(body.departments.some((d) => d.id === cB.departmentId)).toBe(false);
    expect(body.categories.some((d) => d.id === cB.categoryId)).toBe(false);
    const en = await call('GET', '/api/store/catalog', { ...learner.as, 'accept-language': 'en-US' });
    expect(en.json().departments.find((d: { id: number }) => d.id === c.departmentId).name).toBe(
      'Eletrônicos (en)',
    );
    expect((await call('GET', '/api/store/catalog', {})).statusCode).toBe(401);
  });
});
