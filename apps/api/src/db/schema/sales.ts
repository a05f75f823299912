import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
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
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    /** Sum of quantity × the products' frozen points. */
    basePoints: integer('base_points').notNull(),
    createdAt: created(),
    decidedAt: ts('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('sales_invoice_idx').on(t.clientId, t.campaignId, t.invoiceKey),
    index('sales_user_idx').on(t.clientId, t.userId, t.createdAt),
    index('sales_campaign_status_idx').on(t.clientId, t.campaignId, t.status, t.createdAt),
    index('sales_photo_sha_idx').on(t.clientId, t.photoSha256),
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
