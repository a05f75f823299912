import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { rowsOf } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { createReconciliation } from './ledger.reconcile';
import type { LedgerService } from './ledger.service';

let t: TestApp;
let ledger: LedgerService;
let clientId: number;
let key = 0;
const nextKey = () => `k${++key}`;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  ledger = t.modules.rewards.ledger;
  clientId = (await createClient(t.database.db)).id;
});
afterAll(() => t.close());

const newUser = async () => (await createUser(t.database.db, { clientIds: [clientId] })).id;

async function lots(userId: number) {
  return rowsOf<{ id: number; amount: number; remaining: number; expiresAt: Date | null }>(
    await t.database.db.execute(sql`
      select id, amount, remaining, expires_at as "expiresAt" from point_lots
      where client_id = ${clientId} and user_id = ${userId} order by id`),
  ).map((l) => ({ ...l, remaining: Number(l.remaining) }));
}

async function entries(userId: number) {
  return rowsOf<{ ledger: string; amount: number; source: string; balanceAfter: number }>(
    await t.database.db.execute(sql`
      select ledger, amount, source, balance_after as "balanceAfter" from ledger_entries
      where client_id = ${clientId} and user_id = ${userId} order by id`),
  );
}

describe('credit', () => {
  it('writes a points lot and an XP entry, and the same key answers the first credit again', async () => {
    const userId = await newUser();
    const first = await ledger.credit({
      clientId,
      userId,
      points: 50,
      xp: 10,
      source: 'sale',
      idempotencyKey: 'sale-1',
    });
    expect(first).toMatchObject({
      points: 50,
      xp: 10,
      replayed: false,
      balance: { points: 50, held: 0, xp: 10 },
    });
    const again = await ledger.credit({
      clientId,
      userId,
      points: 50,
      xp: 10,
      source: 'sale',
      idempotencyKey: 'sale-1',
    });
    expect(again).toMatchObject({
      pointsEntryId: first.pointsEntryId,
      xpEntryId: first.xpEntryId,
      replayed: true,
      balance: { points: 50, held: 0, xp: 10 },
    });
    expect(await entries(userId)).toEqual([
      { ledger: 'points', amount: 50, source: 'sale', balanceAfter: 50 },
      { ledger: 'xp', amount: 10, source: 'sale', balanceAfter: 10 },
    ]);
    expect((await lots(userId)).map((l) => [l.amount, l.remaining, l.expiresAt])).toEqual([[50, 50, null]]);
  });

  it("gives learning points the client's term and other sources none", async () => {
    const other = await createClient(t.database.db);
    await t.database.db.execute(
      sql`insert into reward_settings (client_id, learning_points_validity_days) values (${other.id}, 30)`,
    );
    const userId = (await createUser(t.database.db, { clientIds: [other.id] })).id;
    const before = Date.now();
    await ledger.credit({
      clientId: other.id,
      userId,
      points: 5,
      xp: 0,
      source: 'course',
      idempotencyKey: 'c',
    });
    await ledger.credit({
      clientId: other.id,
      userId,
      points: 5,
      xp: 0,
      source: 'sale',
      idempotencyKey: 's',
    });
    const given = new Date('2030-01-01T00:00:00Z');
    await ledger.credit({
      clientId: other.id,
      userId,
      points: 5,
      xp: 0,
      source: 'course',
      idempotencyKey: 'g',
      expiresAt: given,
    });
    const found = rowsOf<{ expiresAt: Date | null }>(
      await t.database.db.execute(
        sql`select expires_at as "expiresAt" from point_lots where client_id = ${other.id} and user_id = ${userId} order by id`,
      ),
    );
    const learning = new Date(found[0]!.expiresAt!).getTime();
    expect(learning).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
    expect(learning).toBeLessThanOrEqual(Date.now() + 30 * DAY + 1000);
    expect(found[1]!.expiresAt).toBeNull();
    expect(new Date(found[2]!.expiresAt!).toISOString()).toBe(given.toISOString());
  });

  it('refuses a credit of nothing', async () => {
    const userId = await newUser();
    await expect(
      ledger.credit({ clientId, userId, points: 0, xp: 0, source: 'sale', idempotencyKey: nextKey() }),
    ).rejects.toMatchObject({ code: 'REWARDS_AMOUNT_INVALID' });
  });
});

