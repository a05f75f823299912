import { randomBytes } from 'node:crypto';
import type {
  AdminCertificate,
  AdminCertificatesPage,
  CertificateTemplate,
  CertificateTemplateBody,
  MyCertificate,
  PublicCertificate,
} from '@trilha/contracts/rewards/certificates';
import { languageCodes, type LanguageCode } from '@trilha/contracts/session';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { audit } from '../audit/audit';
import type { NotificationService } from '../notifications/notifications.service';
import type { UserDirectory } from '../users/user-directory';
import { defaultHeadings, renderCertificatePdf, type RenderedCertificate } from './certificate-pdf';
import { createCertificatesRepo, type CertificateRow, type TemplateRow } from './certificates.repo';
import { badgeImageUrl } from './badges.service';
import type { Credentials } from './credentials';
import type { IssueCertificateInput } from './ports';

/**
 * Certificates: issue once per user and target, the PDF drawn on demand from the frozen facts, public
 * verification by code, revocation, templates and the expiry reminders (docs/rewards.md).
 */

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 12 random Crockford base32 characters as XXXX-XXXX-XXXX (60 bits; 256 is a multiple of 32, no bias). */
export function newCertificateCode(): string {
  const chars = [...randomBytes(12)].map((b) => CROCKFORD[b & 31]!).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** A typed code in its printed form, or null when it cannot be one (case, dashes, O/I/L read as digits). */
export function normalizeCertificateCode(input: string): string | null {
  const plain = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (plain.length !== 12 || [...plain].some((c) => !CROCKFORD.includes(c))) return null;
  return `${plain.slice(0, 4)}-${plain.slice(4, 8)}-${plain.slice(8)}`;
}

/** `months` later on the same day of the month, or the month's last day when it has fewer (31 Jan + 1 → 28/29 Feb). */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

const DEFAULT_ACCENT = '#495057';
const LOGO_PREFIX = 'certificates/logos/';
export const LOGO_REF = /^\d{1,10}-[a-f0-9]{16}$/;

const isLanguage = (value: string): value is LanguageCode =>
  (languageCodes as readonly string[]).includes(value);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface CertificatesServiceDeps {
  db: Db;
  storage: Storage;
  directory: Pick<UserDirectory, 'withActiveMemberships' | 'languageOf'>;
  notifications: Pick<NotificationService, 'notify'>;
  credentials: Credentials;
  /** The web app's public origin: the verification page is `<publicUrl>/certificates/<code>`. */
  publicUrl: string;
}

export function createCertificatesService(deps: CertificatesServiceDeps) {
  const { db, storage } = deps;
  const repo = createCertificatesRepo(db);
  const origin = deps.publicUrl.replace(/\/+$/, '');
  const verifyUrl = (code: string) => `${origin}/certificates/${code}`;
  const logoUrl = (key: string | null) =>
    key ? `/api/media/certificate-logos/${key.slice(LOGO_PREFIX.length, -'.png'.length)}` : null;

  async function issue(
    input: IssueCertificateInput,
  ): Promise<{ id: number; code: string; created: boolean }> {
    return unitOfWork(db).run(async (tx) => {
      const existing = await repo.byTarget(input.clientId, input.userId, input.targetType, input.targetId);
      if (existing) return { id: existing.id, code: existing.code, created: false };
      const person = await deps.directory.withActiveMemberships(input.userId);
      if (!person) throw new AppError('NOT_FOUND', 404);
      const { user } = person;
      const learnerName = `${user.firstName} ${user.lastName}`.trim() || user.username;
      const stored = await deps.directory.languageOf(input.userId, tx);
      const language = stored && isLanguage(stored) ? stored : 'pt-BR';
      const issuedAt = new Date();
      const expiresAt = input.validityMonths ? addMonths(issuedAt, input.validityMonths) : null;
      const code = newCertificateCode();
      const inserted = await repo.insertOnce({
        clientId: input.clientId,
        userId: input.userId,
        targetType: input.targetType,
        targetId: input.targetId,
        code,
        learnerName,
        title: input.title,
        workloadMinutes: input.workloadMinutes,
        language,
        issuedAt,
        expiresAt,
      });
      if (!inserted) {
        // Another unit issued it first (the unique index waited for it): answer that one.
        const first = await repo.byTarget(input.clientId, input.userId, input.targetType, input.targetId);
        if (!first) throw new AppError('CONFLICT', 409);
        return { id: first.id, code: first.code, created: false };
      }
      await audit(tx, {
        actorId: null,
        clientId: input.clientId,
        action: 'certificate.issue',
        target: { type: 'certificate', id: inserted.id },
        after: {
          userId: input.userId,
          targetType: input.targetType,
          targetId: input.targetId,
          code,
          expiresAt,
        },
      });
      await deps.notifications.notify(
        {
          userId: input.userId,
          clientId: input.clientId,
          kind: 'rewards.certificate',
          data: { title: input.title, code },
        },
        { tx },
      );
      return { id: inserted.id, code, created: true };
    });
  }

  const mine = (row: CertificateRow): MyCertificate => ({
    id: row.id,
    code: row.code,
    title: row.title,
    targetType: row.targetType,
    targetId: row.targetId,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    status: row.status,
    revokedAt: iso(row.revokedAt),
    verifyUrl: verifyUrl(row.code),
  });

  const admin = (row: CertificateRow): AdminCertificate => ({
    id: row.id,
    code: row.code,
    userId: row.userId,
    learnerName: row.learnerName,
    title: row.title,
    targetType: row.targetType,
    targetId: row.targetId,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    status: row.status,
    revokedAt: iso(row.revokedAt),
    revokeReason: row.revokeReason,
  });

  async function ownOr404(clientId: number, userId: number, id: number) {
    const row = await repo.byId(clientId, id);
    if (!row || row.userId !== userId) throw new AppError('CERTIFICATE_NOT_FOUND', 404);
    return row;
  }

  /** The saved template or the default one, in the client's colour. */
  async function templateOf(
    clientId: number,
  ): Promise<{ saved: TemplateRow | undefined; effective: Omit<TemplateRow, 'updatedAt'> }> {
    const saved = await repo.template(clientId);
    if (saved) return { saved, effective: saved };
    const client = await repo.client(clientId);
    const primary = client && /^#[0-9a-fA-F]{6}$/.test(client.primaryColor) ? client.primaryColor : '#1c7ed6';
    return {
      saved,
      effective: {
        titles: {},
        primaryColor: primary,
        accentColor: DEFAULT_ACCENT,
        logoKey: null,
        signatures: [],
      },
    };
  }

  const heading = (titles: Record<string, string>, language: LanguageCode) =>
    titles[language]?.trim() || defaultHeadings[language];

  async function logoBytes(key: string | null): Promise<Uint8Array | null> {
    if (!key) return null;
    return storage.get(key).catch(() => null);
  }

  async function render(row: CertificateRow): Promise<RenderedCertificate> {
    const [{ effective }, client] = await Promise.all([templateOf(row.clientId), repo.client(row.clientId)]);
    const language = isLanguage(row.language) ? row.language : 'pt-BR';
    return renderCertificatePdf({
      language,
      heading: heading(effective.titles, language),
      issuerName: client?.name ?? '',
      learnerName: row.learnerName,
      title: row.title,
      targetType: row.targetType,
      workloadMinutes: row.workloadMinutes,
      issuedAt: row.issuedAt,
      expiresAt: row.expiresAt,
      code: row.code,
      verifyUrl: verifyUrl(row.code),
      primaryColor: effective.primaryColor,
      accentColor: effective.accentColor,
      logoPng: await logoBytes(effective.logoKey),
      signatures: effective.signatures,
    });
  }

  /** A readable file name: "certificado-<title>-<code>.pdf" in plain ASCII. */
  const fileName = (row: CertificateRow) => {
    const slug = row.title
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60);
    return `certificate-${slug || row.targetType}-${row.code}.pdf`;
  };

  async function templateView(clientId: number): Promise<CertificateTemplate> {
    const { saved, effective } = await templateOf(clientId);
    const titles = Object.fromEntries(languageCodes.map((l) => [l, heading(effective.titles, l)])) as Record<
      LanguageCode,
      string
    >;
    return {
      titles,
      primaryColor: effective.primaryColor,
      accentColor: effective.accentColor,
      signatures: effective.signatures,
      logoUrl: logoUrl(effective.logoKey),
      isDefault: !saved,
      updatedAt: saved ? saved.updatedAt.toISOString() : null,
    };
  }

  const cleanTitles = (titles: CertificateTemplateBody['titles']) =>
    Object.fromEntries(
      Object.entries(titles).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
    ) as Record<string, string>;

  return {
    issue,

    async listMine(clientId: number, userId: number) {
      return { items: (await repo.listOwn(clientId, userId)).map(mine) };
    },

    async pdfOfMine(clientId: number, userId: number, id: number) {
      const row = await ownOr404(clientId, userId, id);
      return { bytes: (await render(row)).bytes, fileName: fileName(row) };
    },

    /** The PDF with what it drew: the seam the tests read the texts through. */
    async renderById(clientId: number, id: number) {
      const row = await repo.byId(clientId, id);
      if (!row) throw new AppError('CERTIFICATE_NOT_FOUND', 404);
      return render(row);
    },

    async ownTrailCertificate(clientId: number, userId: number, trailId: number) {
      const row = await repo.byTarget(clientId, userId, 'trail', trailId);
      if (!row) throw new AppError('CERTIFICATE_NOT_FOUND', 404);
      return { id: row.id, code: row.code };
    },

    async publicByCode(input: string): Promise<PublicCertificate> {
      const code = normalizeCertificateCode(input);
      const row = code ? await repo.byCode(code) : undefined;
      if (!row) throw new AppError('CERTIFICATE_NOT_FOUND', 404);
      const [client, template] = await Promise.all([repo.client(row.clientId), repo.template(row.clientId)]);
      return {
        code: row.code,
        learnerName: row.learnerName,
        title: row.title,
        targetType: row.targetType,
        workloadMinutes: row.workloadMinutes,
        issuedAt: row.issuedAt.toISOString(),
        expiresAt: iso(row.expiresAt),
        status: row.status,
        revokedAt: iso(row.revokedAt),
        revokeReason: row.revokeReason,
        issuer: { name: client?.name ?? '', logoUrl: logoUrl(template?.logoKey ?? null) },
      };
    },

    /** The Open Badges 3.0 credential of the caller's own certificate. */
    async certificateCredential(clientId: number, userId: number, id: number) {
      const row = await ownOr404(clientId, userId, id);
      if (row.status === 'revoked') throw new AppError('CREDENTIAL_NOT_AVAILABLE', 404);
      const [client, person] = await Promise.all([
        repo.client(row.clientId),
        deps.directory.withActiveMemberships(userId),
      ]);
      return deps.credentials.issue({
        clientId,
        userId,
        kind: 'certificate',
        refId: row.id,
        issuerName: client?.name ?? '',
        identity: person?.user.email ?? `user:${userId}`,
        achievement: {
          id: `${origin}/${row.targetType === 'trail' ? 'trails' : 'courses'}/${row.targetId}`,
          name: row.title,
          description: row.title,
          criteria:
            row.targetType === 'trail'
              ? 'Completed every course of the learning path.'
              : 'Completed the course.',
          image: null,
        },
        validFrom: row.issuedAt,
        validUntil: row.expiresAt,
      });
    },

    /** The Open Badges 3.0 credential of a badge the caller earned. */
    async badgeCredential(clientId: number, userId: number, badgeId: number, lang: LanguageCode) {
      const badge = await repo.earnedBadge(clientId, userId, badgeId);
      if (!badge) throw new AppError('CREDENTIAL_NOT_AVAILABLE', 404);
      const texts = badge.texts[lang] ?? badge.texts['pt-BR'] ?? Object.values(badge.texts)[0] ?? {};
      const [client, person] = await Promise.all([
        repo.client(clientId),
        deps.directory.withActiveMemberships(userId),
      ]);
      const name = texts.name?.trim() || `Badge ${badge.id}`;
      const imageOf = (path: string | null) => (path ? `${origin}${path}` : null);
      return deps.credentials.issue({
        clientId,
        userId,
        kind: 'badge',
        refId: badge.id,
        issuerName: client?.name ?? '',
        identity: person?.user.email ?? `user:${userId}`,
        achievement: {
          id: `${origin}/badges/${badge.id}`,
          name,
          description: texts.description?.trim() || name,
          criteria: texts.description?.trim() || name,
          image: imageOf(badgeImageUrl(badge.imageKey)),
        },
        validFrom: badge.earnedAt,
        validUntil: null,
      });
    },

    templateView,

    clientExists: async (clientId: number) => Boolean(await repo.client(clientId)),

    async saveTemplate(clientId: number, actorId: number, body: CertificateTemplateBody) {
      return unitOfWork(db).run(async (tx) => {
        const before = await repo.template(clientId);
        const next = {
          titles: cleanTitles(body.titles),
          primaryColor: body.primaryColor.toLowerCase(),
          accentColor: body.accentColor.toLowerCase(),
          logoKey: body.keepLogo === false ? null : (before?.logoKey ?? null),
          signatures: body.signatures.map((s) => ({ name: s.name, role: s.role })),
        };
        await repo.saveTemplate(clientId, next);
        await audit(tx, {
          actorId,
          clientId,
          action: 'certificate_template.save',
          target: { type: 'certificate_template', id: clientId },
          before: before ? { ...before, updatedAt: undefined } : null,
          after: next,
        });
        return templateView(clientId);
      });
    },

    /** Keeps an already re-encoded PNG as the template's logo (a template is made if there was none). */
    async saveLogo(clientId: number, actorId: number, png: Buffer) {
      const key = `${LOGO_PREFIX}${clientId}-${randomBytes(8).toString('hex')}.png`;
      await storage.put(key, png);
      return unitOfWork(db).run(async (tx) => {
        const { saved, effective } = await templateOf(clientId);
        await repo.saveTemplate(clientId, { ...effective, logoKey: key });
        await audit(tx, {
          actorId,
          clientId,
          action: 'certificate_template.save',
          target: { type: 'certificate_template', id: clientId },
          before: { logoKey: saved?.logoKey ?? null },
          after: { logoKey: key },
        });
        return templateView(clientId);
      });
    },

    /** The storage key of a logo reference of the media route, or undefined. */
    logoKeyOf: (ref: string) => (LOGO_REF.test(ref) ? `${LOGO_PREFIX}${ref}.png` : undefined),

    /** The draft template drawn with sample learner data: the editor's live preview. */
    async preview(clientId: number, body: CertificateTemplateBody, language: LanguageCode) {
      const [{ effective }, client] = await Promise.all([templateOf(clientId), repo.client(clientId)]);
      const titles = cleanTitles(body.titles);
      const samples: Record<LanguageCode, { name: string; title: string }> = {
        'pt-BR': { name: 'Maria da Silva', title: 'Atendimento ao cliente' },
        'en-US': { name: 'Jane Doe', title: 'Customer service' },
        es: { name: 'María García', title: 'Atención al cliente' },
        fr: { name: 'Marie Dupont', title: 'Service client' },
      };
      const sample = samples[language];
      const issuedAt = new Date();
      const rendered = await renderCertificatePdf({
        language,
        heading: heading(titles, language),
        issuerName: client?.name ?? '',
        learnerName: sample.name,
        title: sample.title,
        targetType: 'course',
        workloadMinutes: 150,
        issuedAt,
        expiresAt: null,
        code: 'XXXX-XXXX-XXXX',
        verifyUrl: verifyUrl('XXXX-XXXX-XXXX'),
        primaryColor: body.primaryColor,
        accentColor: body.accentColor,
        logoPng: body.keepLogo === false ? null : await logoBytes(effective.logoKey),
        signatures: body.signatures,
      });
      return rendered.bytes;
    },

    async adminList(
      clientId: number,
      q: { search?: string; status?: AdminCertificate['status']; page: number; pageSize: number },
    ): Promise<AdminCertificatesPage> {
      const { rows, total } = await repo.adminPage(clientId, q);
      return { items: rows.map(admin), total, page: q.page, pageSize: q.pageSize };
    },

    async revoke(clientId: number, actorId: number, id: number, reason: string): Promise<AdminCertificate> {
      return unitOfWork(db).run(async (tx) => {
        const before = await repo.byId(clientId, id);
        if (!before) throw new AppError('CERTIFICATE_NOT_FOUND', 404);
        if (!(await repo.revoke(clientId, id, actorId, reason))) {
          throw new AppError('CERTIFICATE_ALREADY_REVOKED', 409);
        }
        const credentials = await repo.revokeCredentials(clientId, id);
        await audit(tx, {
          actorId,
          clientId,
          action: 'certificate.revoke',
          target: { type: 'certificate', id },
          before: { status: before.status },
          after: { status: 'revoked' },
          details: { reason, credentialsRevoked: credentials },
        });
        const after = await repo.byId(clientId, id);
        return admin(after!);
      });
    },

    /**
     * Sends the due expiry reminders, each claimed by its own unit (mark, then notify), so a second run, or
     * a second instance, sends none twice. Answers how many were sent.
     */
    async sendReminders(): Promise<number> {
      let sent = 0;
      for (;;) {
        const due = await repo.dueReminders(200);
        if (due.length === 0) return sent;
        for (const reminder of due) {
          await unitOfWork(db).run(async (tx) => {
            if (!(await repo.markReminded(reminder.clientId, reminder.id))) return;
            const language = isLanguage(reminder.language) ? reminder.language : 'pt-BR';
            const expiresOn = new Intl.DateTimeFormat(language, {
              dateStyle: 'long',
              timeZone: 'UTC',
            }).format(reminder.expiresAt);
            await deps.notifications.notify(
              {
                userId: reminder.userId,
                clientId: reminder.clientId,
                kind: 'rewards.certificate_expiring',
                data: { title: reminder.title, expiresOn },
              },
              { tx },
            );
            sent += 1;
          });
        }
      }
    },
  };
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;
