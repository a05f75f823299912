import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Answers of writes sent with an `Idempotency-Key` (plugins/idempotency.ts), per caller, kept 24 hours:
 * a retry with the same key and body gets the first answer again instead of acting twice.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The caller: `u:<user id>` when signed in, else `a:<client address>`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, route and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull().default('running'),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_state_check', sql`${t.state} in ('running', 'done')`),
  ],
);