describe('debit', () => {
  it('takes the soonest-expiring lots first, never-expiring last, oldest first among equals', async () => {
    const userId = await newUser();
    const soon = new Date(Date.now() + 5 * DAY);
    const later = new Date(Date.now() + 50 * DAY);
    const credit = (points: number, expiresAt: Date | null) =>
      ledger.credit({
        clientId,
        userId,
        points,
        xp: 0,
        source: 'sale',
        idempotencyKey: nextKey(),
        expiresAt,
      });
    await credit(10, null); // lot 1: never
    await credit(10, later); // lot 2
    await credit(10, soon); // lot 3
    await credit(10, null); // lot 4: never, newer than lot 1
    const res = await ledger.debit({
      clientId,
      userId,
      points: 25,
      source: 'redemption',
      idempotencyKey: 'd1',
    });
    expect(res.balance).toEqual({ points: 15, held: 0, xp: 0 });
    expect((await lots(userId)).map((l) => l.remaining)).toEqual([5, 0, 0, 10]);
    const replay = await ledger.debit({
      clientId,
      userId,
      points: 25,
      source: 'redemption',
      idempotencyKey: 'd1',
    });
    expect(replay).toMatchObject({ replayed: true, pointsEntryId: res.pointsEntryId, points: -25 });
    expect((await lots(userId)).map((l) => l.remaining)).toEqual([5, 0, 0, 10]);
  });

  it('refuses a debit over the spendable points and writes nothing', async () => {
    const userId = await newUser();
    await ledger.credit({ clientId, userId, points: 30, xp: 0, source: 'sale', idempotencyKey: nextKey() });
    await ledger.hold({ clientId, userId, points: 20, source: 'redemption', idempotencyKey: nextKey() });
    await expect(
      ledger.debit({ clientId, userId, points: 11, source: 'redemption', idempotencyKey: nextKey() }),
    ).rejects.toMatchObject({ code: 'REWARDS_INSUFFICIENT_POINTS', status: 422 });
    expect(await ledger.balance(clientId, userId)).toEqual({ points: 30, held: 20, xp: 0 });
    expect(await entries(userId)).toHaveLength(1);
  });

  it("rolls back with the caller's unit of work", async () => {
    const userId = await newUser();
    await ledger.credit({ clientId, userId, points: 30, xp: 0, source: 'sale', idempotencyKey: nextKey() });
    await expect(
      unitOfWork(t.database.db).run(async () => {
        await ledger.debit({ clientId, userId, points: 10, source: 'redemption', idempotencyKey: nextKey() });
        throw new Error('the order could not be created');
      }),
    ).rejects.toThrow('the order could not be created');
    expect(await ledger.balance(clientId, userId)).toEqual({ points: 30, held: 0, xp: 0 });
    expect((await lots(userId))[0]!.remaining).toBe(30);
  });
});

describe('holds', () => {
  it('reserve points out of the lots; commit writes one redemption, release gives them back', async () => {
    const userId = await newUser();
    await ledger.credit({ clientId, userId, points: 100, xp: 0, source: 'sale', idempotencyKey: nextKey() });
    const a = await ledger.hold({
      clientId,
      userId,
      points: 40,
      source: 'redemption',
      idempotencyKey: 'order-1',
    });
    expect(
      await ledger.hold({ clientId, userId, points: 40, source: 'redemption', idempotencyKey: 'order-1' }),
    ).toEqual({
      holdId: a.holdId,
      replayed: true,
    });
    const b = await ledger.hold({
      clientId,
      userId,
      points: 30,
      source: 'redemption',
      idempotencyKey: 'order-2',
    });
    expect(await ledger.balance(clientId, userId)).toEqual({ points: 100, held: 70, xp: 0 });
    expect((await lots(userId))[0]!.remaining).toBe(30);

    await ledger.commitHold({ clientId, holdId: a.holdId });
    await ledger.commitHold({ clientId, holdId: a.holdId });
    await ledger.releaseHold({ clientId, holdId: a.holdId }); // settled: nothing happens
    expect(await ledger.balance(clientId, userId)).toEqual({ points: 60, held: 30, xp: 0 });

    await ledger.releaseHold({ clientId, holdId: b.holdId });
    await ledger.releaseHold({ clientId, holdId: b.holdId });
    await ledger.commitHold({ clientId, holdId: b.holdId });
    expect(await ledger.balance(clientId, userId)).toEqual({ points: 60, held: 0, xp: 0 });
    expect((await lots(userId))[0]!.remaining).toBe(60);
    expect((await entries(userId)).map((e) => [e.source, e.amount, e.balanceAfter])).toEqual([
      ['sale', 100, 100],
      ['redemption', -40, 60],
    ]);
  });

  it("answers 404 for another client's hold", async () => {
    const userId = await newUser();
    await ledger.credit({ clientId, userId, points: 10, xp: 0, source: 'sale', idempotencyKey: nextKey() });
    const { holdId } = await ledger.hold({
      clientId,
      userId,
      points: 5,
      source: 'redemption',
      idempotencyKey: nextKey(),
    });
    const other = await createClient(t.database.db);
    await expect(ledger.commitHold({ clientId: other.id, holdId })).rejects.toMatchObject({ status: 404 });
    expect(await ledger.balance(clientId, userId)).toEqual({ points: 10, held: 5, xp: 0 });
  });
});

