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
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { clientRef, created, userRef } from '../columns';

// ---------------------------------------------------------------------------------------------------
// The daily challenge: one bank question a day per client, answered once a day (docs/daily-challenge.md)

/**
 * The challenge of one calendar day in a client: scheduled by a manager (`created_by`) or drawn from the
 * client's bank the first time someone opens that day (`created_by` null). `question_id` names a question
 * of the client's bank (the assessments module's; read through its service, so no foreign key here).
 */
export const dailyChallenges = pgTable(
  'daily_challenges',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    day: date('day', { mode: 'string' }).notNull(),
    questionId: integer('question_id').notNull(),
    points: integer('points').notNull(),
    xp: integer('xp').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('daily_challenges_client_day_uq').on(t.clientId, t.day),
    check(
      'daily_challenges_points_check',
      sql`${t.points} between 0 and 100000 and ${t.xp} between 0 and 100000`,
    ),
  ],
);

/**
 * A learner's one answer of a day (the day in the learner's time zone when they answered): graded on the
 * server, with the points and XP it credited.
 */
export const dailyChallengeAnswers = pgTable(
  'daily_challenge_answers',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    challengeId: integer('challenge_id')
      .notNull()
      .references(() => dailyChallenges.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    correct: boolean('correct').notNull(),
    points: integer('points').notNull().default(0),
    xp: integer('xp').notNull().default(0),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('daily_challenge_answers_user_day_uq').on(t.userId, t.clientId, t.day),
    index('daily_challenge_answers_challenge_idx').on(t.clientId, t.challengeId),
    check('daily_challenge_answers_size', sql`octet_length(${t.answer}::text) <= 4000`),
  ],
);

/**
 * Each learner's streak in a client: consecutive local days with an answer, kept by the answer that
 * extends or restarts it (`last_day`), the best one, and when the streak badge was given.
 */
export const dailyChallengeStreaks = pgTable(
  'daily_challenge_streaks',
  {
    clientId: clientRef(),
    userId: userRef(),
    current: integer('current').notNull().default(0),
    best: integer('best').notNull().default(0),
    lastDay: date('last_day', { mode: 'string' }),
    badgeGrantedAt: timestamp('badge_granted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId] })],
);

/** Per client: the badge given at a streak of `streak_badge_days` (none when null). */
export const dailyChallengeSettings = pgTable(
  'daily_challenge_settings',
  {
    clientId: clientRef().primaryKey(),
    streakBadgeId: integer('streak_badge_id'),
    streakBadgeDays: integer('streak_badge_days').notNull().default(7),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('daily_challenge_settings_days_check', sql`${t.streakBadgeDays} between 2 and 365`)],
);
