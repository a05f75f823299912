import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientRef, created, userRef } from '../columns';
import { users } from './users';
import { loyaltyCampaigns, loyaltyProducts, loyaltyRetailers, loyaltyStores } from './loyalty';

/**
 * Sale reports of the loyalty program (docs/sales.md), owned by the sales module (modules/sales). The
 * invoice number is unique per campaign through its normalized key: the database decides between two
 * reports of one invoice sent at once.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => loyaltyCampaigns.id, { onDelete: 'restrict' }),
    userId: userRef(),
    storeId: integer('store_id')
      .notNull()
      .references(() => loyaltyStores.id, { onDelete: 'restrict' }),
    retailerId: integer('retailer_id')
      .notNull()
      .references(() => loyaltyRetailers.id, { onDelete: 'restrict' }),
    /** The local date of the sale in the store's time zone. */
    saleDate: date('sale_date').notNull(),
    /** As the user typed it (trimmed). */
    invoiceNumber: text('invoice_number').notNull(),
    /** Trimmed, upper case, leading zeros kept: the key of the per-campaign uniqueness. */
    invoiceKey: text('invoice_key').notNull(),
    observation: text('observation').notNull().default(''),
    photoKey: text('photo_key'),
    /** SHA-256 (hex) of the photo's original bytes, for the audit's duplicate-image signal. */
    photoSha256: text('photo_sha256'),
    photoWidth: integer('photo_width'),
    photoHeight: integer('photo_height'),
    /**
     * The photo's difference hash (dHash): 64 bits of a 9×8 greyscale resize, each 1 where a pixel is
     * brighter than its right neighbour. Near-duplicate pictures differ in few bits (docs/sales.md).
     */
    photoDhash: bigint('photo_dhash', { mode: 'bigint' }),
    /** Sum of the lines' quantities, for the unusual-quantity signal. */
    units: integer('units').notNull().default(0),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    /** Sum of quantity × the products' frozen points. */
    basePoints: integer('base_points').notNull(),
    createdAt: created(),
    decidedAt: ts('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** What the approval credited: floor(base × the level's multiplier) points and base XP. */
    creditedPoints: integer('credited_points'),
    creditedXp: integer('credited_xp'),
    /** The multiplier of the member's level in force on the sale date, as applied. */
    multiplier: numeric('multiplier', { precision: 6, scale: 4 }),
  },
  (t) => [
    uniqueIndex('sales_invoice_idx').on(t.clientId, t.campaignId, t.invoiceKey),
    index('sales_user_idx').on(t.clientId, t.userId, t.createdAt),
    index('sales_campaign_status_idx').on(t.clientId, t.campaignId, t.status, t.createdAt),
    index('sales_photo_sha_idx').on(t.clientId, t.photoSha256),
    index('sales_invoice_key_idx').on(t.clientId, t.invoiceKey),
    index('sales_store_campaign_idx').on(t.clientId, t.storeId, t.campaignId),
    index('sales_queue_idx').on(t.clientId, t.status, t.createdAt),
    check('sales_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('sales_base_points_check', sql`${t.basePoints} > 0`),
  ],
);

export const saleLines = pgTable(
  'sale_lines',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => loyaltyProducts.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    /** The product's points in the campaign when the sale was reported (frozen since its start). */
    points: integer('points').notNull(),
  },
  (t) => [
    uniqueIndex('sale_lines_product_idx').on(t.clientId, t.saleId, t.productId),
    index('sale_lines_product_ref_idx').on(t.clientId, t.productId),
    check('sale_lines_quantity_check', sql`${t.quantity} between 1 and 9999`),
    check('sale_lines_points_check', sql`${t.points} > 0`),
  ],
);

/**
 * The audit's decisions on a sale, one row each (never updated): who approved or rejected it, when,
 * with what reason, and what the ledger moved (a rejection after approval takes back what it can).
 */
export const saleDecisions = pgTable(
  'sale_decisions',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    decision: text('decision', { enum: ['approved', 'rejected'] }).notNull(),
    fromStatus: text('from_status', { enum: ['pending', 'approved'] }).notNull(),
    reason: text('reason'),
    /** Points and XP credited (approval, positive) or taken back (rejection after approval, negative). */
    points: integer('points').notNull().default(0),
    xp: integer('xp').notNull().default(0),
    /** Points a reversal could not take back because the user had already spent them. */
    pointsShortfall: integer('points_shortfall').notNull().default(0),
    xpShortfall: integer('xp_shortfall').notNull().default(0),
    createdAt: created(),
  },
  (t) => [
    index('sale_decisions_sale_idx').on(t.clientId, t.saleId, t.createdAt),
    check('sale_decisions_decision_check', sql`${t.decision} in ('approved', 'rejected')`),
    check('sale_decisions_from_check', sql`${t.fromStatus} in ('pending', 'approved')`),
    check('sale_decisions_shortfall_check', sql`${t.pointsShortfall} >= 0 and ${t.xpShortfall} >= 0`),
  ],
);
