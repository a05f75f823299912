import { sql } from 'drizzle-orm';
import type { CertificateStatus } from '@trilha/contracts/rewards/certificates';
import { rowsOf, type DbOrTx } from '../../db/client';

/** The SQL of certificates, their templates and the reminders; every statement names its client. */

export interface CertificateRow {
  id: number;
  clientId: number;
  userId: number;
  targetType: 'course' | 'trail';
  targetId: number;
  code: string;
  learnerName: string;
  title: string;
  workloadMinutes: number | null;
  language: string;
  issuedAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  revokeReason: string | null;
  status: CertificateStatus;
}

export interface TemplateRow {
  titles: Record<string, string>;
  primaryColor: string;
  accentColor: string;
  logoKey: string | null;
  signatures: { name: string; role: string }[];
  updatedAt: Date;
}

interface RawCertificate {
  id: number;
  client_id: number;
  user_id: number;
  target_type: 'course' | 'trail';
  target_id: number;
  code: string;
  learner_name: string;
  title: string;
  workload_minutes: number | null;
  language: string;
  issued_at: Date | string;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  revoke_reason: string | null;
  status: CertificateStatus;
  total?: number;
}

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const maybeDate = (value: Date | string | null) => (value === null ? null : date(value));

const certificate = (r: RawCertificate): CertificateRow => ({
  id: r.id,
  clientId: r.client_id,
  userId: r.user_id,
  targetType: r.target_type,
  targetId: r.target_id,
  code: r.code,
  learnerName: r.learner_name,
  title: r.title,
  workloadMinutes: r.workload_minutes,
  language: r.language,
  issuedAt: date(r.issued_at),
  expiresAt: maybeDate(r.expires_at),
  revokedAt: maybeDate(r.revoked_at),
  revokeReason: r.revoke_reason,
  status: r.status,
});

/** Revoked wins over expired: a revoked certificate stays revoked after its date. */
const status = sql`case when c.revoked_at is not null then 'revoked'
  when c.expires_at is not null and c.expires_at <= now() then 'expired' else 'valid' end`;

const columns = sql`c.id, c.client_id, c.user_id, c.target_type, c.target_id, c.code, c.learner_name, c.title,
  c.workload_minutes, c.language, c.issued_at, c.expires_at, c.revoked_at, c.revoke_reason, ${status} as status`;

export interface NewCertificate {
  clientId: number;
  userId: number;
  targetType: 'course' | 'trail';
  targetId: number;
  code: string;
  learnerName: string;
  title: string;
  workloadMinutes: number | null;
  language: string;
  issuedAt: Date;
  expiresAt: Date | null;
}

export interface DueReminder {
  id: number;
  clientId: number;
  userId: number;
  title: string;
  language: string;
  expiresAt: Date;
}

