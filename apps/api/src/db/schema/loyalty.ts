import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientRef, created, userRef } from '../columns';

/**
 * The loyalty program's structure (docs/loyalty.md): countries and their group, retail chains, stores,
 * brands and products, the program's levels, campaigns with their eligible stores and product points,
 * and each user's registration to a campaign. Owned by the loyalty module (modules/loyalty). Every table
 * carries its client; natural keys (country code, store code, brand name, SKU) are unique per client, so
 * CSV imports find the row they update.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const loyaltyCountries = pgTable(
  'loyalty_countries',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    /** ISO 3166-1 alpha-2, upper case. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The program's country group: 1 or 2. */
    countryGroup: smallint('country_group').notNull(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('loyalty_countries_code_idx').on(t.clientId, t.code),
    check('loyalty_countries_group_check', sql`${t.countryGroup} in (1, 2)`),
  ],
);

export const loyaltyRetailers = pgTable(
  'loyalty_retailers',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    countryId: integer('country_id')
      .notNull()
      .references(() => loyaltyCountries.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** A chain placed in the other group than its country's (the named Canadian retailers); null: its country's. */
    countryGroup: smallint('country_group'),
    active: boolean('active').notNull().default(true),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('loyalty_retailers_name_idx').on(t.clientId, t.countryId, t.name),
    check('loyalty_retailers_group_check', sql`${t.countryGroup} is null or ${t.countryGroup} in (1, 2)`),
  ],
);

export const loyaltyStores = pgTable(
  'loyalty_stores',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    retailerId: integer('retailer_id')
      .notNull()
      .references(() => loyaltyRetailers.id, { onDelete: 'restrict' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => loyaltyCountries.id, { onDelete: 'restrict' }),
    /** The program's code of the store (its natural key in imports). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    /** IANA time zone: the store's days and weeks (sale windows, photo weeks) run in it. */
    timeZone: text('time_zone').notNull(),
    phonesAndCamerasAllowed: boolean('phones_and_cameras_allowed').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('loyalty_stores_code_idx').on(t.clientId, t.code),
    index('loyalty_stores_retailer_idx').on(t.clientId, t.retailerId),
    index('loyalty_stores_name_idx').on(t.clientId, t.name),
  ],
);

export const loyaltyBrands = pgTable(
  'loyalty_brands',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    name: text('name').notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('loyalty_brands_name_idx').on(t.clientId, t.name)],
);

export const loyaltyProducts = pgTable(
  'loyalty_products',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => loyaltyBrands.id, { onDelete: 'restrict' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    productType: text('product_type').notNull(),
    processor: text('processor').notNull(),
    processorGeneration: text('processor_generation').notNull(),
    formFactor: text('form_factor').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('loyalty_products_sku_idx').on(t.clientId, t.sku),
    index('loyalty_products_brand_idx').on(t.clientId, t.brandId),
  ],
);

/** The program's three levels: each with its minimum XP and points multiplier. */
export const loyaltyLevels = pgTable(
  'loyalty_levels',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    name: text('name').notNull(),
    /** 1, 2 or 3: the order of the levels. */
    position: smallint('position').notNull(),
    minXp: integer('min_xp').notNull(),
    multiplier: numeric('multiplier', { precision: 4, scale: 2 }).notNull(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('loyalty_levels_position_idx').on(t.clientId, t.position),
    check('loyalty_levels_position_check', sql`${t.position} between 1 and 3`),
    check('loyalty_levels_min_xp_check', sql`${t.minXp} >= 0`),
    check('loyalty_levels_multiplier_check', sql`${t.multiplier} >= 1 and ${t.multiplier} <= 10`),
  ],
);

/** The level a member holds in the program (no row: the first level). */
export const loyaltyMemberLevels = pgTable(
  'loyalty_member_levels',
  {
    clientId: clientRef(),
    userId: userRef(),
    levelId: integer('level_id')
      .notNull()
      .references(() => loyaltyLevels.id, { onDelete: 'restrict' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId] })],
);

/**
 * A campaign: its period, its country group, its stores and product points. Its status is read from the
 * dates (upcoming, active, previous). `frozen_at` is stamped once it has started: the product points
 * and the begin date no longer change.
 */
export const loyaltyCampaigns = pgTable(
  'loyalty_campaigns',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    name: text('name').notNull(),
    beginsAt: ts('begins_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    countryGroup: smallint('country_group').notNull(),
    frozenAt: ts('frozen_at'),
    createdAt: created(),
  },
  (t) => [
    index('loyalty_campaigns_dates_idx').on(t.clientId, t.endsAt, t.beginsAt),
    check('loyalty_campaigns_dates_check', sql`${t.endsAt} > ${t.beginsAt}`),
    check('loyalty_campaigns_group_check', sql`${t.countryGroup} in (1, 2)`),
  ],
);

