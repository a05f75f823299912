import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { loyaltyCampaigns, loyaltyStores } from './loyalty';

/**
 * Store photos of the loyalty program (docs/photos.md), owned by the photos module (modules/photos).
 * One photo per type per store per week: a partial unique index on the store's local Monday decides,
 * also between photos sent at the same instant; a rejected photo frees its week.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** What a client asks to be photographed (a shelf, a display, a price tag), and what an approval earns. */
export const photoTypes = pgTable(
  'photo_types',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Points (and XP) an approved photo of this type earns. */
    points: integer('points').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('photo_types_code_idx').on(t.clientId, t.code),
    check('photo_types_points_check', sql`${t.points} between 1 and 1000000`),
  ],
);

export const storePhotos = pgTable(
  'store_photos',
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
    photoTypeId: integer('photo_type_id')
      .notNull()
      .references(() => photoTypes.id, { onDelete: 'restrict' }),
    /** The Monday (local date in the store's time zone) of the week the photo was sent in. */
    weekStart: date('week_start').notNull(),
    imageKey: text('image_key').notNull(),
    /** SHA-256 (hex) of the bytes sent, for the audit's duplicate-image signal. */
    imageSha256: text('image_sha256').notNull(),
    imageWidth: integer('image_width').notNull(),
    imageHeight: integer('image_height').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    /** What the approval credited (the type's points, as they were then). */
    creditedPoints: integer('credited_points'),
    createdAt: created(),
    decidedAt: ts('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('store_photos_week_idx')
      .on(t.clientId, t.storeId, t.photoTypeId, t.weekStart)
      .where(sql`${t.status} <> 'rejected'`),
    index('store_photos_user_idx').on(t.clientId, t.userId, t.createdAt),
    index('store_photos_queue_idx').on(t.clientId, t.status, t.createdAt),
    index('store_photos_sha_idx').on(t.clientId, t.imageSha256),
    index('store_photos_store_week_idx').on(t.clientId, t.storeId, t.weekStart),
    check('store_photos_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/** Per client: the badge given for `streak_weeks` weeks in a row with an approved photo (none when null). */
export const photoSettings = pgTable(
  'photo_settings',
  {
    clientId: clientRef().primaryKey(),
    streakBadgeId: integer('streak_badge_id'),
    streakWeeks: integer('streak_weeks').notNull().default(4),
  },
  (t) => [check('photo_settings_weeks_check', sql`${t.streakWeeks} between 2 and 52`)],
);
