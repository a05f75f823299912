import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { rowsOf } from '../../db/client';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function issueInParallel(clientId: number, userId: number, targetId: number, times: number) {
  return Promise.all(
    Array.from({ length: times }, () =>
      t.modules.rewards.certificates.issue({
        clientId,
        userId,
        targetType: 'course',
        targetId,
        title: 'Prevenção de perdas',
        workloadMinutes: 30,
        validityMonths: null,
      }),
    ),
  );
}

async function countOf(clientId: number, userId: number) {
  const [row] = rowsOf<{ certificates: number; audits: number; inbox: number }>(
    await t.database.db.execute(sql`select
      (select count(*)::int from certificates where client_id = ${clientId} and user_id = ${userId}) as certificates,
      (select count(*)::int from audit_log where client_id = ${clientId} and action = 'certificate.issue') as audits,
      (select count(*)::int from inbox_messages where client_id = ${clientId} and user_id = ${userId}) as inbox`),
  );
  return row!;
}

describe('issuing under parallel calls', () => {
  it('issues one certificate, one audit entry and one message for 20 parallel calls', async () => {
    const client = await createClient(t.database.db);
    const learner = await createUser(t.database.db, { clientIds: [client.id] });
    const results = await issueInParallel(client.id, learner.id, 1, 20);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(new Set(results.map((r) => r.code)).size).toBe(1);
    expect(await countOf(client.id, learner.id)).toEqual({ certificates: 1, audits: 1, inbox: 1 });
  });
});

// PGlite has one connection, so its units run one after another; only PostgreSQL runs them at the same
// time, where the unique index and the per-client advisory lock are what keep one row.
describe.runIf(inject('dbTemplate').kind === 'postgres')('on PostgreSQL, with real parallelism', () => {
  it('issues once per learner when several learners race, and makes one issuer key for parallel first uses', async () => {
    const client = await createClient(t.database.db);
    const learners = await Promise.all(
      Array.from({ length: 3 }, () => createUser(t.database.db, { clientIds: [client.id] })),
    );
    const results = await Promise.all(learners.map((l) => issueInParallel(client.id, l.id, 2, 20)));
    for (const [i, learner] of learners.entries()) {
      expect(results[i]!.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results[i]!.map((r) => r.id)).size).toBe(1);
      expect((await countOf(client.id, learner.id)).certificates).toBe(1);
    }

    const jwks = await Promise.all(
      Array.from({ length: 20 }, () => t.modules.rewards.certificates.credentials.jwks(client.id)),
    );
    expect(new Set(jwks.map((k) => JSON.stringify(k))).size).toBe(1);
    const [keys] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from issuer_keys where client_id = ${client.id}`,
      ),
    );
    expect(keys!.n).toBe(1);
  });
});
