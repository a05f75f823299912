import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../context';
import type { Db, DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema/platform';
import { AppError } from '../lib/errors';

/** How long a key and its answer are kept (Stripe's contract: 24 hours). */
export const IDEMPOTENCY_KEY_HOURS = 24;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface IdempotentRequest {
  scope: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotentRequest | null;
  }
}

/** Key order does not change what a body means, so it does not change its hash. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(request.method)
    .update('\n')
    .update(request.routeOptions.url ?? request.url)
    .update('\n')
    .update(canonical(request.params))
    .update('\n')
    .update(canonical(request.query))
    .update('\n')
    .update(canonical(request.body))
    .digest('hex');
}

/**
 * `Idempotency-Key` for writes (Stripe's contract). A route opts in with one of the two pre-handlers,
 * placed after authentication:
 *
 * - `idempotent`: a key is honoured when the client sends one;
 * - `idempotencyRequired`: a write that credits, debits, orders or reports refuses to run without one.
 *
 * The first request with a key runs and its answer (any status below 500) is kept for 24 hours; the
 * same key with the same method, route, params, query and body gets that answer again (header
 * `Idempotent-Replayed: true`) without running; the same key with another request is a 422; a retry that
 * arrives while the first is still running is a 409. A 5xx answer is not kept, so the client can retry.
 * Keys belong to the caller (the signed-in user, else the address), so no one can replay another's.
 */
export function createIdempotency(app: App, db: Db) {
  app.decorateRequest('idempotency', null);

  async function begin(request: FastifyRequest, reply: FastifyReply, required: boolean) {
    const header = request.headers['idempotency-key'];
    if (header === undefined) {
      if (required) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 400);
      return;
    }
    const key = Array.isArray(header) ? undefined : header;
    if (!key || !KEY_PATTERN.test(key)) throw new AppError('IDEMPOTENCY_KEY_INVALID', 400);
    const scope = request.auth ? `u:${request.auth.userId}` : `a:${request.ip}`;
    const hash = requestHash(request);

    // A key older than its lifetime is free again.
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.scope, scope),
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`),
        ),
      );
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotency = { scope, key };
      return;
    }

    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    // Gone between the two statements: the first request failed with a 5xx; the client retries.
    if (!first || first.state === 'running') throw new AppError('IDEMPOTENCY_IN_PROGRESS', 409);
    if (first.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 422);
    reply.header('Idempotent-Replayed', 'true');
    if (first.responseType) reply.type(first.responseType);
    return reply.status(first.responseStatus ?? 200).send(first.responseBody ?? '');
  }

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
    if (reply.statusCode >= 500 || (payload !== null && typeof payload !== 'string')) {
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    const type = reply.getHeader('content-type');
    await db
      .update(idempotencyKeys)
      .set({
        state: 'done',
        responseStatus: reply.statusCode,
        responseBody: payload ?? '',
        responseType: typeof type === 'string' ? type : null,
      })
      .where(where);
    return payload;
  });

  // A pre-handler that answered returns the reply, so Fastify does not run the handler as well.
  const idempotent = (request: FastifyRequest, reply: FastifyReply) => begin(request, reply, false);
  const idempotencyRequired = (request: FastifyRequest, reply: FastifyReply) => begin(request, reply, true);
  return { idempotent, idempotencyRequired };
}

export type IdempotencyGuards = ReturnType<typeof createIdempotency>;

/** Forgets keys past their lifetime (nightly purge). */
export async function purgeExpiredIdempotencyKeys(db: DbOrTx) {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
