import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { rowsOf } from '../../db/client';

let t: TestApp;
let clientA: number;
let clientB: number;
let adminA: string;
let adminB: string;
let learner: { id: number; token: string };
let outsider: number;
let keySeq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  clientA = (await createClient(db)).id;
  clientB = (await createClient(db)).id;
  const a = await createUser(db, { clientIds: [clientA], roles: ['program_admin'] });
  const b = await createUser(db, { clientIds: [clientB], roles: ['program_admin'] });
  const l = await createUser(db, { clientIds: [clientA], firstName: 'Carla', lastName: 'Souza' });
  outsider = (await createUser(db, { clientIds: [clientB], firstName: 'Bruno', lastName: 'Reis' })).id;
  adminA = (await login(t, a.username)).access_token;
  adminB = (await login(t, b.username)).access_token;
  learner = { id: l.id, token: (await login(t, l.username)).access_token };
});
afterAll(() => t.close());

const adjust = (
  body: Record<string, unknown>,
  opts: { token?: string; key?: string | null; lang?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/rewards/adjustments',
    headers: {
      ...bearer(opts.token ?? adminA),
      ...(opts.key === null ? {} : { 'idempotency-key': opts.key ?? `adj-${++keySeq}` }),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    payload: body,
  });

const get = (url: string, token = learner.token, lang?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) },
  });

