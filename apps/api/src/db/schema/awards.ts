import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import { clients } from './core';
import { clientRef, created, userRef } from '../columns';

/**
 * Awards and badges (docs/product-rules.md, "Awards, badges and certificates"): what finishing (or, for
 * tests, passing) an activity, course or trail gives, and the badges a client defines. Owned by the
 * rewards module (modules/rewards).
 */

/** What an award is attached to. Tests and games add their kinds here. */
export const awardTargets = ['activity', 'course', 'trail'] as const;
/** When it is given: on finishing, or (tests) on passing. */
export const awardMoments = ['finish', 'pass'] as const;
export const badgeCriteria = [
  'manual',
  'course',
  'trail',
  'category_courses',
  'points',
  'xp',
  'streak_weeks',
] as const;

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A badge a client defines: artwork, texts per language (`{ "pt-BR": { name, description }, … }`) and
 * the criterion that awards it (a course or trail finished, N courses of a category, a points or XP
 * threshold, a streak of weeks with an activity, or given by hand).
 */
export const badges = pgTable(
  'badges',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    /** Storage key of the 512×512 WebP artwork. */
    imageKey: text('image_key'),
    texts: jsonb('texts').notNull(),
    criterion: text('criterion').notNull(),
    /** The course, trail or category the criterion names. */
    criterionRefId: integer('criterion_ref_id'),
    /** N of the criterion: courses of the category, points, XP, weeks. */
    criterionCount: integer('criterion_count'),
    active: boolean('active').notNull().default(true),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('badges_client_idx').on(t.clientId, t.criterion),
    check('badges_criterion_check', sql`${t.criterion} in (${list(badgeCriteria)})`),
    check('badges_count_check', sql`${t.criterionCount} is null or ${t.criterionCount} > 0`),
  ],
);

/** A badge a user earned, once. */
export const userBadges = pgTable(
  'user_badges',
  {
    clientId: clientRef(),
    userId: userRef(),
    badgeId: integer('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    /** What earned it (`course` 12, `award` 3, `manual`…). */
    refType: text('ref_type'),
    refId: integer('ref_id'),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.badgeId] }),
    index('user_badges_client_user_idx').on(t.clientId, t.userId),
  ],
);

/**
 * What the author set for finishing (or passing) an activity, course or trail: points (with an optional
 * validity in days; none: the client's term for learning points, if any), XP, a badge, a certificate
 * (with an optional validity in months).
 */
export const awards = pgTable(
  'awards',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    moment: text('moment').notNull().default('finish'),
    points: integer('points').notNull().default(0),
    pointsValidityDays: integer('points_validity_days'),
    xp: integer('xp').notNull().default(0),
    badgeId: integer('badge_id').references(() => badges.id, { onDelete: 'set null' }),
    certificate: boolean('certificate').notNull().default(false),
    certificateValidityMonths: integer('certificate_validity_months'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('awards_target_idx').on(t.clientId, t.targetType, t.targetId, t.moment),
    check('awards_target_check', sql`${t.targetType} in (${list(awardTargets)})`),
    check('awards_moment_check', sql`${t.moment} in (${list(awardMoments)})`),
    check('awards_points_check', sql`${t.points} >= 0 and ${t.points} <= 1000000`),
    check('awards_xp_check', sql`${t.xp} >= 0 and ${t.xp} <= 1000000`),
    check(
      'awards_validity_check',
      sql`(${t.pointsValidityDays} is null or ${t.pointsValidityDays} between 1 and 3650)
        and (${t.certificateValidityMonths} is null or ${t.certificateValidityMonths} between 1 and 120)`,
    ),
  ],
);

/**
 * An award given to a user: the guard that makes it once, whatever the retries, reloads or parallel
 * events (the unique index), and the record of what was given.
 */
export const awardGrants = pgTable(
  'award_grants',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    moment: text('moment').notNull(),
    points: integer('points').notNull().default(0),
    xp: integer('xp').notNull().default(0),
    badgeId: integer('badge_id').references(() => badges.id, { onDelete: 'set null' }),
    certificateId: integer('certificate_id'),
    /** The certificate's verification code, so the finishing screen shows it without asking certificates. */
    certificateCode: text('certificate_code'),
    grantedAt: created(),
  },
  (t) => [
    uniqueIndex('award_grants_once_idx').on(t.clientId, t.userId, t.targetType, t.targetId, t.moment),
    index('award_grants_user_idx').on(t.clientId, t.userId, t.grantedAt),
  ],
);

/** A client's term for learning points (days; none: they never expire), beside its other settings. */
export const rewardSettings = pgTable(
  'reward_settings',
  {
    clientId: integer('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    learningPointsValidityDays: integer('learning_points_validity_days'),
    /** Days before a certificate expires that its holder is reminded. */
    certificateReminderDays: integer('certificate_reminder_days').notNull().default(30),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'reward_settings_validity_check',
      sql`${t.learningPointsValidityDays} is null or ${t.learningPointsValidityDays} between 1 and 3650`,
    ),
    check('reward_settings_reminder_check', sql`${t.certificateReminderDays} between 1 and 365`),
  ],
);

/**
 * The ISO weeks (UTC, by their Monday) in which a user finished at least one activity: what the
 * `streak_weeks` badges count, kept apart so a streak is read without scanning every progress row.
 */
export const userActiveWeeks = pgTable(
  'user_active_weeks',
  {
    clientId: clientRef(),
    userId: userRef(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId, t.weekStart] })],
);
