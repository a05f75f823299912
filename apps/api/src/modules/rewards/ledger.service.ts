import { learningSources, type LedgerKind, type LedgerSource } from '@trilha/contracts/rewards/ledger';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../lib/errors';
import { createLedgerRepo, type Balance } from './ledger.repo';
import type { CreditInput, LedgerEarnings, LedgerMove, LedgerPort } from './ports';

/**
 * The points and XP ledgers (docs/rewards.md, "Ledgers"). Every method runs in one unit of work that
 * joins the caller's, locks the user's account first (so moves of one user serialize and read what the
 * one before committed), and writes entries, lots, moves and balances together. The table CHECKs
 * (balance >= 0, held <= points, remaining within its lot) stay the last line of defence.
 */

const LEARNING = new Set<LedgerSource>(learningSources);
/** Lots the expiry job settles per round; each lot is its own transaction. */
const EXPIRY_BATCH = 200;

export interface XpAdjustInput {
  clientId: number;
  userId: number;
  /** Negative: refused with REWARDS_INSUFFICIENT_XP when the balance would go below zero. */
  amount: number;
  source: LedgerSource;
  actorId: number | null;
  reason: string | null;
  idempotencyKey: string;
  /** What the move refers to (a sale's campaign when its approval is reversed). */
  refType?: string | null;
  refId?: number | null;
  refLabel?: string | null;
}

export interface LedgerService extends LedgerPort, LedgerEarnings {
  /** Writes an XP entry either way (a back-office correction); credits go through `credit`. */
  moveXp(input: XpAdjustInput): Promise<LedgerMove>;
  /** Expires every lot past its expiry as of `now`, one transaction per lot; answers how many lots. */
  expireDue(now?: Date): Promise<number>;
}

const checkAmount = (value: number, allowZero: boolean) => {
  if (!Number.isSafeInteger(value) || value < 0 || (!allowZero && value === 0) || value > 2_000_000_000) {
    throw new AppError('REWARDS_AMOUNT_INVALID', 400);
  }
};

const checkKey = (key: string) => {
  if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
    throw new AppError('IDEMPOTENCY_KEY_INVALID', 400);
  }
};

