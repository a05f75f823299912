import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients, countries, languages } from './core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    document: text('document'),
    documentCountry: text('document_country'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    status: text('status').notNull().default('active'),
    countryId: integer('country_id').references(() => countries.id),
    languageId: integer('language_id')
      .notNull()
      .references(() => languages.id),
    selectedClientId: integer('selected_client_id').references(() => clients.id),
    image: text('image'),
    phone: text('phone'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    phoneCooldownStartedAt: timestamp('phone_cooldown_started_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    cookiePolicyAcceptedAt: timestamp('cookie_policy_accepted_at', { withTimezone: true }),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_document_key').on(t.document),
    check('users_status_check', sql`${t.status} in ('awaiting_approval', 'active', 'blocked')`),
  ],
);

/** A user's membership of a client, with the roles the user holds there. */
export const userClients = pgTable(
  'user_clients',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Set when the user is blocked in this client only (the user keeps their other clients); a block in
     * every client at once is users.status = 'blocked', a superuser's act.
     */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] }), index('user_clients_client_idx').on(t.clientId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id'),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    data: text('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    // The audit trail screen lists a client's entries newest first.
    index('audit_log_client_created_idx').on(t.clientId, t.createdAt),
  ],
);
