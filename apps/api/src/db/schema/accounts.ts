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
import { clients, sites } from './core';
import { users } from './users';

/** Every message the platform sends (e-mail, SMS, WhatsApp), delivered or not; the back office reads it. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** 'queued' until its send job delivers it ('sent') or gives up ('failed'). */
    status: text('status').notNull(),
    error: text('error'),
    /** Delivery tries made so far by the send job. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_recipient_idx').on(t.recipient),
    check('outbox_channel_check', sql`${t.channel} in ('email', 'sms', 'whatsapp')`),
    check('outbox_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

/** Short numeric codes sent by SMS or WhatsApp (password recovery, phone verification); only hashes are kept. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    channel: text('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_codes_user_idx').on(t.userId, t.purpose),
    check('verification_codes_purpose_check', sql`${t.purpose} in ('recover', 'phone_verify')`),
  ],
);

/** Password links already spent, so a used link says so instead of "invalid". */
export const usedPasswordLinks = pgTable('used_password_links', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Request counters of the public recovery endpoints, per address and per account, shared by every instance. */
export const accountsRateCounters = pgTable('accounts_rate_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time tokens a partner system obtains for a user, exchanged at webservice-login/{token}. */
export const webserviceTokens = pgTable('webservice_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  appClientId: text('app_client_id').notNull(),
  module: text('module'),
  moduleId: text('module_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** OpenID Connect logins in flight (state, nonce and PKCE verifier), so any instance can finish them. */
export const oidcLogins = pgTable('oidc_logins', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  /** One-time code the web app exchanges for the session tokens once the provider has answered. */
  resultHash: text('result_hash'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Accounts linked to an outside identity provider (Google), by the provider's subject. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

/**
 * The registration entries of a site (`register`, `register-seven-trade`, `intel-first-access` …): one
 * flow, configured per entry — the client the account joins, the fields asked (null: the site's
 * registerFields), the profiles offered, the terms, and whether company, brand and store are asked.
 */
export const registrationVariants = pgTable(
  'registration_variants',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** 'register' creates an account; 'first_access' claims a pre-registered one. */
    mode: text('mode').notNull().default('register'),
    title: text('title'),
    fields: text('fields').array(),
    profiles: text('profiles')
      .array()
      .notNull()
      .default(sql`'{sales_agent}'::text[]`),
    termsPath: text('terms_path').notNull().default('/institutional/terms-and-conditions'),
    termsVersion: text('terms_version').notNull().default('1'),
    askAffiliation: boolean('ask_affiliation').notNull().default(false),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{BRA}'::text[]`),
  },
  (t) => [
    uniqueIndex('registration_variants_site_slug_key').on(t.siteId, t.slug),
    check('registration_variants_mode_check', sql`${t.mode} in ('register', 'first_access')`),
  ],
);

/** The record of a registration: entry, profile chosen, terms accepted and age confirmed. */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    profile: text('profile').notNull(),
    termsVersion: text('terms_version').notNull(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    adultConfirmedAt: timestamp('adult_confirmed_at', { withTimezone: true }).notNull(),
    /** Set when the onboarding screens of this client have been seen. */
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('registrations_user_client_key').on(t.userId, t.clientId)],
);

/** Companies and agencies of a client; a registrant belongs to exactly one. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('company'),
  },
  (t) => [
    index('companies_client_idx').on(t.clientId),
    check('companies_kind_check', sql`${t.kind} in ('company', 'agency')`),
  ],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('brands_company_idx').on(t.companyId)],
);

export const retailChains = pgTable(
  'retail_chains',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('retail_chains_client_idx').on(t.clientId)],
);

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    chainId: integer('chain_id')
      .notNull()
      .references(() => retailChains.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    city: text('city'),
    state: text('state'),
    countryCode: text('country_code').notNull().default('BRA'),
  },
  (t) => [index('stores_chain_idx').on(t.chainId)],
);

/** A user's company/agency in a client (exactly one per client). */
export const userCompanies = pgTable(
  'user_companies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] })],
);

export const userBrands = pgTable(
  'user_brands',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.brandId] })],
);

export const userStores = pgTable(
  'user_stores',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] }), index('user_stores_store_idx').on(t.storeId)],
);
