import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientRef, created, userRef } from '../columns';

/**
 * Points transfer to and from the partner loyalty program (docs/transfers.md), owned by the transfers
 * module (modules/transfers). The points of an outgoing transfer are held in the ledger (its `hold_id`)
 * until the partner confirms (committed) or refuses (released).
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const pointTransfers = pgTable(
  'point_transfers',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    /** The partner account's document, normalized (packages/domain/src/document.ts). */
    document: text('document').notNull(),
    points: integer('points').notNull(),
    status: text('status', { enum: ['requested', 'sent', 'confirmed', 'refused', 'failed'] })
      .notNull()
      .default('requested'),
    /** The ledger's hold of the points (point_holds.id). */
    holdId: integer('hold_id').notNull(),
    /** The caller's Idempotency-Key: the same key makes one transfer. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Calls made to the partner so far. */
    attempts: integer('attempts').notNull().default(0),
    partnerReference: text('partner_reference'),
    /** The partner's reason for a refusal, or what went wrong on the last call. */
    error: text('error'),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    uniqueIndex('point_transfers_key_idx').on(t.clientId, t.userId, t.idempotencyKey),
    index('point_transfers_user_idx').on(t.clientId, t.userId, t.id),
    check('point_transfers_points_check', sql`${t.points} > 0`),
    check(
      'point_transfers_status_check',
      sql`${t.status} in ('requested', 'sent', 'confirmed', 'refused', 'failed')`,
    ),
  ],
);

/**
 * One document receives points from one account only: the first account of the client that sends to
 * it claims it, and the primary key decides between two first transfers sent at once.
 */
export const transferDocuments = pgTable(
  'transfer_documents',
  {
    clientId: clientRef(),
    document: text('document').notNull(),
    userId: userRef(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.document] })],
);

/** Points the partner sent to one of our users: the partner's id credits once. */
export const incomingPointTransfers = pgTable(
  'incoming_point_transfers',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    partnerId: text('partner_id').notNull(),
    document: text('document').notNull(),
    points: integer('points').notNull(),
    /** The lot's expiry: 12 months after receipt. */
    expiresAt: ts('expires_at').notNull(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('incoming_point_transfers_partner_idx').on(t.clientId, t.partnerId),
    check('incoming_point_transfers_points_check', sql`${t.points} > 0`),
  ],
);
