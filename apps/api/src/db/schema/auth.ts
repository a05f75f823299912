import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './core';
import { users } from './users';

/** OAuth 2.0 clients allowed at /o/token/ (the web app is public; partner systems are confidential). */
export const oauthApps = pgTable('oauth_apps', {
  id: serial('id').primaryKey(),
  clientId: text('client_id').notNull().unique(),
  name: text('name').notNull(),
  secretHash: text('secret_hash'),
  confidential: boolean('confidential').notNull().default(false),
  grants: text('grants')
    .array()
    .notNull()
    .default(sql`'{password,refresh_token}'::text[]`),
  /**
   * The client whose users a partner system (webservice grant) may sign in; a partner without one signs
   * in nobody.
   */
  partnerClientId: integer('partner_client_id').references(() => clients.id, { onDelete: 'set null' }),
  /** Whether the partner may also sign in staff of its client (back-office roles); never superusers. */
  partnerMaySignInStaff: boolean('partner_may_sign_in_staff').notNull().default(false),
});

/** One login: the family of refresh tokens it spawns. Revoking it ends every token of the family. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => oauthApps.id),
    kind: text('kind').notNull().default('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('auth_sessions_user_idx').on(t.userId),
    check('auth_sessions_kind_check', sql`${t.kind} in ('password', 'webservice')`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Failed-login counters per account and per address, shared by every API instance. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