describe('adjustments', () => {
  it('credits and debits points and XP, audited and told to the user', async () => {
    const credit = await adjust({
      userId: learner.id,
      ledger: 'points',
      amount: 120,
      reason: 'Campaign bonus',
    });
    expect(credit.statusCode).toBe(201);
    expect(credit.json()).toMatchObject({ balance: 120 });
    const xp = await adjust({ userId: learner.id, ledger: 'xp', amount: 40, reason: 'Event attendance' });
    expect(xp.json()).toMatchObject({ balance: 40 });
    const debit = await adjust({
      userId: learner.id,
      ledger: 'points',
      amount: -20,
      reason: 'Duplicate sale',
    });
    expect(debit.statusCode).toBe(201);
    expect(debit.json()).toMatchObject({ balance: 100 });

    const audits = rowsOf<{ action: string; data: string }>(
      await t.database.db.execute(sql`
        select action, data from audit_log where client_id = ${clientA} and entity = 'reward_account'
          and entity_id = ${String(learner.id)} order by id`),
    );
    expect(audits.map((a) => a.action)).toEqual(['points.adjust', 'xp.adjust', 'points.adjust']);
    expect(JSON.parse(audits[2]!.data)).toMatchObject({
      before: { points: 120 },
      after: { points: 100 },
      details: { amount: -20, reason: 'Duplicate sale' },
    });
    const inbox = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from inbox_messages where user_id = ${learner.id} and client_id = ${clientA}`,
      ),
    );
    expect(inbox[0]!.n).toBe(3);
  });

  it('refuses a points debit when short and an XP debit below zero, writing nothing', async () => {
    const u = await createUser(t.database.db, { clientIds: [clientA] });
    await adjust({ userId: u.id, ledger: 'points', amount: 10, reason: 'Start' });
    const short = await adjust(
      { userId: u.id, ledger: 'points', amount: -11, reason: 'Too much' },
      { lang: 'en-US' },
    );
    expect(short.statusCode).toBe(422);
    expect(short.json().error).toMatchObject({
      code: 'REWARDS_INSUFFICIENT_POINTS',
      message: 'Not enough points.',
    });
    const xp = await adjust({ userId: u.id, ledger: 'xp', amount: -1, reason: 'Below zero' });
    expect(xp.statusCode).toBe(422);
    expect(xp.json().error.code).toBe('REWARDS_INSUFFICIENT_XP');
    expect(await t.modules.rewards.ledger.balance(clientA, u.id)).toEqual({ points: 10, held: 0, xp: 0 });
  });

  it('needs an Idempotency-Key; the same key twice writes one entry, with another body it is a 422', async () => {
    const u = await createUser(t.database.db, { clientIds: [clientA] });
    const none = await adjust({ userId: u.id, ledger: 'points', amount: 5, reason: 'No key' }, { key: null });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    const body = { userId: u.id, ledger: 'points', amount: 5, reason: 'Twice' };
    const first = await adjust(body, { key: 'same-key' });
    const second = await adjust(body, { key: 'same-key' });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const other = await adjust({ ...body, amount: 6 }, { key: 'same-key' });
    expect(other.statusCode).toBe(422);
    expect(await t.modules.rewards.ledger.balance(clientA, u.id)).toEqual({ points: 5, held: 0, xp: 0 });
  });

  it('refuses bad input with translated field errors', async () => {
    const cases = [
      { userId: learner.id, ledger: 'points', amount: 0, reason: 'Zero' },
      { userId: learner.id, ledger: 'points', amount: 1_000_001, reason: 'Too big' },
      { userId: learner.id, ledger: 'points', amount: 1.5, reason: 'Fraction' },
      { userId: learner.id, ledger: 'points', amount: 5, reason: 'ab' },
      { userId: learner.id, ledger: 'points', amount: 5, reason: 'x'.repeat(501) },
      {
        userId: learner.id,
        ledger: 'xp',
        amount: 5,
        reason: 'Expiry on XP',
        expiresAt: '2030-01-01T00:00:00Z',
      },
      { userId: learner.id, ledger: 'points', amount: 5, reason: 'Past', expiresAt: '2020-01-01T00:00:00Z' },
      { userId: learner.id, ledger: 'coins', amount: 5, reason: 'Ledger' },
    ];
    for (const body of cases) {
      const res = await adjust(body, { lang: 'fr' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    const reason = await adjust(
      { userId: learner.id, ledger: 'points', amount: 5, reason: 'ab' },
      { lang: 'fr' },
    );
    expect(reason.json().error.details[0]).toMatchObject({
      code: 'REWARDS_REASON_INVALID',
      message: 'Indiquez le motif, de 3 à 500 caractères.',
    });
  });

  it('answers 404 for a user of another client, and a learner may not adjust', async () => {
    const res = await adjust({ userId: outsider, ledger: 'points', amount: 5, reason: 'Across clients' });
    expect(res.statusCode).toBe(404);
    expect(await t.modules.rewards.ledger.balance(clientB, outsider)).toEqual({ points: 0, held: 0, xp: 0 });
    const statement = await get(`/api/admin/rewards/accounts/${outsider}/statement`, adminA);
    expect(statement.statusCode).toBe(404);
    const asLearner = await adjust(
      { userId: learner.id, ledger: 'points', amount: 5, reason: 'Myself' },
      { token: learner.token },
    );
    expect(asLearner.statusCode).toBe(403);
  });
});

describe("the learner's reads", () => {
  it('summary, statement with filters and paging, history and CSV', async () => {
    const u = await createUser(t.database.db, { clientIds: [clientA] });
    const token = (await login(t, u.username)).access_token;
    const ledger = t.modules.rewards.ledger;
    const soon = new Date(Date.now() + 3 * 86_400_000);
    await ledger.credit({
      clientId: clientA,
      userId: u.id,
      points: 30,
      xp: 5,
      source: 'course',
      refType: 'course',
      refId: 9,
      refLabel: 'Safety 101',
      idempotencyKey: 'c1',
      expiresAt: soon,
    });
    await ledger.credit({
      clientId: clientA,
      userId: u.id,
      points: 20,
      xp: 0,
      source: 'sale',
      idempotencyKey: 's1',
    });
    await ledger.debit({
      clientId: clientA,
      userId: u.id,
      points: 10,
      source: 'redemption',
      idempotencyKey: 'd1',
    });
    await ledger.hold({
      clientId: clientA,
      userId: u.id,
      points: 5,
      source: 'redemption',
      idempotencyKey: 'h1',
    });

    const summary = (await get('/api/rewards/summary', token)).json();
    expect(summary).toMatchObject({ points: 40, held: 5, available: 35, xp: 5 });
    expect(summary.expiring).toEqual([{ points: 15, expiresAt: soon.toISOString() }]);
    expect(summary.lastEntryAt).toEqual(expect.any(String));

    const all = (await get('/api/rewards/statement?pageSize=2', token)).json();
    expect(all.total).toBe(4);
    expect(all.items.map((i: { amount: number }) => i.amount)).toEqual([-10, 20]);
    const page2 = (await get('/api/rewards/statement?pageSize=2&page=2', token)).json();
    expect(page2.items).toEqual([
      expect.objectContaining({ ledger: 'xp', amount: 5, balanceAfter: 5, expiresAt: null }),
      expect.objectContaining({
        ledger: 'points',
        amount: 30,
        source: 'course',
        refLabel: 'Safety 101',
        expiresAt: soon.toISOString(),
      }),
    ]);
    const xpOnly = (await get('/api/rewards/statement?ledger=xp', token)).json();
    expect(xpOnly.total).toBe(1);
    const sales = (await get('/api/rewards/statement?source=sale', token)).json();
    expect(sales.items.map((i: { source: string }) => i.source)).toEqual(['sale']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`/api/rewards/statement?from=${today}&to=${today}`, token)).json().total).toBe(4);
    expect((await get('/api/rewards/statement?from=2001-01-01&to=2001-01-31', token)).json().total).toBe(0);
    const badRange = await get('/api/rewards/statement?from=2001-02-01&to=2001-01-31', token);
    expect(badRange.statusCode).toBe(400);
    expect((await get('/api/rewards/statement?pageSize=101', token)).statusCode).toBe(400);

    const history = (await get('/api/rewards/history?months=3', token)).json();
    expect(history.series).toHaveLength(3);
    expect(history.series.at(-1)).toEqual({ month: today.slice(0, 7), points: 40, xp: 5 });
    expect(history.series[0]).toMatchObject({ points: 0, xp: 0 });
    expect((await get('/api/rewards/history?months=25', token)).statusCode).toBe(400);

    const csv = await get('/api/rewards/statement.csv?ledger=points', token, 'en-US');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Ledger,Amount,Balance after,Source,Reference,Reason,Expires at');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain('Safety 101');
  });

  it('another client is not the selected one: its balances are not shown', async () => {
    await t.modules.rewards.ledger.credit({
      clientId: clientB,
      userId: learner.id,
      points: 999,
      xp: 0,
      source: 'sale',
      idempotencyKey: 'elsewhere',
    });
    const summary = (await get('/api/rewards/summary')).json();
    expect(summary.points).not.toBe(999);
  });
});

describe('CSV size', () => {
  it('refuses a statement of more than 50,000 rows before writing any', async () => {
    const db = t.database.db;
    const client = (await createClient(db)).id;
    const u = await createUser(db, { clientIds: [client] });
    const token = (await login(t, u.username)).access_token;
    // Written straight into the table: 50,001 credits through the service would take minutes on PGlite.
    await db.execute(sql`
      insert into ledger_entries (client_id, user_id, ledger, amount, balance_after, source, idempotency_key)
      select ${client}, ${u.id}, 'xp', 1, i, 'sale', 'csv-' || i from generate_series(1, 50001) i`);
    const res = await get('/api/rewards/statement.csv', token, 'en-US');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('REWARDS_EXPORT_TOO_LARGE');
    expect(res.json().error.message).toContain('50000');
    const narrowed = await get('/api/rewards/statement.csv?ledger=points', token);
    expect(narrowed.statusCode).toBe(200);
  });
});

describe('back office', () => {
  it("lists the client's users with their balances, searched by name", async () => {
    const res = await get('/api/admin/rewards/accounts?search=carla', adminA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      items: [{ userId: learner.id, name: 'Carla Souza', points: 100, xp: 40 }],
    });
    const other = (await get('/api/admin/rewards/accounts?search=bruno', adminA)).json();
    expect(other.total).toBe(0);
    expect((await get('/api/admin/rewards/accounts', learner.token)).statusCode).toBe(403);
    const statement = (await get(`/api/admin/rewards/accounts/${learner.id}/statement`, adminA)).json();
    expect(statement.total).toBe(3);
  });

  it('runs the reconciliation for its client and shows its own runs and findings only', async () => {
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/admin/rewards/reconciliation/run',
      headers: bearer(adminA),
    });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ run: { differences: 0 }, findings: [] });
    expect(run.json().run.accountsChecked).toBeGreaterThan(0);

    // A balance changed behind the ledger's back is a finding of client B, never shown to A.
    await t.database.db.execute(
      sql`update reward_accounts set xp = xp + 7 where client_id = ${clientB} and user_id = ${learner.id}`,
    );
    const runB = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/rewards/reconciliation/run',
        headers: bearer(adminB),
      })
    ).json();
    expect(runB.findings).toEqual([
      expect.objectContaining({
        userId: learner.id,
        userName: 'Carla Souza',
        kind: 'xp_entries',
        expected: 0,
        actual: 7,
      }),
    ]);
    const overviewA = (await get('/api/admin/rewards/reconciliation', adminA)).json();
    expect(overviewA.findings).toEqual([]);
    expect(overviewA.runs.every((r: { differences: number }) => r.differences === 0)).toBe(true);
    const overviewB = (await get('/api/admin/rewards/reconciliation', adminB)).json();
    expect(overviewB.runs[0].differences).toBe(1);
    expect(overviewB.findings).toHaveLength(1);
  });
});
