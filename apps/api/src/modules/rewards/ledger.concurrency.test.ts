import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { rowsOf } from '../../db/client';
import { createReconciliation } from './ledger.reconcile';
import type { LedgerService } from './ledger.service';

/**
 * Parallel moves on one user. PGlite has a single connection, so its "parallel" calls run one after
 * another and could not show a lost update or a double spend: these run on PostgreSQL only, where each
 * unit of work has its own connection and the account lock is what keeps the books right.
 */
describe.runIf(inject('dbTemplate').kind === 'postgres')('ledger under parallel load (PostgreSQL)', () => {
  let t: TestApp;
  let ledger: LedgerService;
  let clientId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    ledger = t.modules.rewards.ledger;
    clientId = (await createClient(t.database.db)).id;
  });
  afterAll(() => t.close());

  const newUser = async () => (await createUser(t.database.db, { clientIds: [clientId] })).id;

  async function books(userId: number) {
    const [row] = rowsOf<{ entries: number; lots: number; moves: number }>(
      await t.database.db.execute(sql`
        select
          (select coalesce(sum(amount), 0)::int from ledger_entries
            where client_id = ${clientId} and user_id = ${userId} and ledger = 'points') as entries,
          (select coalesce(sum(remaining), 0)::int from point_lots
            where client_id = ${clientId} and user_id = ${userId}) as lots,
          (select count(*)::int from point_lots l where l.client_id = ${clientId} and l.user_id = ${userId}
            and l.amount + coalesce((select sum(m.amount) from point_lot_moves m where m.lot_id = l.id), 0)
              <> l.remaining) as moves`),
    );
    return row!;
  }

  it('1,000 parallel credits and debits end with no negative balance and books that agree', async () => {
    const userId = await newUser();
    // Deterministic mix: amounts cycle, one call in three is a debit larger than most credits, so some
    // debits find the balance short while others find it full.
    const calls = Array.from({ length: 1000 }, (_, i) => {
      const amount = 1 + ((i * 37) % 50);
      return i % 3 === 2
        ? ledger
            .debit({ clientId, userId, points: amount + 20, source: 'redemption', idempotencyKey: `d${i}` })
            .then(() => 'debited' as const)
        : ledger
            .credit({
              clientId,
              userId,
              points: amount,
              xp: 1,
              source: 'sale',
              idempotencyKey: `c${i}`,
              expiresAt: i % 2 ? new Date(Date.now() + (1 + (i % 7)) * 86_400_000) : null,
            })
            .then(() => 'credited' as const);
    });
    const results = await Promise.allSettled(calls);
    const refused = results.filter((r) => r.status === 'rejected');
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'REWARDS_INSUFFICIENT_POINTS' });
    expect(refused.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value === 'debited').length).toBeGreaterThan(
      0,
    );

    const balance = await ledger.balance(clientId, userId);
    expect(balance.points).toBeGreaterThanOrEqual(0);
    expect(balance.xp).toBe(results.filter((r) => r.status === 'fulfilled' && r.value === 'credited').length);
    expect(await books(userId)).toEqual({ entries: balance.points, lots: balance.points, moves: 0 });
    const reconciliation = createReconciliation({ db: t.database.db });
    expect((await reconciliation.runFor(clientId)).findings).toEqual([]);
  });

  it('50 parallel calls of one credit with the same key write one entry', async () => {
    const userId = await newUser();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        ledger.credit({
          clientId,
          userId,
          points: 10,
          xp: 2,
          source: 'course',
          refId: 1,
          idempotencyKey: 'once',
        }),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.pointsEntryId)).size).toBe(1);
    expect(await ledger.balance(clientId, userId)).toEqual({ points: 10, held: 0, xp: 2 });
    const [count] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from ledger_entries where client_id = ${clientId} and user_id = ${userId}`,
      ),
    );
    expect(count!.n).toBe(2);
  });

  it('parallel holds that together exceed the balance: only those that fit succeed', async () => {
    const userId = await newUser();
    await ledger.credit({ clientId, userId, points: 100, xp: 0, source: 'sale', idempotencyKey: 'seed' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        ledger.hold({ clientId, userId, points: 15, source: 'redemption', idempotencyKey: `h${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'REWARDS_INSUFFICIENT_POINTS' });
    }
    expect(await ledger.balance(clientId, userId)).toEqual({ points: 100, held: 90, xp: 0 });
    expect(await books(userId)).toEqual({ entries: 100, lots: 10, moves: 0 });
  });
});
