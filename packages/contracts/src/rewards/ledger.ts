import { z } from 'zod';
import { serialId, serialIdParam, text } from '../primitives';

/** What a ledger entry came from (the same list as the database's check, db/schema/ledger.ts). */
export const ledgerSource = z.enum([
  'activity',
  'course',
  'trail',
  'test',
  'game',
  'sale',
  'photo',
  'redemption',
  'refund',
  'expiry',
  'transfer',
  'adjustment',
]);
export type LedgerSource = z.infer<typeof ledgerSource>;

/** Sources whose points follow the client's term for learning points (reward_settings). */
export const learningSources = [
  'activity',
  'course',
  'trail',
  'test',
  'game',
] as const satisfies readonly LedgerSource[];

/** The two ledgers of a user in a client: spendable points and experience. */
export const ledgerKind = z.enum(['points', 'xp']);
export type LedgerKind = z.infer<typeof ledgerKind>;

/** Largest size of one manual adjustment, either way. */
export const ADJUSTMENT_MAX = 1_000_000;
/** Most rows one CSV statement carries; a wider export is refused (REWARDS_EXPORT_TOO_LARGE). */
export const STATEMENT_CSV_MAX_ROWS = 50_000;

// ---------------------------------------------------------------------------------------------------
// The learner's own balances and statement

/** GET /api/rewards/summary */
export const rewardsSummary = z.object({
  points: z.number().int(),
  /** Reserved by orders awaiting approval. */
  held: z.number().int(),
  /** Spendable now: points - held. */
  available: z.number().int(),
  xp: z.number().int(),
  /** The next days on which points expire (at most 5), the points of each day summed; soonest first. */
  expiring: z.array(z.object({ points: z.number().int(), expiresAt: z.string() })),
  /** When the last entry of either ledger was written (ISO), null for none. */
  lastEntryAt: z.string().nullable(),
});
export type RewardsSummary = z.infer<typeof rewardsSummary>;

const isoDay = z.iso.date();

/** The filters of a statement, shared by the page, the CSV and the back office. */
const statementFilterShape = {
  ledger: z.enum(['points', 'xp', 'all']).default('all'),
  source: z.union([ledgerSource, z.literal('all')]).default('all'),
  /** First day included (UTC), YYYY-MM-DD. */
  from: isoDay.optional(),
  /** Last day included (UTC), YYYY-MM-DD. */
  to: isoDay.optional(),
};
const fromNotAfterTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const rangeIssue = { message: 'REWARDS_DATE_RANGE_INVALID', path: ['to'] };

/** GET /api/rewards/statement.csv (and the filters of the page below). */
export const statementFilters = z.object(statementFilterShape).refine(fromNotAfterTo, rangeIssue);
export type StatementFilters = z.output<typeof statementFilters>;

