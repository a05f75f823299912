import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every environment variable the API reads, with its default. The README's configuration table
 * mirrors this list; nothing else in the code reads process.env.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PGlite data folder (embedded database) and local file storage; created on first start. */
  DATA_DIR: z.string().default('./data'),
  /**
   * Where uploaded files live (docs/storage.md): `local` keeps them under DATA_DIR/files; `s3` in the
   * S3-compatible bucket below (S3_BUCKET required; S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY both or
   * neither, neither meaning the SDK's own credential chain). The secrets are never logged.
   */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** An S3-compatible server (http(s)://host:port); AWS S3 itself when unset. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Bucket name as S3 defines one: 3 to 63 lower-case letters, digits, dots and hyphens. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
    .optional(),
  S3_REGION: z.string().min(1).max(64).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  /** Bucket in the path rather than the host name (MinIO and most S3-compatible servers want it). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** postgres://… switches from the embedded PGlite database to PostgreSQL. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Signing key for access tokens; when unset a random key is generated once and kept in the database. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(20),
  REALTIME_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  /** Failed logins allowed per account, and per address, within LOGIN_WINDOW_MINUTES before a lock. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Spacing of login attempts from an address past its failure limit; doubles with each further failure. */
  LOGIN_ADDRESS_DELAY_MS: z.coerce.number().int().min(1).max(30_000).default(500),
  /** Requests per minute per address on the whole API (a coarse flood guard; login has its own limits). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** How long the ranking reuses a set's score counts (positions and totals), in ms; 0 reads them each time. */
  RANKING_COUNTS_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** Redis for cross-instance pub/sub (session revocation, realtime); in-process when unset. */
  REDIS_URL: z.string().optional(),
  /** Seed the demo clients, users and content on first start. */
  SEED_DEMO: bool.default(true),
  /** Browser journeys only: copies of the demo accounts for this many parallel test workers (docs/testing.md). */
  E2E_WORKER_ACCOUNTS: z.coerce.number().int().min(0).max(16).default(0),
  /** Whether this instance runs queued and scheduled jobs (every instance may send them). */
  JOB_WORKERS: bool.default(true),
  /** Built web app to serve on every non-API path. */
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Largest accepted upload (videos, SCORM packages), in MiB. */
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).default(512),
  /** Largest total size a package (SCORM, HTML lesson, HLS folder) may unpack to, in MiB. */
  MAX_UNPACKED_MB: z.coerce.number().int().min(1).default(1024),
  /** Most files (zip entries) a package may hold. */
  MAX_PACKAGE_FILES: z.coerce.number().int().min(1).default(10_000),
  /** Highest unpacked / packed ratio of a package's file over 1 MiB (real content stays far below). */
  MAX_UNPACK_RATIO: z.coerce.number().int().min(2).default(100),
  /** Package imports run at once on an instance; more wait in line, and past that get 503 + Retry-After. */
  MAX_CONCURRENT_IMPORTS: z.coerce.number().int().min(1).default(2),
  /** Package imports that may wait for a free slot before further ones are turned away. */
  MAX_QUEUED_IMPORTS: z.coerce.number().int().min(0).default(4),
  /**
   * Lifetime of the signed URLs the learning player gets for files, HTML lessons and SCORM packages; a URL
   * also stops working as soon as its login ends or the learner loses access to the course.
   */
  LEARNING_CONTENT_URL_TTL_SECONDS: z.coerce.number().int().min(60).default(3_600),
  /**
   * Origin that serves uploaded learning content (SCORM, HTML lessons, files), never the app's own: by
   * default the content listener below under another host name (127.0.0.1 for an app at localhost); a
   * separate domain in production (https://content.example.com), routed to CONTENT_PORT.
   */
  CONTENT_ORIGIN: z.url().optional(),
  /** Port of the second listener that serves only learning content; PORT + 1 when unset, 0 for none. */
  CONTENT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Other origins (comma-separated) allowed to send writes to the API from a browser; same origin always is. */
  API_ALLOWED_ORIGINS: z.string().default(''),
  /** Seconds a user waits between two phone-verification codes. */
  PHONE_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(300),
  /** SMTP server for e-mail (smtp://user:pass@host:port); without it, e-mail is rendered to JSON and only kept in the outbox. */
  SMTP_URL: z.string().optional(),
  /** Key (32+ characters) sealing the texts of queued messages; when unset, one kept in the database. */
  MESSAGE_KEY: z.string().min(32).optional(),
  /** Sender of every e-mail. */
  MAIL_FROM: z.string().default('Trilha <no-reply@trilha.example>'),
  /** SMS and WhatsApp providers: 'log' keeps the message in the outbox only; 'http' POSTs it as JSON to the URL. */
  SMS_PROVIDER: z.enum(['log', 'http']).default('log'),
  SMS_HTTP_URL: z.string().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  WHATSAPP_PROVIDER: z.enum(['log', 'http']).default('log'),
  WHATSAPP_HTTP_URL: z.string().optional(),
  WHATSAPP_HTTP_TOKEN: z.string().optional(),
  /** Google sign-in (OpenID Connect); the button shows when the site enables it and a client id is set. */
  GOOGLE_OIDC_ISSUER: z.string().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Hours a set-password or recover-password link stays valid. */
  PASSWORD_LINK_TTL_HOURS: z.coerce.number().positive().default(24),
  /** Seconds a recovery or phone code stays valid, and the wrong tries it allows. */
  CODE_TTL_SECONDS: z.coerce.number().int().min(30).default(600),
  CODE_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  /** Recovery requests (codes, links, phone look-ups) allowed per address and per account within an hour. */
  RECOVERY_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  RECOVERY_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Seconds a one-time webservice-login token stays valid. */
  WEBSERVICE_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).default(300),
  /** Public origin of the site, used in links sent by e-mail. */
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  TRUST_PROXY: bool.default(false),
  /** The SENCE authority's login endpoint the learner's browser posts to (docs/sence.md). */
  SENCE_AUTH_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://sistemas.sence.cl/rcetest/Registro/IniciarSesion'),
  /** Tax id (RUT) of the training company (OTEC) the platform enters learners as. */
  SENCE_RUT_OTEC: z
    .string()
    .regex(/^\d{7,8}-[\dkK]$/)
    .default('76000000-0'),
  /** The partner loyalty program's transfer endpoint (docs/transfers.md); unset: transfers are unavailable. */
  PARTNER_TRANSFER_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The secret shared with the partner: sent on our calls, required on theirs (POST /api/transfers/incoming). */
  PARTNER_TRANSFER_TOKEN: z.string().min(16).max(512).optional(),
  /** How long one call to the partner may take before it counts as failed (and is retried). */
  PARTNER_TRANSFER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Tries after the first before a transfer is given up (its points released), and the first back-off. */
  PARTNER_TRANSFER_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  PARTNER_TRANSFER_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const storage = storageConfigIssues(parsed.data);
  if (storage.length > 0) throw new Error(`Invalid configuration:\n${storage.join('\n')}`);
  return parsed.data;
}

/** The S3 settings that only make sense together (the values themselves are never printed). */
function storageConfigIssues(c: Config): string[] {
  const issues: string[] = [];
  if (c.STORAGE === 's3' && !c.S3_BUCKET) issues.push('  S3_BUCKET: required when STORAGE=s3');
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
    issues.push('  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  return issues;
}
