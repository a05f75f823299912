import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientRef, created, userRef } from '../columns';

/**
 * SENCE sessions (docs/sence.md): each time a learner is sent to the Chilean training authority's login,
 * with the codes they gave. The state the return URLs carry is kept only as its SHA-256 (so is the
 * authority's session id): a copy of the table lets no one finish someone else's entry. A session is
 * pending until the authority posts back, at the latest three minutes after it began.
 */
export const senceSessions = pgTable(
  'sence_sessions',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    senceCode: text('sence_code').notNull(),
    courseCode: text('course_code').notNull(),
    /** SHA-256 (hex) of the random state in the return URLs. */
    stateHash: text('state_hash').notNull(),
    createdAt: created(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('pending'),
    /** The authority's numbered code of a failure, as it sent it. */
    authorityCode: text('authority_code'),
    /** Our error code of a failed or expired session. */
    error: text('error'),
    /** SHA-256 (hex) of the authority's session id of a successful entry. */
    authoritySessionHash: text('authority_session_hash'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sence_sessions_state_idx').on(t.stateHash),
    index('sence_sessions_user_idx').on(t.clientId, t.userId, t.createdAt),
    check('sence_sessions_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed', 'expired')`),
  ],
);