/** GET /api/rewards/statement, GET /api/admin/rewards/accounts/:userId/statement */
export const statementQuery = z
  .object({
    ...statementFilterShape,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine(fromNotAfterTo, rangeIssue);
export type StatementQuery = z.input<typeof statementQuery>;
export type StatementQueryParsed = z.output<typeof statementQuery>;

export const statementItem = z.object({
  id: z.number().int(),
  ledger: ledgerKind,
  /** Signed: a credit is positive, a debit, expiry or hold's redemption negative. */
  amount: z.number().int(),
  /** The ledger's balance right after this entry. */
  balanceAfter: z.number().int(),
  source: ledgerSource,
  refType: z.string().nullable(),
  refId: z.number().int().nullable(),
  /** The course, trail or activity title when the ledger can tell it, else null. */
  refLabel: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  /** When the points this credit made expire (its lot), null for no expiry or no lot. */
  expiresAt: z.string().nullable(),
});
export type StatementItem = z.infer<typeof statementItem>;

/** Newest first. */
export const statementPage = z.object({
  items: z.array(statementItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StatementPage = z.infer<typeof statementPage>;

/** GET /api/rewards/history */
export const historyQuery = z.object({
  months: z.coerce.number().int().min(1).max(24).default(12),
});
export type HistoryQuery = z.input<typeof historyQuery>;

/** Balances at the end of each month (the current month: now), oldest first, one per month asked. */
export const rewardsHistory = z.object({
  series: z.array(
    z.object({
      /** YYYY-MM (UTC). */
      month: z.string(),
      points: z.number().int(),
      xp: z.number().int(),
    }),
  ),
});
export type RewardsHistory = z.infer<typeof rewardsHistory>;

// ---------------------------------------------------------------------------------------------------
// Back office (capability rewards.manage)

/** GET /api/admin/rewards/accounts */
export const rewardAccountsQuery = z.object({
  /** Part of a name or e-mail. */
  search: text().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type RewardAccountsQuery = z.input<typeof rewardAccountsQuery>;

export const rewardAccountItem = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  points: z.number().int(),
  held: z.number().int(),
  available: z.number().int(),
  xp: z.number().int(),
});
export type RewardAccountItem = z.infer<typeof rewardAccountItem>;

/** Users of the client with their balances (0 for a user with no entry yet), by name. */
export const rewardAccountsPage = z.object({
  items: z.array(rewardAccountItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RewardAccountsPage = z.infer<typeof rewardAccountsPage>;

export const rewardAccountParams = z.object({ userId: serialIdParam() });

/** POST /api/admin/rewards/adjustments (Idempotency-Key required). */
export const adjustmentBody = z
  .object({
    userId: serialId(),
    ledger: ledgerKind,
    /** Non-zero; negative debits (points: from the lots, refused when short; XP: refused below zero). */
    amount: z
      .number({ error: 'REWARDS_AMOUNT_INVALID' })
      .int('REWARDS_AMOUNT_INVALID')
      .min(-ADJUSTMENT_MAX, 'REWARDS_AMOUNT_INVALID')
      .max(ADJUSTMENT_MAX, 'REWARDS_AMOUNT_INVALID')
      .refine((v) => v !== 0, 'REWARDS_AMOUNT_INVALID'),
    reason: text({ error: 'REWARDS_REASON_INVALID' })
      .trim()
      .min(3, 'REWARDS_REASON_INVALID')
      .max(500, 'REWARDS_REASON_INVALID'),
    /** Only for a points credit: when its lot expires (in the future); absent: never. */
    expiresAt: z.iso.datetime({ offset: true, error: 'REWARDS_EXPIRY_INVALID' }).optional(),
  })
  .refine((b) => b.expiresAt === undefined || (b.ledger === 'points' && b.amount > 0), {
    message: 'REWARDS_EXPIRY_INVALID',
    path: ['expiresAt'],
  });
export type AdjustmentBody = z.input<typeof adjustmentBody>;

export const adjustmentResult = z.object({
  entryId: z.number().int(),
  /** The adjusted ledger's balance after the entry. */
  balance: z.number().int(),
});
export type AdjustmentResult = z.infer<typeof adjustmentResult>;

export const reconciliationRunItem = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  accountsChecked: z.number().int(),
  differences: z.number().int(),
});
export type ReconciliationRunItem = z.infer<typeof reconciliationRunItem>;

/** Which sum disagreed: points entries vs points, XP entries vs xp, lots vs points - held, holds vs held, a lot's moves vs its remaining. */
export const reconciliationKind = z.enum(['points_entries', 'xp_entries', 'lots', 'holds', 'lot_moves']);
export type ReconciliationKind = z.infer<typeof reconciliationKind>;

export const reconciliationFinding = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  kind: reconciliationKind,
  /** What the entries (or lots, holds, moves) add up to. */
  expected: z.number().int(),
  /** What the balance (or the lot's remaining) says. */
  actual: z.number().int(),
});
export type ReconciliationFinding = z.infer<typeof reconciliationFinding>;

/** GET /api/admin/rewards/reconciliation: the last 20 runs, and this client's findings of the latest. */
export const reconciliationOverview = z.object({
  runs: z.array(reconciliationRunItem),
  findings: z.array(reconciliationFinding),
});
export type ReconciliationOverview = z.infer<typeof reconciliationOverview>;

/** POST /api/admin/rewards/reconciliation/run: the check of this client only, now. */
export const reconciliationRunResult = z.object({
  run: reconciliationRunItem,
  findings: z.array(reconciliationFinding),
});
export type ReconciliationRunResult = z.infer<typeof reconciliationRunResult>;