describe('expiry', () => {
  it('expires what is left of past lots once; held points wait for their release, then expire', async () => {
    const userId = await newUser();
    const now = Date.now();
    const past = new Date(now + 1 * DAY);
    await ledger.credit({
      clientId,
      userId,
      points: 50,
      xp: 0,
      source: 'sale',
      idempotencyKey: nextKey(),
      expiresAt: past,
    });
    await ledger.credit({ clientId, userId, points: 20, xp: 0, source: 'sale', idempotencyKey: nextKey() });
    const { holdId } = await ledger.hold({
      clientId,
      userId,
      points: 30,
      source: 'redemption',
      idempotencyKey: nextKey(),
    });
    const at = new Date(now + 2 * DAY);

    await ledger.expireDue(at);
    expect(await ledger.balance(clientId, userId)).toEqual({ points: 50, held: 30, xp: 0 });
    const once = await entries(userId);
    await ledger.expireDue(at);
    expect(await entries(userId)).toEqual(once);
    expect(once.at(-1)).toMatchObject({ source: 'expiry', amount: -20, balanceAfter: 50 });

    await ledger.releaseHold({ clientId, holdId });
    expect(await ledger.balance(clientId, userId)).toEqual({ points: 50, held: 0, xp: 0 });
    await ledger.expireDue(at);
    expect(await ledger.balance(clientId, userId)).toEqual({ points: 20, held: 0, xp: 0 });
    expect((await entries(userId)).at(-1)).toMatchObject({ source: 'expiry', amount: -30, balanceAfter: 20 });
    const reconciliation = createReconciliation({ db: t.database.db });
    expect((await reconciliation.runFor(clientId)).findings).toEqual([]);
  });
});

/**
 * The lots against a model: random credits (with or without expiry), debits, holds, commits, releases and
 * expiry runs at advancing times must leave the same balances and lot remainders as a few lines of plain
 * code that follow the rule (soonest expiry first, never last, oldest first among equals).
 */
describe('lot consumption against a model', () => {
  type Op =
    | { kind: 'credit'; points: number; expiresInDays: number | null }
    | { kind: 'debit'; points: number }
    | { kind: 'hold'; points: number }
    | { kind: 'commit'; which: number }
    | { kind: 'release'; which: number }
    | { kind: 'expire'; advanceDays: number };

  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant('credit' as const),
      points: fc.integer({ min: 1, max: 50 }),
      expiresInDays: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
    }),
    fc.record({ kind: fc.constant('debit' as const), points: fc.integer({ min: 1, max: 60 }) }),
    fc.record({ kind: fc.constant('hold' as const), points: fc.integer({ min: 1, max: 40 }) }),
    fc.record({ kind: fc.constant('commit' as const), which: fc.nat(5) }),
    fc.record({ kind: fc.constant('release' as const), which: fc.nat(5) }),
    fc.record({ kind: fc.constant('expire' as const), advanceDays: fc.integer({ min: 0, max: 4 }) }),
  );

  it('keeps the same balances and remainders as the model', async () => {
    const start = Date.UTC(2040, 0, 1);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const userId = await newUser();
        const model = {
          points: 0,
          held: 0,
          lots: [] as { remaining: number; expiresAt: number | null }[],
          holds: [] as { amount: number; takes: Map<number, number>; open: boolean; id: number }[],
        };
        const take = (amount: number) => {
          const order = model.lots
            .map((lot, i) => ({ lot, i }))
            .filter(({ lot }) => lot.remaining > 0)
            .sort((a, b) =>
              a.lot.expiresAt === b.lot.expiresAt
                ? a.i - b.i
                : a.lot.expiresAt === null
                  ? 1
                  : b.lot.expiresAt === null
                    ? -1
                    : a.lot.expiresAt - b.lot.expiresAt,
            );
          const takes = new Map<number, number>();
          let left = amount;
          for (const { lot, i } of order) {
            if (left === 0) break;
            const n = Math.min(lot.remaining, left);
            lot.remaining -= n;
            left -= n;
            takes.set(i, n);
          }
          return takes;
        };
        let now = start;
        for (const o of ops) {
          const available = model.points - model.held;
          if (o.kind === 'credit') {
            const expiresAt = o.expiresInDays === null ? null : now + o.expiresInDays * DAY;
            await ledger.credit({
              clientId,
              userId,
              points: o.points,
              xp: 0,
              source: 'sale',
              idempotencyKey: nextKey(),
              expiresAt: expiresAt === null ? null : new Date(expiresAt),
            });
            model.points += o.points;
            model.lots.push({ remaining: o.points, expiresAt });
          } else if (o.kind === 'debit' || o.kind === 'hold') {
            const call =
              o.kind === 'debit'
                ? ledger.debit({
                    clientId,
                    userId,
                    points: o.points,
                    source: 'redemption',
                    idempotencyKey: nextKey(),
                  })
                : ledger.hold({
                    clientId,
                    userId,
                    points: o.points,
                    source: 'redemption',
                    idempotencyKey: nextKey(),
                  });
            if (o.points > available) {
              await expect(call).rejects.toMatchObject({ code: 'REWARDS_INSUFFICIENT_POINTS' });
              continue;
            }
            const result = await call;
            const takes = take(o.points);
            if (o.kind === 'debit') model.points -= o.points;
            else {
              model.held += o.points;
              model.holds.push({
                amount: o.points,
                takes,
                open: true,
                id: (result as { holdId: number }).holdId,
              });
            }
          } else if (o.kind === 'commit' || o.kind === 'release') {
            const hold = model.holds[o.which % Math.max(1, model.holds.length)];
            if (!hold) continue;
            if (o.kind === 'commit') await ledger.commitHold({ clientId, holdId: hold.id });
            else await ledger.releaseHold({ clientId, holdId: hold.id });
            if (!hold.open) continue;
            hold.open = false;
            model.held -= hold.amount;
            if (o.kind === 'commit') model.points -= hold.amount;
            else for (const [i, n] of hold.takes) model.lots[i]!.remaining += n;
          } else {
            now += o.advanceDays * DAY;
            await ledger.expireDue(new Date(now));
            for (const lot of model.lots) {
              if (lot.expiresAt !== null && lot.expiresAt <= now && lot.remaining > 0) {
                model.points -= lot.remaining;
                lot.remaining = 0;
              }
            }
          }
        }
        expect(await ledger.balance(clientId, userId)).toEqual({
          points: model.points,
          held: model.held,
          xp: 0,
        });
        expect((await lots(userId)).map((l) => l.remaining)).toEqual(model.lots.map((l) => l.remaining));
      }),
      { numRuns: 25 },
    );
    const reconciliation = createReconciliation({ db: t.database.db });
    expect((await reconciliation.runFor(clientId)).findings).toEqual([]);
  });
});

