import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { clientRef, created, userRef } from '../columns';

/**
 * The points and XP ledgers (docs/product-rules.md, "Points, experience (XP) and levels"). The ledger
 * service (modules/rewards/ledger.service.ts) is the only writer of these tables; other areas credit,
 * debit and hold through it inside their own unit of work.
 */

/** Sources of a ledger entry: what an entry came from. */
export const ledgerSources = [
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
] as const;

const sourceList = sql.raw(ledgerSources.map((s) => `'${s}'`).join(', '));

/**
 * A user's balances in a client, kept beside the ledger in the same transaction as every entry.
 * `points` is the sum of the points entries; `held` is what open holds reserve out of it (spendable:
 * points - held); `xp` is the sum of the XP entries.
 */
export const rewardAccounts = pgTable(
  'reward_accounts',
  {
    clientId: clientRef(),
    userId: userRef(),
    points: integer('points').notNull().default(0),
    held: integer('held').notNull().default(0),
    xp: integer('xp').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.userId] }),
    index('reward_accounts_user_idx').on(t.userId),
    check('reward_accounts_points_check', sql`${t.points} >= 0`),
    check('reward_accounts_held_check', sql`${t.held} >= 0 and ${t.held} <= ${t.points}`),
    check('reward_accounts_xp_check', sql`${t.xp} >= 0`),
  ],
);

/**
 * One append-only entry of a ledger. Never updated: a correction is another entry (`reverses_id`).
 * `idempotency_key` is unique per user and ledger: a retried credit or debit finds its first entry.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    ledger: text('ledger').notNull(),
    amount: integer('amount').notNull(),
    /** The ledger's balance right after this entry. */
    balanceAfter: integer('balance_after').notNull(),
    source: text('source').notNull(),
    /** What the entry refers to (`course` 12, `order` 40, `lot` 7…); both null for a manual adjustment. */
    refType: text('ref_type'),
    refId: integer('ref_id'),
    /**
     * What the reference was called when the entry was written (a course's title): the statement shows it
     * as it was earned, without reading the learning area's tables.
     */
    refLabel: text('ref_label'),
    /** Who caused it: the staff member of an adjustment, the learner of an award; null for a job. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The entry this one reverses. */
    reversesId: integer('reverses_id'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('ledger_entries_key_idx').on(t.clientId, t.userId, t.ledger, t.idempotencyKey),
    index('ledger_entries_statement_idx').on(t.clientId, t.userId, t.createdAt, t.id),
    check('ledger_entries_ledger_check', sql`${t.ledger} in ('points', 'xp')`),
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
    check('ledger_entries_balance_check', sql`${t.balanceAfter} >= 0`),
    check('ledger_entries_source_check', sql`${t.source} in (${sourceList})`),
  ],
);

/**
 * A lot of points credited by one entry, with its expiry (null: never). Spending takes from the lots
 * that expire first; expiry writes one entry per lot for its `remaining`. The moves of a lot
 * (point_lot_moves) always sum with `amount` to `remaining`.
 */
export const pointLots = pgTable(
  'point_lots',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    /** The credit entry that made the lot. */
    entryId: integer('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Set when the expiry job wrote the lot's expiry entry. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('point_lots_entry_idx').on(t.entryId),
    // Spending order: soonest expiry first, never-expiring last, then oldest.
    index('point_lots_spend_idx')
      .on(t.clientId, t.userId, t.expiresAt, t.id)
      .where(sql`${t.remaining} > 0`),
    index('point_lots_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.remaining} > 0 and ${t.expiresAt} is not null`),
    check('point_lots_amount_check', sql`${t.amount} > 0`),
    check('point_lots_remaining_check', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
  ],
);

/**
 * Points reserved for something awaiting approval (an order): taken out of lots when held, then
 * committed (a redemption entry is written) or released (the points go back to their lots).
 */
export const pointHolds = pgTable(
  'point_holds',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('held'),
    refType: text('ref_type'),
    refId: integer('ref_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The redemption entry written on commit. */
    entryId: integer('entry_id').references(() => ledgerEntries.id),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('point_holds_key_idx').on(t.clientId, t.userId, t.idempotencyKey),
    index('point_holds_open_idx')
      .on(t.clientId, t.userId)
      .where(sql`${t.status} = 'held'`),
    check('point_holds_amount_check', sql`${t.amount} > 0`),
    check('point_holds_status_check', sql`${t.status} in ('held', 'committed', 'released')`),
  ],
);

/**
 * What moved a lot: a debit or a hold takes from it (negative), a released hold gives back (positive),
 * expiry takes the rest (negative). Per lot, amount + sum(moves) = remaining.
 */
export const pointLotMoves = pgTable(
  'point_lot_moves',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => pointLots.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id').references(() => ledgerEntries.id),
    holdId: integer('hold_id').references(() => pointHolds.id),
    amount: integer('amount').notNull(),
    createdAt: created(),
  },
  (t) => [
    index('point_lot_moves_lot_idx').on(t.lotId),
    index('point_lot_moves_hold_idx').on(t.holdId),
    check('point_lot_moves_amount_check', sql`${t.amount} <> 0`),
    check('point_lot_moves_cause_check', sql`${t.entryId} is not null or ${t.holdId} is not null`),
  ],
);

/** One run of the nightly reconciliation (all clients), with how many accounts it checked. */
export const reconciliationRuns = pgTable('reconciliation_runs', {
  id: serial('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  accountsChecked: integer('accounts_checked').notNull().default(0),
  differences: integer('differences').notNull().default(0),
});

/**
 * What one run checked in one client: program administrators see their client's rows only, never the
 * platform's totals.
 */
export const reconciliationRunClients = pgTable(
  'reconciliation_run_clients',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
    clientId: clientRef(),
    accountsChecked: integer('accounts_checked').notNull().default(0),
    differences: integer('differences').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.runId] }),
    index('reconciliation_run_clients_run_idx').on(t.runId),
  ],
);

/** A difference a reconciliation run found in one account of a client. */
export const reconciliationFindings = pgTable(
  'reconciliation_findings',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
    clientId: clientRef(),
    userId: userRef(),
    /** `points_entries`, `xp_entries`, `lots`, `holds` or `lot_moves`: which sum disagreed with the balance. */
    kind: text('kind').notNull(),
    expected: integer('expected').notNull(),
    actual: integer('actual').notNull(),
    details: jsonb('details'),
  },
  (t) => [index('reconciliation_findings_client_idx').on(t.clientId, t.runId)],
);
