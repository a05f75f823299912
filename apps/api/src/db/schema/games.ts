import { sql } from 'drizzle-orm';
import {
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
import { activities, courses, trails } from './learning';
import { clientRef, userRef } from '../columns';

// ---------------------------------------------------------------------------------------------------
// Games: each learner's attempts at a game activity (docs/games.md)

export const gameAttemptStatuses = ['in_progress', 'won', 'lost'] as const;

/**
 * An attempt at a game. `seed` orders the learner's view (and, for find the pairs, names the cards);
 * `moves` are the moves the server checked so far (each replayed against the solution, never taken on
 * the client's word); the result is written once, by the submit, and answered again to a repeated one.
 * One attempt in progress per user and activity.
 */
export const gameAttempts = pgTable(
  'game_attempts',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    trailId: integer('trail_id').references(() => trails.id, { onDelete: 'set null' }),
    seed: integer('seed').notNull(),
    status: text('status').notNull().default('in_progress'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    moves: jsonb('moves').$type<unknown[]>().notNull().default([]),
    errors: integer('errors').notNull().default(0),
    score: integer('score'),
    /** The result as the submit answered it (contracts `gameResult`). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_attempts_open_uq')
      .on(t.userId, t.activityId)
      .where(sql`${t.status} = 'in_progress'`),
    index('game_attempts_user_idx').on(t.clientId, t.userId, t.activityId, t.id),
    check('game_attempts_status_check', sql`${t.status} in ('in_progress', 'won', 'lost')`),
    // Moves are bounded by the contract (500 small objects); the table holds the line too.
    check('game_attempts_moves_size', sql`octet_length(${t.moves}::text) <= 200000`),
  ],
);
