import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './core';
import { users } from './users';
import { clientRef, created, userRef } from '../columns';

/**
 * Certificates and verifiable credentials (docs/product-rules.md, "Awards, badges and certificates").
 * Owned by the rewards module (modules/rewards/certificates*).
 */

/**
 * A client's certificate template: title per language, colours, logo, and up to three signatures
 * (`[{ name, role, imageKey? }]`). A client without a row uses the default layout in its branding.
 */
export const certificateTemplates = pgTable('certificate_templates', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  /** `{ "pt-BR": "Certificado de conclusão", … }` */
  titles: jsonb('titles').notNull(),
  primaryColor: text('primary_color').notNull(),
  accentColor: text('accent_color').notNull(),
  /** Storage key of the logo (PNG), or null for the client's login logo. */
  logoKey: text('logo_key'),
  signatures: jsonb('signatures')
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A certificate issued for a finished course or trail. What it states (learner, title, workload,
 * date) is frozen at issue; `code` is its public verification code (printed and in the QR, by design
 * readable: it identifies the certificate and grants nothing).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    code: text('code').notNull(),
    learnerName: text('learner_name').notNull(),
    title: text('title').notNull(),
    workloadMinutes: integer('workload_minutes'),
    language: text('language').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokeReason: text('revoke_reason'),
    /** Storage key of the PDF, once rendered. */
    fileKey: text('file_key'),
  },
  (t) => [
    uniqueIndex('certificates_code_idx').on(t.code),
    uniqueIndex('certificates_once_idx').on(t.clientId, t.userId, t.targetType, t.targetId),
    index('certificates_user_idx').on(t.clientId, t.userId, t.issuedAt),
    index('certificates_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null and ${t.revokedAt} is null`),
    check('certificates_target_check', sql`${t.targetType} in ('course', 'trail')`),
  ],
);

/**
 * A client's Ed25519 signing key for Open Badges 3.0 credentials. The private key is sealed with the
 * app's secret (never stored readable); the public key is published as the issuer's JWKS / did:web.
 */
export const issuerKeys = pgTable(
  'issuer_keys',
  {
    clientId: clientRef(),
    kid: text('kid').notNull(),
    publicJwk: jsonb('public_jwk').notNull(),
    sealedPrivateKey: text('sealed_private_key').notNull(),
    createdAt: created(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.kid] })],
);

/** A credential issued for a badge or a certificate (its `jti`), so it can be listed and revoked. */
export const issuedCredentials = pgTable(
  'issued_credentials',
  {
    id: uuid('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    kind: text('kind').notNull(),
    /** The badge id (kind badge) or the certificate id (kind certificate). */
    refId: integer('ref_id').notNull(),
    kid: text('kid').notNull(),
    issuedAt: created(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('issued_credentials_user_idx').on(t.clientId, t.userId, t.kind, t.refId),
    check('issued_credentials_kind_check', sql`${t.kind} in ('badge', 'certificate')`),
  ],
);