export function createCertificatesRepo(db: DbOrTx) {
  const one = async (query: ReturnType<typeof sql>) => {
    const [row] = rowsOf<RawCertificate>(await db.execute(query));
    return row ? certificate(row) : undefined;
  };

  return {
    /** Inserts unless the user already has the certificate of that target; undefined then. */
    async insertOnce(v: NewCertificate): Promise<{ id: number } | undefined> {
      const [row] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into certificates (client_id, user_id, target_type, target_id, code,
            learner_name, title, workload_minutes, language, issued_at, expires_at)
          values (${v.clientId}, ${v.userId}, ${v.targetType}, ${v.targetId}, ${v.code}, ${v.learnerName},
            ${v.title}, ${v.workloadMinutes}, ${v.language}, ${v.issuedAt.toISOString()}::timestamptz,
            ${v.expiresAt ? v.expiresAt.toISOString() : null}::timestamptz)
          on conflict (client_id, user_id, target_type, target_id) do nothing
          returning id`),
      );
      return row;
    },

    byTarget: (clientId: number, userId: number, targetType: string, targetId: number) =>
      one(sql`select ${columns} from certificates c where c.client_id = ${clientId} and c.user_id = ${userId}
        and c.target_type = ${targetType} and c.target_id = ${targetId}`),

    byId: (clientId: number, id: number) =>
      one(sql`select ${columns} from certificates c where c.client_id = ${clientId} and c.id = ${id}`),

    /** The certificate of a code, whatever its client (the code is unique across clients). */
    byCode: (code: string) =>
      one(
        sql`select ${columns} from certificates c join clients k on k.id = c.client_id where c.code = ${code}`,
      ),

    async listOwn(clientId: number, userId: number): Promise<CertificateRow[]> {
      return rowsOf<RawCertificate>(
        await db.execute(sql`select ${columns} from certificates c
          where c.client_id = ${clientId} and c.user_id = ${userId} order by c.issued_at desc, c.id desc`),
      ).map(certificate);
    },

    async adminPage(
      clientId: number,
      q: { search?: string; status?: CertificateStatus; page: number; pageSize: number },
    ): Promise<{ rows: CertificateRow[]; total: number }> {
      const like = q.search ? `%${q.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
      const rows = rowsOf<RawCertificate>(
        await db.execute(sql`select * from (
            select ${columns}, count(*) over ()::int as total from certificates c
            where c.client_id = ${clientId}
              and (${like}::text is null or lower(c.learner_name) like ${like} or lower(c.title) like ${like}
                or lower(c.code) like ${like})
              and (${q.status ?? null}::text is null or ${status} = ${q.status ?? null})
          ) page order by issued_at desc, id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
      );
      return { rows: rows.map(certificate), total: rows[0]?.total ?? 0 };
    },

    /** Marks the certificate revoked unless it already is; answers whether it was this call. */
    async revoke(clientId: number, id: number, actorId: number, reason: string): Promise<boolean> {
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`update certificates set revoked_at = now(), revoked_by = ${actorId},
            revoke_reason = ${reason}
          where client_id = ${clientId} and id = ${id} and revoked_at is null returning id`),
      );
      return rows.length > 0;
    },

    async revokeCredentials(clientId: number, certificateId: number): Promise<number> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`update issued_credentials set revoked_at = now()
          where client_id = ${clientId} and kind = 'certificate' and ref_id = ${certificateId}
            and revoked_at is null returning id`),
      );
      return rows.length;
    },

    async template(clientId: number): Promise<TemplateRow | undefined> {
      const [row] = rowsOf<{
        titles: Record<string, string>;
        primary_color: string;
        accent_color: string;
        logo_key: string | null;
        signatures: { name: string; role: string }[];
        updated_at: Date | string;
      }>(
        await db.execute(sql`select titles, primary_color, accent_color, logo_key, signatures, updated_at
          from certificate_templates where client_id = ${clientId}`),
      );
      return row
        ? {
            titles: row.titles,
            primaryColor: row.primary_color,
            accentColor: row.accent_color,
            logoKey: row.logo_key,
            signatures: row.signatures,
            updatedAt: date(row.updated_at),
          }
        : undefined;
    },

    async saveTemplate(clientId: number, t: Omit<TemplateRow, 'updatedAt'>): Promise<void> {
      await db.execute(sql`insert into certificate_templates
          (client_id, titles, primary_color, accent_color, logo_key, signatures, updated_at)
        values (${clientId}, ${JSON.stringify(t.titles)}::jsonb, ${t.primaryColor}, ${t.accentColor},
          ${t.logoKey}, ${JSON.stringify(t.signatures)}::jsonb, now())
        on conflict (client_id) do update set titles = excluded.titles, primary_color = excluded.primary_color,
          accent_color = excluded.accent_color, logo_key = excluded.logo_key, signatures = excluded.signatures,
          updated_at = now()`);
    },

    /** The client's name and login colour, for the issuer's name and the default template. */
    async client(clientId: number): Promise<{ name: string; primaryColor: string } | undefined> {
      const [row] = rowsOf<{ name: string; primary_color: string }>(
        await db.execute(sql`select name, primary_color from clients where id = ${clientId}`),
      );
      return row ? { name: row.name, primaryColor: row.primary_color } : undefined;
    },

    /**
     * Certificates whose reminder is due: valid, not yet reminded, expiring within their client's
     * reminder days (30 for a client without settings). Across clients: the daily job serves them all.
     */
    async dueReminders(limit: number): Promise<DueReminder[]> {
      return rowsOf<{
        id: number;
        client_id: number;
        user_id: number;
        title: string;
        language: string;
        expires_at: Date | string;
      }>(
        await db.execute(sql`select c.id, c.client_id, c.user_id, c.title, c.language, c.expires_at
          from certificates c left join reward_settings s on s.client_id = c.client_id
          where c.expires_at is not null and c.revoked_at is null and c.reminder_sent_at is null
            and c.expires_at > now()
            and c.expires_at <= now() + make_interval(days => coalesce(s.certificate_reminder_days, 30))
          order by c.expires_at, c.id limit ${limit}`),
      ).map((r) => ({
        id: r.id,
        clientId: r.client_id,
        userId: r.user_id,
        title: r.title,
        language: r.language,
        expiresAt: date(r.expires_at),
      }));
    },

    /** Claims the reminder of one certificate; false when another run already sent it. */
    async markReminded(clientId: number, id: number): Promise<boolean> {
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`update certificates set reminder_sent_at = now()
          where client_id = ${clientId} and id = ${id} and reminder_sent_at is null returning id`),
      );
      return rows.length > 0;
    },

    /** A badge the user earned in the client, with its texts and artwork; undefined otherwise. */
    async earnedBadge(
      clientId: number,
      userId: number,
      badgeId: number,
    ): Promise<
      | {
          id: number;
          texts: Record<string, { name?: string; description?: string }>;
          imageKey: string | null;
          earnedAt: Date;
        }
      | undefined
    > {
      const [row] = rowsOf<{
        id: number;
        texts: Record<string, { name?: string; description?: string }>;
        image_key: string | null;
        earned_at: Date | string;
      }>(
        await db.execute(sql`select b.id, b.texts, b.image_key, ub.earned_at from user_badges ub
          join badges b on b.id = ub.badge_id and b.client_id = ub.client_id
          where ub.client_id = ${clientId} and ub.user_id = ${userId} and ub.badge_id = ${badgeId}`),
      );
      return row
        ? { id: row.id, texts: row.texts, imageKey: row.image_key, earnedAt: date(row.earned_at) }
        : undefined;
    },
  };
}

export type CertificatesRepo = ReturnType<typeof createCertificatesRepo>;
