import type { LedgerSource } from '@trilha/contracts/rewards/ledger';

/**
 * The faces of the rewards module's three parts to each other and to the areas to come (tests, games,
 * the store, sales). Every method joins the caller's unit of work (db/unit-of-work.ts) when one is open,
 * so a credit commits or rolls back with the caller's own writes.
 */

export interface CreditInput {
  clientId: number;
  userId: number;
  /** Points (spendable) credited as one lot; 0 for none. */
  points: number;
  /** XP credited; 0 for none. */
  xp: number;
  source: LedgerSource;
  refType?: string | null;
  refId?: number | null;
  /** What the reference is called (a course's title), shown on the statement as it was when earned. */
  refLabel?: string | null;
  actorId?: number | null;
  reason?: string | null;
  /** Unique per user: the same key credits once and answers the first credit again. */
  idempotencyKey: string;
  /** When the lot expires; undefined: the client's term for learning sources, else never. */
  expiresAt?: Date | null;
}

export interface LedgerMove {
  /** Entries written (or found, for a retried key). */
  pointsEntryId: number | null;
  xpEntryId: number | null;
  points: number;
  xp: number;
  /** Balances after the move. */
  balance: { points: number; held: number; xp: number };
  /** True when the key had been used: nothing was written this time. */
  replayed: boolean;
}

export interface DebitInput {
  clientId: number;
  userId: number;
  points: number;
  source: LedgerSource;
  refType?: string | null;
  refId?: number | null;
  refLabel?: string | null;
  actorId?: number | null;
  reason?: string | null;
  idempotencyKey: string;
}

/**
 * What a user earned per reference (credits less their reversals, in points and XP), e.g. per loyalty
 * campaign: the loyalty program credits approved sales and photos with the campaign as reference.
 */
export interface LedgerEarnings {
  earnedByRef(
    clientId: number,
    userId: number,
    refType: string,
    refIds: readonly number[],
  ): Promise<Map<number, { points: number; xp: number }>>;
}

export interface LedgerPort {
  /** Credits points (one lot) and/or XP. */
  credit(input: CreditInput): Promise<LedgerMove>;
  /** Debits spendable points, soonest-expiring lots first; REWARDS_INSUFFICIENT_POINTS when short. */
  debit(input: DebitInput): Promise<LedgerMove>;
  /** Reserves spendable points for something awaiting approval; answers the hold's id. */
  hold(input: DebitInput): Promise<{ holdId: number; replayed: boolean }>;
  /** Turns a hold into a redemption entry. Idempotent. */
  commitHold(input: { clientId: number; holdId: number; actorId?: number | null }): Promise<void>;
  /** Gives a hold's points back to their lots. Idempotent. */
  releaseHold(input: { clientId: number; holdId: number; actorId?: number | null }): Promise<void>;
  balance(clientId: number, userId: number): Promise<{ points: number; held: number; xp: number }>;
}

export interface IssueCertificateInput {
  clientId: number;
  userId: number;
  targetType: 'course' | 'trail';
  targetId: number;
  title: string;
  workloadMinutes: number | null;
  /** Months it stays valid; null: no expiry. */
  validityMonths: number | null;
}

export interface CertificatesPort {
  /** Issues the certificate once per user and target (a second call answers the first). */
  issue(input: IssueCertificateInput): Promise<{ id: number; code: string; created: boolean }>;
}