export const loyaltyCampaignStores = pgTable(
  'loyalty_campaign_stores',
  {
    clientId: clientRef(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => loyaltyCampaigns.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => loyaltyStores.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.campaignId, t.storeId] }),
    index('loyalty_campaign_stores_store_idx').on(t.clientId, t.storeId),
  ],
);

export const loyaltyCampaignProducts = pgTable(
  'loyalty_campaign_products',
  {
    clientId: clientRef(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => loyaltyCampaigns.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => loyaltyProducts.id, { onDelete: 'restrict' }),
    points: integer('points').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.campaignId, t.productId] }),
    index('loyalty_campaign_products_product_idx').on(t.clientId, t.productId),
    check('loyalty_campaign_products_points_check', sql`${t.points} > 0`),
  ],
);

/** A user's registration to one campaign, at one of its stores (each campaign needs its own). */
export const loyaltyRegistrations = pgTable(
  'loyalty_registrations',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => loyaltyCampaigns.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => loyaltyStores.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    registeredAt: ts('registered_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loyalty_registrations_user_idx').on(t.clientId, t.userId, t.campaignId),
    index('loyalty_registrations_campaign_idx').on(t.clientId, t.campaignId, t.storeId),
    check('loyalty_registrations_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/**
 * Every change of a member's level, in order: the level held from `valid_from` on (until the next row).
 * `from_level_id` is the level held before (null: none recorded, so the program's first), which answers
 * "the level in force" on a date before the first change. `campaign_id` names the campaign the change
 * came from (an approval during it, or its close).
 */
export const loyaltyLevelHistory = pgTable(
  'loyalty_level_history',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    fromLevelId: integer('from_level_id').references(() => loyaltyLevels.id, { onDelete: 'restrict' }),
    levelId: integer('level_id')
      .notNull()
      .references(() => loyaltyLevels.id, { onDelete: 'restrict' }),
    campaignId: integer('campaign_id').references(() => loyaltyCampaigns.id, { onDelete: 'set null' }),
    validFrom: ts('valid_from').notNull(),
    /** approved (a level-change request), demoted (a campaign close), set (the back office or the demo). */
    reason: text('reason', { enum: ['approved', 'demoted', 'set'] }).notNull(),
    createdAt: created(),
  },
  (t) => [
    index('loyalty_level_history_user_idx').on(t.clientId, t.userId, t.validFrom, t.id),
    check('loyalty_level_history_reason_check', sql`${t.reason} in ('approved', 'demoted', 'set')`),
  ],
);

/**
 * A level-change request: opened once when the member's XP within a campaign reaches the next level's
 * minimum, decided by the program administrator. One per member, campaign and level asked for.
 */
export const loyaltyLevelRequests = pgTable(
  'loyalty_level_requests',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => loyaltyCampaigns.id, { onDelete: 'cascade' }),
    fromLevelId: integer('from_level_id')
      .notNull()
      .references(() => loyaltyLevels.id, { onDelete: 'restrict' }),
    toLevelId: integer('to_level_id')
      .notNull()
      .references(() => loyaltyLevels.id, { onDelete: 'restrict' }),
    /** The member's XP in the campaign when the request opened. */
    xp: integer('xp').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    decidedBy: integer('decided_by'),
    decidedAt: ts('decided_at'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('loyalty_level_requests_once_idx').on(t.clientId, t.userId, t.campaignId, t.toLevelId),
    index('loyalty_level_requests_queue_idx').on(t.clientId, t.status, t.createdAt),
    check('loyalty_level_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/** A campaign's close: started, then finished once every registered member has its outcome. */
export const loyaltyCampaignCloses = pgTable('loyalty_campaign_closes', {
  campaignId: integer('campaign_id')
    .primaryKey()
    .references(() => loyaltyCampaigns.id, { onDelete: 'cascade' }),
  clientId: clientRef(),
  startedAt: ts('started_at').notNull().defaultNow(),
  expiredLots: integer('expired_lots').notNull().default(0),
  finishedAt: ts('finished_at'),
});

/** What a campaign's close decided for one member (written with the level change, so a rerun skips it). */
export const loyaltyCloseOutcomes = pgTable(
  'loyalty_close_outcomes',
  {
    clientId: clientRef(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => loyaltyCampaigns.id, { onDelete: 'cascade' }),
    userId: userRef(),
    levelId: integer('level_id').references(() => loyaltyLevels.id, { onDelete: 'restrict' }),
    nextLevelId: integer('next_level_id').references(() => loyaltyLevels.id, { onDelete: 'restrict' }),
    xp: integer('xp').notNull(),
    outcome: text('outcome', { enum: ['kept', 'demoted'] }).notNull(),
    createdAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.campaignId, t.userId] }),
    check('loyalty_close_outcomes_outcome_check', sql`${t.outcome} in ('kept', 'demoted')`),
  ],
);
