import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/build-test-app';
import type { App } from '../context';
import { rowsOf, type Database } from '../db/client';
import { registerErrorHandling } from './errors';
import { createIdempotency } from './idempotency';

let database: Database;
let drop: () => Promise<void>;
let app: App;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const { db } = database;
  await db.execute(sql`create table credits (id serial primary key, who int not null, amount int not null)`);
  app = Fastify({ logger: false }) as unknown as App;
  registerErrorHandling(app);
  const { idempotent, idempotencyRequired } = createIdempotency(app, db);
  app.decorateRequest('auth', null);
  // Stands in for authentication: the caller is whoever the header names.
  const signedIn = async (request: { headers: Record<string, unknown>; auth: unknown }) => {
    request.auth = { userId: Number(request.headers['x-user']), sessionId: 's', sessionType: 'password' };
  };
  let failuresLeft = 0;
  app.post('/credit/:who', { preHandler: [signedIn, idempotencyRequired] }, async (request, reply) => {
    const { who } = request.params as { who: string };
    const { amount } = request.body as { amount: number };
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('the ledger was not reachable');
    }
    // Slow enough that parallel retries arrive while the first is still running.
    await new Promise((r) => setTimeout(r, 50));
    const [row] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into credits (who, amount) values (${Number(who)}, ${amount}) returning id`,
      ),
    );
    return reply.status(201).send({ creditId: row!.id, amount });
  });
  app.post('/optional', { preHandler: [signedIn, idempotent] }, async () => {
    const [row] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into credits (who, amount) values (0, 1) returning id`),
    );
    return { creditId: row!.id };
  });
  app.post('/fail-once', { preHandler: [signedIn, idempotencyRequired] }, async () => {
    failuresLeft = 1;
    return { armed: true };
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
});

const credit = (key: string | undefined, body: object, user = 1, who = 9) =>
  app.inject({
    method: 'POST',
    url: `/credit/${who}`,
    headers: { 'x-user': String(user), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body,
  });

async function creditCount(who = 9) {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from credits where who = ${who}`),
  );
  return row!.n;
}

describe('Idempotency-Key', () => {
  it('credits once under 50 parallel retries and answers every later retry with the first answer', async () => {
    const before = await creditCount();
    const answers = await Promise.all(Array.from({ length: 50 }, () => credit('order-1', { amount: 30 })));
    expect(await creditCount()).toBe(before + 1);

    const created = answers.filter((a) => a.statusCode === 201);
    const busy = answers.filter((a) => a.statusCode === 409);
    expect(created.length + busy.length).toBe(50);
    expect(created.length).toBeGreaterThanOrEqual(1);
    const first = created[0]!.json<{ creditId: number; amount: number }>();
    for (const a of created) expect(a.json()).toEqual(first);
    for (const b of busy) expect(b.json().error.code).toBe('IDEMPOTENCY_IN_PROGRESS');

    const again = await credit('order-1', { amount: 30 });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first);
    expect(await creditCount()).toBe(before + 1);
  });

  it('treats a body with its keys in another order as the same request', async () => {
    const a = await credit('order-2', { amount: 5, note: 'x' });
    const b = await credit('order-2', { note: 'x', amount: 5 });
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
  });

  it('refuses the same key with another body or route (422)', async () => {
    await credit('order-3', { amount: 10 });
    const other = await credit('order-3', { amount: 11 });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherRoute = await credit('order-3', { amount: 10 }, 1, 8);
    expect(otherRoute.statusCode).toBe(422);
  });

  it('keeps each caller’s keys apart', async () => {
    const before = await creditCount();
    const mine = await credit('shared-key', { amount: 1 }, 1);
    const theirs = await credit('shared-key', { amount: 1 }, 2);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await creditCount()).toBe(before + 2);
  });

  it('requires a well-formed key where the write asks for one', async () => {
    const missing = await credit(undefined, { amount: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    for (const bad of ['', 'a'.repeat(256), 'with space', 'acentuação']) {
      const answer = await credit(bad, { amount: 1 });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
    const optional = await app.inject({ method: 'POST', url: '/optional', headers: { 'x-user': '1' } });
    expect(optional.statusCode).toBe(200);
  });

  it('does not keep a 5xx answer, so the retry runs', async () => {
    await app.inject({
      method: 'POST',
      url: '/fail-once',
      headers: { 'x-user': '1', 'idempotency-key': 'arm' },
    });
    const before = await creditCount();
    const failed = await credit('order-4', { amount: 7 });
    expect(failed.statusCode).toBe(500);
    const retried = await credit('order-4', { amount: 7 });
    expect(retried.statusCode).toBe(201);
    expect(await creditCount()).toBe(before + 1);
  });

  it('frees a key after 24 hours', async () => {
    const first = await credit('order-5', { amount: 2 });
    await database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'order-5'`,
    );
    const later = await credit('order-5', { amount: 3 });
    expect(later.statusCode).toBe(201);
    expect(later.json().creditId).not.toBe(first.json().creditId);
  });
});
