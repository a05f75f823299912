import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientRef, created, userRef } from '../columns';
import { pointHolds } from './ledger';
import { users } from './users';

/**
 * The reward store (docs/store.md): departments, categories, items and their variants, the voucher pools
 * of digital items, and orders. Owned by the store module (modules/store). Stock is a column with a CHECK
 * (>= 0): a redemption reserves a unit with a conditional update, so two buyers of the last unit cannot
 * both get it.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const storeDepartments = pgTable(
  'store_departments',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    /** `{ "pt-BR": …, "en-US": …, "es": …, "fr": … }` */
    name: jsonb('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: created(),
  },
  (t) => [index('store_departments_client_idx').on(t.clientId, t.position)],
);

export const storeCategories = pgTable(
  'store_categories',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    name: jsonb('name').notNull(),
    /** Most units one user may redeem of this category within `period_days` (null: ever); null: no maximum. */
    maxPerUser: integer('max_per_user'),
    periodDays: integer('period_days'),
    createdAt: created(),
  },
  (t) => [
    index('store_categories_client_idx').on(t.clientId),
    check('store_categories_max_check', sql`${t.maxPerUser} is null or ${t.maxPerUser} > 0`),
    check('store_categories_period_check', sql`${t.periodDays} is null or ${t.periodDays} > 0`),
  ],
);

export const storeItems = pgTable(
  'store_items',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => storeDepartments.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => storeCategories.id, { onDelete: 'restrict' }),
    title: jsonb('title').notNull(),
    description: jsonb('description').notNull(),
    imageUrl: text('image_url'),
    /** Further photos after the cover (`image_url`), in the order the details page shows them. */
    gallery: text('gallery')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    price: integer('price').notNull(),
    /** Units of an item without variants (a digital item: one per voucher code uploaded and not handed out). */
    stock: integer('stock').notNull().default(0),
    hasVariants: boolean('has_variants').notNull().default(false),
    kind: text('kind', { enum: ['physical', 'digital'] }).notNull(),
    availableFrom: ts('available_from'),
    availableUntil: ts('available_until'),
    requiredCourseIds: integer('required_course_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The loyalty program's level needed (`loyalty_levels.id`): its position or a higher one redeems. */
    minLevelId: integer('min_level_id'),
    /**
     * Who sees and redeems the item: empty lists do not limit; every list that is set must match (one of
     * the areas, the country, one of the profiles), as a course's audience does.
     */
    audienceAreaIds: integer('audience_area_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    audienceCountryIds: integer('audience_country_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    audienceRoles: text('audience_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    /** Units redeemed and not reproved: the "popular" sort. */
    redeemed: integer('redeemed').notNull().default(0),
    /** At or under this many units (the item's, or each variant's) the item is low on stock. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    /** Staff were told it went low; cleared when it goes back above, so they are told once per crossing. */
    lowStockAlerted: boolean('low_stock_alerted').notNull().default(false),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('store_items_client_idx').on(t.clientId, t.categoryId),
    index('store_items_popular_idx').on(t.clientId, t.redeemed),
    check('store_items_stock_check', sql`${t.stock} >= 0`),
    check('store_items_price_check', sql`${t.price} > 0`),
    check('store_items_redeemed_check', sql`${t.redeemed} >= 0`),
    check('store_items_low_stock_check', sql`${t.lowStockThreshold} >= 0`),
  ],
);

export const storeVariants = pgTable(
  'store_variants',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    itemId: integer('item_id')
      .notNull()
      .references(() => storeItems.id, { onDelete: 'cascade' }),
    label: jsonb('label').notNull(),
    stock: integer('stock').notNull().default(0),
    /** Staff were told this variant went low (the item's threshold); cleared when it goes back above. */
    lowStockAlerted: boolean('low_stock_alerted').notNull().default(false),
    createdAt: created(),
  },
  (t) => [
    index('store_variants_item_idx').on(t.clientId, t.itemId),
    check('store_variants_stock_check', sql`${t.stock} >= 0`),
  ],
);

export const storeOrders = pgTable(
  'store_orders',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    itemId: integer('item_id')
      .notNull()
      .references(() => storeItems.id, { onDelete: 'restrict' }),
    variantId: integer('variant_id').references(() => storeVariants.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id').notNull(),
    quantity: integer('quantity').notNull().default(1),
    price: integer('price').notNull(),
    status: text('status', {
      enum: ['awaiting_approval', 'approved', 'shipped', 'delivered', 'reproved'],
    }).notNull(),
    holdId: integer('hold_id')
      .notNull()
      .references(() => pointHolds.id, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key').notNull(),
    address: jsonb('address'),
    carrier: text('carrier'),
    trackingCode: text('tracking_code'),
    reason: text('reason'),
    createdAt: created(),
    approvedAt: ts('approved_at'),
    shippedAt: ts('shipped_at'),
    deliveredAt: ts('delivered_at'),
    reprovedAt: ts('reproved_at'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('store_orders_key_idx').on(t.clientId, t.userId, t.idempotencyKey),
    index('store_orders_user_idx').on(t.clientId, t.userId, t.categoryId, t.createdAt),
    index('store_orders_status_idx').on(t.clientId, t.status, t.id),
    check('store_orders_quantity_check', sql`${t.quantity} = 1`),
  ],
);

/**
 * A digital item's codes. The code is stored sealed (AES-256-GCM, a key derived from the message key for
 * this use): staff see counts, the one user whose approved order holds it sees the code.
 */
export const storeVouchers = pgTable(
  'store_vouchers',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    itemId: integer('item_id')
      .notNull()
      .references(() => storeItems.id, { onDelete: 'cascade' }),
    sealedCode: text('sealed_code').notNull(),
    orderId: integer('order_id').references(() => storeOrders.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [
    index('store_vouchers_free_idx')
      .on(t.clientId, t.itemId, t.id)
      .where(sql`${t.orderId} is null`),
    uniqueIndex('store_vouchers_order_idx').on(t.orderId),
  ],
);
