import { integer, timestamp } from 'drizzle-orm/pg-core';
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
