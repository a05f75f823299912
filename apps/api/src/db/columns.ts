import { sql } from 'drizzle-orm';
import { integer, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './schema/core';
import { users } from './schema/users';

/**
 * Columns many areas' tables share, written once: when the row was made, and the client and user a row
 * belongs to (deleted with them).
 */
export const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const clientRef = () =>
  integer('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });

export const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A list of ids or of texts that is never null: empty by default (audiences, tags). */
export const intArray = (name: string) =>
  integer(name)
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`);

export const textArray = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);