export function createLedgerService(deps: { db: Db }): LedgerService {
  const { db } = deps;
  const repo = createLedgerRepo(db);
  const uow = unitOfWork(db);

  const move = (
    entries: { ledger: LedgerKind; id: number; amount: number }[],
    balance: Balance,
    replayed: boolean,
  ): LedgerMove => {
    const points = entries.find((e) => e.ledger === 'points');
    const xp = entries.find((e) => e.ledger === 'xp');
    return {
      pointsEntryId: points?.id ?? null,
      xpEntryId: xp?.id ?? null,
      points: points?.amount ?? 0,
      xp: xp?.amount ?? 0,
      balance,
      replayed,
    };
  };

  /** When a credit's points lapse: the date given, else the client's term for learning sources. */
  const expiryOf = (input: CreditInput): Date | null | 'learning' =>
    input.expiresAt !== undefined ? input.expiresAt : LEARNING.has(input.source) ? 'learning' : null;

  const service: LedgerService = {
    async credit(input) {
      checkAmount(input.points, true);
      checkAmount(input.xp, true);
      if (input.points === 0 && input.xp === 0) throw new AppError('REWARDS_AMOUNT_INVALID', 400);
      checkKey(input.idempotencyKey);
      return uow.run(async () => {
        const { clientId, userId } = input;
        const before = await repo.lockAccount(clientId, userId);
        const expiresAt = input.points > 0 ? expiryOf(input) : null;
        const written = await repo.writeCredit({
          clientId,
          userId,
          source: input.source,
          refType: input.refType ?? null,
          refId: input.refId ?? null,
          refLabel: input.refLabel ?? null,
          actorId: input.actorId ?? null,
          reason: input.reason ?? null,
          idempotencyKey: input.idempotencyKey,
          points: input.points,
          xp: input.xp,
          before,
          expiresAt,
        });
        if (!written) {
          return move(await repo.entriesByKey(clientId, userId, input.idempotencyKey), before, true);
        }
        return {
          pointsEntryId: written.pointsEntryId,
          xpEntryId: written.xpEntryId,
          points: input.points,
          xp: input.xp,
          balance: written.balance,
          replayed: false,
        };
      });
    },

    async debit(input) {
      checkAmount(input.points, false);
      checkKey(input.idempotencyKey);
      return uow.run(async () => {
        const { clientId, userId } = input;
        const before = await repo.lockAccount(clientId, userId);
        const found = await repo.entriesByKey(clientId, userId, input.idempotencyKey);
        if (found.length > 0) return move(found, before, true);
        if (before.points - before.held < input.points) {
          throw new AppError('REWARDS_INSUFFICIENT_POINTS', 422);
        }
        const id = await repo.insertEntry({
          clientId,
          userId,
          ledger: 'points',
          amount: -input.points,
          balanceAfter: before.points - input.points,
          source: input.source,
          refType: input.refType ?? null,
          refId: input.refId ?? null,
          refLabel: input.refLabel ?? null,
          actorId: input.actorId ?? null,
          reason: input.reason ?? null,
          idempotencyKey: input.idempotencyKey,
        });
        const taken = await repo.consumeLots(clientId, userId, input.points, { entryId: id, holdId: null });
        // The lots always hold points - held; short of that the books disagree, and nothing is written.
        if (taken !== input.points)
          throw new Error(`lots of user ${userId} hold ${taken} of ${input.points}`);
        const after = await repo.moveAccount(clientId, userId, { points: -input.points, held: 0, xp: 0 });
        return move([{ ledger: 'points', id, amount: -input.points }], after, false);
      });
    },

    async moveXp(input) {
      if (!Number.isSafeInteger(input.amount) || input.amount === 0) {
        throw new AppError('REWARDS_AMOUNT_INVALID', 400);
      }
      checkKey(input.idempotencyKey);
      return uow.run(async () => {
        const { clientId, userId } = input;
        const before = await repo.lockAccount(clientId, userId);
        const found = await repo.entriesByKey(clientId, userId, input.idempotencyKey);
        if (found.length > 0) return move(found, before, true);
        if (before.xp + input.amount < 0) throw new AppError('REWARDS_INSUFFICIENT_XP', 422);
        const id = await repo.insertEntry({
          clientId,
          userId,
          ledger: 'xp',
          amount: input.amount,
          balanceAfter: before.xp + input.amount,
          source: input.source,
          refType: input.refType ?? null,
          refId: input.refId ?? null,
          refLabel: input.refLabel ?? null,
          actorId: input.actorId,
          reason: input.reason,
          idempotencyKey: input.idempotencyKey,
        });
        const after = await repo.moveAccount(clientId, userId, { points: 0, held: 0, xp: input.amount });
        return move([{ ledger: 'xp', id, amount: input.amount }], after, false);
      });
    },

    async hold(input) {
      checkAmount(input.points, false);
      checkKey(input.idempotencyKey);
      return uow.run(async () => {
        const { clientId, userId } = input;
        const before = await repo.lockAccount(clientId, userId);
        const existing = await repo.holdByKey(clientId, userId, input.idempotencyKey);
        if (existing !== null) return { holdId: existing, replayed: true };
        if (before.points - before.held < input.points) {
          throw new AppError('REWARDS_INSUFFICIENT_POINTS', 422);
        }
        const holdId = await repo.insertHold({
          clientId,
          userId,
          amount: input.points,
          refType: input.refType ?? null,
          refId: input.refId ?? null,
          actorId: input.actorId ?? null,
          key: input.idempotencyKey,
        });
        const taken = await repo.consumeLots(clientId, userId, input.points, { entryId: null, holdId });
        if (taken !== input.points)
          throw new Error(`lots of user ${userId} hold ${taken} of ${input.points}`);
        await repo.moveAccount(clientId, userId, { points: 0, held: input.points, xp: 0 });
        return { holdId, replayed: false };
      });
    },

    commitHold({ clientId, holdId, actorId }) {
      return uow.run(async () => {
        const peek = await repo.holdById(clientId, holdId);
        if (!peek) throw new AppError('NOT_FOUND', 404);
        const before = await repo.lockAccount(clientId, peek.userId);
        const hold = (await repo.holdById(clientId, holdId, true))!;
        if (hold.status !== 'held') return;
        const entryId = await repo.insertEntry({
          clientId,
          userId: hold.userId,
          ledger: 'points',
          amount: -hold.amount,
          balanceAfter: before.points - hold.amount,
          source: 'redemption',
          refType: hold.refType,
          refId: hold.refId,
          refLabel: null,
          actorId: actorId ?? null,
          reason: null,
          idempotencyKey: `hold:${holdId}`,
        });
        await repo.settleHold(clientId, holdId, 'committed', entryId);
        await repo.moveAccount(clientId, hold.userId, { points: -hold.amount, held: -hold.amount, xp: 0 });
      });
    },

    releaseHold({ clientId, holdId }) {
      return uow.run(async () => {
        const peek = await repo.holdById(clientId, holdId);
        if (!peek) throw new AppError('NOT_FOUND', 404);
        await repo.lockAccount(clientId, peek.userId);
        const hold = (await repo.holdById(clientId, holdId, true))!;
        if (hold.status !== 'held') return;
        const given = await repo.returnHold(clientId, holdId);
        if (given !== hold.amount)
          throw new Error(`hold ${holdId} took ${hold.amount}, its moves give ${given}`);
        await repo.settleHold(clientId, holdId, 'released', null);
        await repo.moveAccount(clientId, hold.userId, { points: 0, held: -hold.amount, xp: 0 });
      });
    },

    balance: (clientId, userId) => repo.balance(clientId, userId),

    async earnedByRef(clientId, userId, refType, refIds) {
      const earned = new Map<number, { points: number; xp: number }>();
      for (const id of refIds) earned.set(id, { points: 0, xp: 0 });
      if (refIds.length === 0) return earned;
      for (const row of await repo.earnedByRef(clientId, userId, refType, refIds)) {
        earned.set(row.refId, { points: row.points, xp: row.xp });
      }
      return earned;
    },

    async expireDue(now = new Date()) {
      let expired = 0;
      for (;;) {
        const due = await repo.dueLots(now, EXPIRY_BATCH);
        let progressed = false;
        for (const lot of due) {
          // One transaction per lot: a crash leaves every lot either expired or untouched, and a second run
          // finds nothing left on the ones done.
          const done = await uow.run(async () => {
            const before = await repo.lockAccount(lot.clientId, lot.userId);
            const current = await repo.lotForExpiry(lot.clientId, lot.id);
            if (!current || current.remaining === 0 || !current.expiresAt || current.expiresAt > now)
              return false;
            const entryId = await repo.insertEntry({
              clientId: lot.clientId,
              userId: lot.userId,
              ledger: 'points',
              amount: -current.remaining,
              balanceAfter: before.points - current.remaining,
              source: 'expiry',
              refType: 'lot',
              refId: lot.id,
              refLabel: null,
              actorId: null,
              reason: null,
              // The lot's move count makes the key unique when points a released hold gave back expire later.
              idempotencyKey: `expiry:${lot.id}:${current.moves}`,
            });
            await repo.expireLot(lot.clientId, lot.id, entryId, current.remaining);
            await repo.moveAccount(lot.clientId, lot.userId, { points: -current.remaining, held: 0, xp: 0 });
            return true;
          });
          if (done) {
            expired++;
            progressed = true;
          }
        }
        if (due.length < EXPIRY_BATCH || !progressed) return expired;
      }
    },
  };
  return service;
}