describe('jobs', () => {
  it('the expiry job expires lots past their expiry; the reconciliation job records a clean run', async () => {
    const userId = await newUser();
    await ledger.credit({
      clientId,
      userId,
      points: 9,
      xp: 0,
      source: 'sale',
      idempotencyKey: nextKey(),
      expiresAt: new Date(Date.now() - 1000),
    });
    await t.jobs.send('rewards.expire-points', {});
    expect(await t.jobs.runQueued('rewards.expire-points')).toBe(1);
    expect(await ledger.balance(clientId, userId)).toEqual({ points: 0, held: 0, xp: 0 });
    expect((await entries(userId)).at(-1)).toMatchObject({ source: 'expiry', amount: -9, balanceAfter: 0 });

    await t.jobs.send('rewards.reconcile', {});
    expect(await t.jobs.runQueued('rewards.reconcile')).toBe(1);
    const { runs, findings } = await t.modules.rewards.ledger.reconciliation.overview(clientId);
    expect(runs[0]).toMatchObject({ differences: 0, finishedAt: expect.any(String) });
    expect(runs[0]!.accountsChecked).toBeGreaterThan(0);
    expect(findings).toEqual([]);
  });
});

describe('the reconciliation job with differences', () => {
  it('tells the program administrators of the client whose accounts disagree, and no one else', async () => {
    const other = (await createClient(t.database.db)).id;
    const admin = (await createUser(t.database.db, { clientIds: [clientId], roles: ['program_admin'] })).id;
    const manager = (await createUser(t.database.db, { clientIds: [clientId], roles: ['manager'] })).id;
    const otherAdmin = (await createUser(t.database.db, { clientIds: [other], roles: ['program_admin'] })).id;
    const userId = await newUser();
    await ledger.credit({ clientId, userId, points: 40, xp: 0, source: 'sale', idempotencyKey: nextKey() });
    // A balance changed behind the ledger's back: its entries no longer add up to it.
    await t.database.db.execute(
      sql`update reward_accounts set points = points + 5 where client_id = ${clientId} and user_id = ${userId}`,
    );
    try {
      await t.jobs.send('rewards.reconcile', {});
      expect(await t.jobs.runQueued('rewards.reconcile')).toBe(1);
      const inbox = rowsOf<{ user_id: number; title: string }>(
        await t.database.db.execute(sql`select user_id, title from inbox_messages
          where user_id in (${admin}, ${manager}, ${otherAdmin}) order by user_id`),
      );
      expect(inbox.map((m) => m.user_id)).toEqual([admin]);
      expect(inbox[0]!.title).toBe('Conferência de pontos com diferenças');
    } finally {
      await t.database.db.execute(
        sql`update reward_accounts set points = points - 5 where client_id = ${clientId} and user_id = ${userId}`,
      );
    }
  });
});
