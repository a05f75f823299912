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
import { clients, sites } from './core';
import { users } from './users';

/** The profile fields of spec section 3 that the users table does not hold; one row per user. */
export const userProfiles = pgTable('user_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nickname: text('nickname'),
  storeNickname: text('store_nickname'),
  birthday: date('birthday', { mode: 'string' }),
  gender: text('gender'),
  maritalStatus: text('marital_status'),
  childrenCount: integer('children_count'),
  hasDisability: boolean('has_disability').notNull().default(false),
  disabilityDescription: text('disability_description'),
  phoneCommercial: text('phone_commercial'),
  phoneResidential: text('phone_residential'),
  phoneCommunication: text('phone_communication'),
  phoneWhatsapp: text('phone_whatsapp'),
  zipCode: text('zip_code'),
  street: text('street'),
  number: text('number'),
  complement: text('complement'),
  neighborhood: text('neighborhood'),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  profession: text('profession'),
  gminNumber: text('gmin_number'),
  cadvCode: text('cadv_code'),
  code: text('code'),
  store: text('store'),
  brand: text('brand'),
  branch: text('branch'),
  retailer: text('retailer'),
  emailOptIn: boolean('email_opt_in').notNull().default(true),
  /** Storage key of the 256x256 WebP avatar; `users.image` holds its unguessable URL. */
  avatarKey: text('avatar_key'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Internal messages to a user within a client (level changes, approvals, notices). */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inbox_messages_user_idx').on(t.userId, t.clientId, t.createdAt)],
);

/** What a user did, for their activity feed (logins come from the sessions of the auth area). */
export const userActivity = pgTable(
  'user_activity',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_activity_user_idx').on(t.userId, t.createdAt)],
);

/** A user's request to delete their account, processed (anonymized) in the back office. */
export const accountDeletionRequests = pgTable(
  'account_deletion_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client the user was in when asking; the back office of that client sees it. */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    reason: text('reason'),
    status: text('status').notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    processedBy: integer('processed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('account_deletion_status_check', sql`${t.status} in ('pending', 'processed')`),
    uniqueIndex('account_deletion_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('account_deletion_client_idx').on(t.clientId, t.status),
  ],
);

/** Institutional page text per client (or per site, for the public pages) and language. */
export const institutionalPages = pgTable(
  'institutional_pages',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('institutional_pages_scope_check', sql`(${t.clientId} is null) <> (${t.siteId} is null)`),
    uniqueIndex('institutional_pages_client_key')
      .on(t.clientId, t.slug, t.language)
      .where(sql`${t.clientId} is not null`),
    uniqueIndex('institutional_pages_site_key')
      .on(t.siteId, t.slug, t.language)
      .where(sql`${t.siteId} is not null`),
  ],
);

/** Support and contact-us messages; the support role answers them from the back office. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull().default('support'),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    language: text('language').notNull(),
    status: text('status').notNull().default('open'),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('support_tickets_status_check', sql`${t.status} in ('open', 'in_progress', 'closed')`),
    index('support_tickets_client_idx').on(t.clientId, t.status, t.createdAt),
  ],
);

/**
 * A user's choice, in a client, of whether a group of notifications (`notificationEmailGroups` in the
 * contracts) is also sent by e-mail; the notifications module writes and reads it. No row: no e-mail.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    group: text('group').notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId, t.group] })],
);

/**
 * The e-mail of one inbox message, claimed by its delivery job in the unit that queues the message: a
 * retried job finds the row and sends nothing again.
 */
export const notificationEmails = pgTable('notification_emails', {
  messageId: integer('message_id')
    .primaryKey()
    .references(() => inboxMessages.id, { onDelete: 'cascade' }),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' }),
  /** The outbox message that carries it (accounts area, so not a foreign key); null: nothing sent (no address). */
  outboxId: integer('outbox_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
