import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LoginConfig } from '@trilha/contracts/site';

export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  /** ISO 3166-1 alpha-3, as the document masks use (BRA, ARG, URY). */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Loyalty program country group (1 or 2), null when the country takes no part. */
  programGroup: integer('program_group'),
});

export type SiteLoginConfig = Omit<LoginConfig, 'siteId' | 'name'>;

export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  hosts: text('hosts')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  loginConfig: jsonb('login_config').$type<SiteLoginConfig>().notNull(),
});

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    homeRoute: text('home_route').notNull().default('/home'),
    primaryColor: text('primary_color').notNull().default('#1c7ed6'),
    logoUrl: text('logo_url'),
    flags: jsonb('flags').$type<Record<string, boolean>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clients_slug_key').on(t.slug)],
);

/** Server-side settings that must be shared by every instance (e.g. the generated signing key). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
