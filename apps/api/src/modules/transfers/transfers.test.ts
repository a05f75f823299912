import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { registerToCampaign, salesProgram, type SalesProgram } from '../../../test/sales-helpers';
import { pointLots } from '../../db/schema/ledger';
import { auditLog } from '../../db/schema/users';
import { pointTransfers } from '../../db/schema/transfers';
import { receivedLotExpiry } from './transfers.service';

const TOKEN = 'partner-secret-0123456789';
const DAY = 86_400_000;

/** What the partner does with each call for a document: answer, refuse, fail or keep silent. */
type Behaviour = 'confirm' | 'refuse' | 'timeout' | 'error';

/**
 * A real HTTP partner program: per document a list of behaviours, one per call (the last one repeats).
 * Like a real partner it keeps the first answer of a key and gives it again to a repeated key.
 */
function partnerServer() {
  const plans = new Map<string, Behaviour[]>();
  const calls: {
    key: string;
    authorization: string | undefined;
    body: { transferId: number; document: string; points: number };
  }[] = [];
  const answered = new Map<string, { status: number; body: unknown }>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { transferId: number; document: string; points: number };
      const key = String(req.headers['idempotency-key']);
      calls.push({ key, authorization: req.headers.authorization, body });
      const first = answered.get(key);
      if (first) {
        res.writeHead(first.status, { 'content-type': 'application/json' }).end(JSON.stringify(first.body));
        return;
      }
      const plan = plans.get(body.document) ?? ['confirm'];
      const behaviour = plan.length > 1 ? plan.shift()! : plan[0]!;
      if (behaviour === 'timeout') {
        hanging.add(res);
        return;
      }
      if (behaviour === 'error') {
        res.writeHead(503).end('busy');
        return;
      }
      const answer =
        behaviour === 'confirm'
          ? { status: 200, body: { status: 'confirmed', reference: `P-${key}` } }
          : { status: 422, body: { status: 'refused', reason: 'Account closed at the partner' } };
      answered.set(key, answer);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  return {
    plans,
    calls,
    server,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/transfers`;
    },
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const partner = partnerServer();
let t: TestApp;
let clientId: number;
let program: SalesProgram;
let docSeq = 0;
/** A fresh valid partner document (CPF-like digits), typed with separators. */
const nextDocument = () => {
  docSeq += 1;
  const digits = `${process.pid % 1000}`.padStart(3, '0') + String(docSeq).padStart(8, '0');
  return {
    typed: `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`,
    normalized: digits,
  };
};

async function member(
  opts: { roles?: string[]; registration?: 'active' | 'inactive' | null; points?: number } = {},
) {
  const db = t.database.db;
  const user = await createUser(db, { clientIds: [clientId], roles: opts.roles ?? ['sales_agent'] });
  if (opts.registration !== null)
    await registerToCampaign(db, clientId, user.id, program, opts.registration ?? 'active');
  if (opts.points) {
    await t.modules.rewards.ledger.credit({
      clientId,
      userId: user.id,
      points: opts.points,
      xp: 0,
      source: 'adjustment',
      idempotencyKey: `seed-${user.id}`,
      expiresAt: null,
    });
  }
  const { access_token } = await login(t, user.username);
  return { user, headers: bearer(access_token) };
}

let keySeq = 0;
function send(headers: Record<string, string>, body: unknown, key = `k-${++keySeq}`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/transfers',
    headers: { ...headers, 'idempotency-key': key },
    payload: body as object,
  });
}

const balance = (userId: number) => t.modules.rewards.ledger.balance(clientId, userId);
async function transferRow(id: number) {
  const [row] = await t.database.db
    .select()
    .from(pointTransfers)
    .where(and(eq(pointTransfers.clientId, clientId), eq(pointTransfers.id, id)));
  return row!;
}

/** Works the queue as a worker would, back-offs included, until the transfer is decided. */
async function settle(id: number, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await t.jobs.runQueued('transfers.send');
    const row = await transferRow(id);
    if (!['requested', 'sent'].includes(row.status)) return row;
    if (Date.now() > until) throw new Error(`transfer ${id} still ${row.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  const url = await partner.start();
  t = await buildTestApp({
    PARTNER_TRANSFER_URL: url,
    PARTNER_TRANSFER_TOKEN: TOKEN,
    PARTNER_TRANSFER_TIMEOUT_MS: '300',
    PARTNER_TRANSFER_RETRY_LIMIT: '2',
    PARTNER_TRANSFER_RETRY_DELAY_SECONDS: '1',
  });
  clientId = (await createClient(t.database.db)).id;
  const now = Date.now();
  program = await salesProgram(t.database.db, clientId, {
    beginsAt: new Date(now - 10 * DAY),
    endsAt: new Date(now + 30 * DAY),
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await partner.stop();
});

beforeEach(() => {
  partner.calls.length = 0;
});

describe('sending points to the partner', () => {
  it('holds the points, and commits them when the partner confirms', async () => {
    const { user, headers } = await member({ points: 1000 });
    const doc = nextDocument();
    const res = await send(headers, { document: doc.typed, points: 300 });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { id: number; status: string; document: string };
    expect(created.status).toBe('requested');
    expect(created.document).toBe(`*******${doc.normalized.slice(-4)}`);
    expect(await balance(user.id)).toMatchObject({ points: 1000, held: 300 });
    expect((await transferRow(created.id)).document).toBe(doc.normalized);

    const row = await settle(created.id);
    expect(row).toMatchObject({
      status: 'confirmed',
      attempts: 1,
      partnerReference: `P-transfer-${created.id}`,
    });
    expect(await balance(user.id)).toMatchObject({ points: 700, held: 0 });
    expect(partner.calls).toHaveLength(1);
    expect(partner.calls[0]).toMatchObject({
      key: `transfer-${created.id}`,
      authorization: `Bearer ${TOKEN}`,
      body: { transferId: created.id, document: doc.normalized, points: 300 },
    });
    const audits = await t.database.db
      .select({ action: auditLog.action, data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'point_transfer'), eq(auditLog.entityId, String(created.id))));
    expect(audits.map((a) => a.action)).toEqual(['transfer.request', 'transfer.status', 'transfer.status']);
    const inbox = await t.app.inject({ method: 'GET', url: '/api/profile/inbox', headers });
    expect(inbox.json()).toMatchObject({
      items: [{ title: 'Transferência confirmada', body: 'O programa parceiro recebeu seus 300 pontos.' }],
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/transfers?pageSize=5', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: created.id, status: 'confirmed' }] });
  });

  it('gives the points back when the partner refuses', async () => {
    const { user, headers } = await member({ points: 500 });
    const doc = nextDocument();
    partner.plans.set(doc.normalized, ['refuse']);
    const res = await send(headers, { document: doc.normalized, points: 500 });
    expect(res.statusCode, res.body).toBe(201);
    expect(await balance(user.id)).toMatchObject({ points: 500, held: 500 });
    const row = await settle(res.json().id);
    expect(row).toMatchObject({ status: 'refused', error: 'Account closed at the partner' });
    expect(await balance(user.id)).toMatchObject({ points: 500, held: 0 });
  });

  it('retries after a timeout with the same key, then commits on the confirmation', async () => {
    const { user, headers } = await member({ points: 400 });
    const doc = nextDocument();
    partner.plans.set(doc.normalized, ['timeout', 'confirm']);
    const res = await send(headers, { document: doc.normalized, points: 150 });
    const id = (res.json() as { id: number }).id;
    expect(await t.jobs.runQueued('transfers.send')).toBe(1);
    const waiting = await transferRow(id);
    expect(waiting).toMatchObject({ status: 'sent', attempts: 1 });
    expect(waiting.error).toMatch(/no answer within 300 ms/);
    expect(await balance(user.id)).toMatchObject({ points: 400, held: 150 });

    const row = await settle(id);
    expect(row).toMatchObject({ status: 'confirmed', attempts: 2, error: null });
    expect(await balance(user.id)).toMatchObject({ points: 250, held: 0 });
    expect(partner.calls.length).toBe(2);
    expect(new Set(partner.calls.map((c) => c.key))).toEqual(new Set([`transfer-${id}`]));
  });

  it('gives the points back and marks it failed after the last try', async () => {
    const { user, headers } = await member({ points: 200 });
    const doc = nextDocument();
    partner.plans.set(doc.normalized, ['error']);
    const res = await send(headers, { document: doc.normalized, points: 200 });
    const row = await settle(res.json().id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.error).toMatch(/503/);
    expect(partner.calls).toHaveLength(3);
    expect(await balance(user.id)).toMatchObject({ points: 200, held: 0 });
    // A run of the job after the decision changes nothing.
    await t.jobs.runQueued('transfers.send');
    expect(await balance(user.id)).toMatchObject({ points: 200, held: 0 });
  }, 30_000);

  it('makes one transfer for one Idempotency-Key, and the partner sees it once', async () => {
    const { user, headers } = await member({ points: 100 });
    const doc = nextDocument();
    const first = await send(headers, { document: doc.normalized, points: 60 }, 'same-key');
    const again = await send(headers, { document: doc.normalized, points: 60 }, 'same-key');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const other = await send(headers, { document: doc.normalized, points: 61 }, 'same-key');
    expect(other.statusCode).toBe(422);
    const rows = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pointTransfers)
      .where(and(eq(pointTransfers.clientId, clientId), eq(pointTransfers.userId, user.id)));
    expect(rows[0]!.n).toBe(1);
    await settle(first.json().id);
    await t.jobs.runQueued('transfers.send');
    expect(partner.calls.map((c) => c.key)).toEqual([`transfer-${first.json().id}`]);
    expect(await balance(user.id)).toMatchObject({ points: 40, held: 0 });
  });
});

describe('who may send', () => {
  it('keeps a document for the first account that sends to it', async () => {
    const a = await member({ points: 100 });
    const b = await member({ points: 100 });
    const doc = nextDocument();
    expect((await send(a.headers, { document: doc.typed, points: 10 })).statusCode).toBe(201);
    const refused = await send(b.headers, { document: doc.normalized, points: 10 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TRANSFERS_DOCUMENT_IN_USE');
    expect(await balance(b.user.id)).toMatchObject({ points: 100, held: 0 });
    // The first account may send to it again.
    expect((await send(a.headers, { document: doc.normalized, points: 10 })).statusCode).toBe(201);
  });

  it('gives a document to one account when several send to it at once', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => member({ points: 20 })));
    const doc = nextDocument().normalized;
    const answers = await Promise.all(members.map((m) => send(m.headers, { document: doc, points: 20 })));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const winner = members[answers.findIndex((r) => r.statusCode === 201)]!;
    for (const m of members) {
      expect(await balance(m.user.id)).toMatchObject({ points: 20, held: m === winner ? 20 : 0 });
    }
  });

  it('refuses each case of the spec with its code', async () => {
    const doc = nextDocument().normalized;
    const painter = await member({ roles: ['painter'], points: 100 });
    let res = await send(painter.headers, { document: doc, points: 10 });
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'TRANSFERS_ROLE_NOT_ALLOWED']);

    for (const roles of [['counter_clerk'], ['store_owner']]) {
      const ok = await member({ roles, points: 10 });
      expect((await send(ok.headers, { document: nextDocument().normalized, points: 10 })).statusCode).toBe(
        201,
      );
    }

    const inactive = await member({ registration: 'inactive', points: 100 });
    res = await send(inactive.headers, { document: doc, points: 10 });
    expect([res.statusCode, res.json().error.code]).toEqual([422, 'TRANSFERS_REGISTRATION_INACTIVE']);
    const unregistered = await member({ registration: null, points: 100 });
    res = await send(unregistered.headers, { document: doc, points: 10 });
    expect([res.statusCode, res.json().error.code]).toEqual([422, 'TRANSFERS_REGISTRATION_INACTIVE']);

    const empty = await member();
    res = await send(empty.headers, { document: doc, points: 10 });
    expect([res.statusCode, res.json().error.code]).toEqual([422, 'TRANSFERS_NO_POINTS']);
    const short = await member({ points: 5 });
    res = await send(short.headers, { document: doc, points: 10 });
    expect([res.statusCode, res.json().error.code]).toEqual([422, 'TRANSFERS_INSUFFICIENT_POINTS']);
    expect(await balance(short.user.id)).toMatchObject({ points: 5, held: 0 });

    res = await send(short.headers, { document: '12-3', points: 1 });
    expect([res.statusCode, res.json().error.code]).toEqual([422, 'TRANSFERS_DOCUMENT_INVALID']);
    for (const points of [0, -1, 1.5, 1_000_001]) {
      res = await send(short.headers, { document: doc, points });
      expect(res.statusCode).toBe(400);
    }
    res = await send(short.headers, { document: 'x'.repeat(41), points: 1 });
    expect(res.statusCode).toBe(400);
    res = await t.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: short.headers,
      payload: { document: doc, points: 1 },
    });
    expect(res.statusCode).toBe(400);
    // Nothing was claimed by the refused requests: the document is still free.
    const free = await member({ points: 10 });
    expect((await send(free.headers, { document: doc, points: 10 })).statusCode).toBe(201);
  });

  it("hides another client's transfers", async () => {
    const mine = await member({ points: 50 });
    const res = await send(mine.headers, { document: nextDocument().normalized, points: 50 });
    const id = res.json().id as number;
    const other = await createClient(t.database.db);
    const stranger = await createUser(t.database.db, { clientIds: [other.id] });
    const { access_token } = await login(t, stranger.username);
    const list = await t.app.inject({ method: 'GET', url: '/api/transfers', headers: bearer(access_token) });
    expect(list.json()).toMatchObject({ total: 0, items: [] });
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/transfers/${id}`,
      headers: bearer(access_token),
    });
    expect(one.statusCode).toBe(404);
    const sameClient = await member();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/transfers/${id}`, headers: sameClient.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/transfers/${id}`, headers: mine.headers })).statusCode,
    ).toBe(200);
  });
});

describe('points received from the partner', () => {
  const receive = (body: unknown, token = TOKEN) =>
    t.app.inject({
      method: 'POST',
      url: '/api/transfers/incoming',
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    });

  it('credits a lot that expires 12 months after receipt, once per partner id', async () => {
    const { user } = await member();
    const before = Date.now();
    const res = await receive({ clientId, partnerId: 'PX-1', document: user.document!, points: 80 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { id: number; expiresAt: string; replayed: boolean };
    expect(body.replayed).toBe(false);
    const expiresAt = new Date(body.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(receivedLotExpiry(new Date(before)).getTime());
    expect(expiresAt).toBeLessThanOrEqual(receivedLotExpiry(new Date()).getTime());
    expect(await balance(user.id)).toMatchObject({ points: 80 });
    const lots = await t.database.db
      .select()
      .from(pointLots)
      .where(and(eq(pointLots.clientId, clientId), eq(pointLots.userId, user.id)));
    expect(lots).toHaveLength(1);
    expect(lots[0]!.expiresAt!.getTime()).toBe(expiresAt);

    const again = await receive({ clientId, partnerId: 'PX-1', document: user.document!, points: 80 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: body.id, replayed: true });
    expect(await balance(user.id)).toMatchObject({ points: 80 });
  });

  it('credits the account that claimed the document', async () => {
    const sender = await member({ points: 10 });
    const doc = nextDocument();
    await send(sender.headers, { document: doc.normalized, points: 10 });
    const res = await receive({ clientId, partnerId: 'PX-2', document: doc.typed, points: 30 });
    expect(res.statusCode, res.body).toBe(201);
    expect(await balance(sender.user.id)).toMatchObject({ points: 40 });
  });

  it('refuses a call without the partner token, and an unknown document', async () => {
    const { user } = await member();
    const body = { clientId, partnerId: 'PX-3', document: user.document!, points: 5 };
    expect((await receive(body, 'wrong-token-0123456789')).statusCode).toBe(401);
    const none = await t.app.inject({ method: 'POST', url: '/api/transfers/incoming', payload: body });
    expect([none.statusCode, none.json().error.code]).toEqual([401, 'TRANSFERS_PARTNER_UNAUTHORIZED']);
    const unknown = await receive({ ...body, document: '99999999999999' });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'TRANSFERS_RECIPIENT_NOT_FOUND']);
    const other = await createClient(t.database.db);
    expect((await receive({ ...body, clientId: other.id })).statusCode).toBe(404);
    expect((await receive({ ...body, points: 0 })).statusCode).toBe(400);
    expect(await balance(user.id)).toMatchObject({ points: 0 });
  });
});
