import type { supportTicketBody } from '@trilha/contracts/institutional';
import {
  SUPPORT_RESPONSE_WORKING_DAYS,
  type InstitutionalPage,
  type InstitutionalPageBody,
  type InstitutionalSlug,
  type SupportTicketsPage,
} from '@trilha/contracts/institutional';
import type { LanguageCode } from '@trilha/contracts/session';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { SessionService } from '../session/session.service';
import type { MessagingPort } from '../profile/ports';
import type { UserDirectory } from '../users/user-directory';
import { createInstitutionalRepo, type PageRow } from './institutional.repo';

type TicketInput = z.output<typeof supportTicketBody>;

export const protocolOf = (id: number) => `SUP-${String(id).padStart(6, '0')}`;

export interface InstitutionalServiceDeps {
  db: Db;
  sessions: SessionService;
  /** The cookie consent is kept on the user, through the users module. */
  users: Pick<UserDirectory, 'setCookieConsent'>;
  messaging: MessagingPort;
  record: (userId: number, clientId: number | null, kind: string, detail?: string | null) => Promise<void>;
  log: (msg: string, err?: unknown) => void;
}

export function createInstitutionalService(deps: InstitutionalServiceDeps) {
  const { db } = deps;
  const repo = createInstitutionalRepo(db);

  const toPage = (row: PageRow, source: InstitutionalPage['source']): InstitutionalPage => ({
    slug: row.slug as InstitutionalSlug,
    language: row.language as LanguageCode,
    title: row.title,
    body: row.body,
    updatedAt: row.updatedAt.toISOString(),
    source,
  });

  async function find(scope: 'client' | 'site', id: number, slug: InstitutionalSlug, language: string) {
    return repo.findPage(scope, id, slug, language);
  }

  async function siteOfClient(clientId: number) {
    const siteId = await repo.siteOfClient(clientId);
    if (siteId === undefined) throw new AppError('NOT_FOUND', 404);
    return siteId;
  }

  /**
   * A page in a language: the client's own text, else the site's, else the same page in the site's
   * default language, else an empty page the screen shows as "no content yet".
   */
  async function resolvePage(opts: {
    siteId: number;
    clientId?: number;
    slug: InstitutionalSlug;
    language: LanguageCode;
    fallbackLanguage: LanguageCode;
  }): Promise<InstitutionalPage> {
    const languages = [...new Set([opts.language, opts.fallbackLanguage])];
    for (const language of languages) {
      if (opts.clientId !== undefined) {
        const own = await find('client', opts.clientId, opts.slug, language);
        if (own) return toPage(own, 'client');
      }
      const site = await find('site', opts.siteId, opts.slug, language);
      if (site) return toPage(site, 'site');
    }
    return {
      slug: opts.slug,
      language: opts.language,
      title: '',
      body: '',
      updatedAt: null,
      source: 'default',
    };
  }

  async function savePage(
    scope: 'client' | 'site',
    id: number,
    slug: InstitutionalSlug,
    language: LanguageCode,
    body: InstitutionalPageBody,
    actorId: number,
  ): Promise<InstitutionalPage> {
    const row = await unitOfWork(db).run(async (tx) => {
      const saved = await createInstitutionalRepo(tx).savePage(scope, id, slug, language, {
        title: body.title,
        body: body.body,
        updatedBy: actorId,
        updatedAt: new Date(),
      });
      await audit(tx, {
        actorId,
        clientId: scope === 'client' ? id : null,
        action: 'institutional.page_save',
        target: { type: 'page', id: saved.id },
        details: { scope, slug, language },
      });
      return saved;
    });
    return toPage(row, scope);
  }

  async function createTicket(
    input: TicketInput,
    ctx: {
      siteId: number;
      clientId: number | null;
      userId: number | null;
      language: LanguageCode;
      ip: string;
    },
  ) {
    const id = await repo.insertTicket({
      kind: input.kind,
      siteId: ctx.siteId,
      clientId: ctx.clientId,
      userId: ctx.userId,
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      language: ctx.language,
      meta: { ip: ctx.ip },
    });
    const protocol = protocolOf(id);
    if (ctx.userId !== null) await deps.record(ctx.userId, ctx.clientId, 'support_ticket', protocol);
    // The confirmation is best effort: the ticket exists either way and the screen shows the protocol.
    await deps.messaging
      .send({
        channel: 'email',
        to: input.email,
        template: 'support_ticket_received',
        params: { name: input.name, protocol, workingDays: SUPPORT_RESPONSE_WORKING_DAYS },
        lang: ctx.language,
        ...(ctx.userId !== null ? { userId: ctx.userId } : {}),
      })
      .catch((err: unknown) => deps.log('support confirmation not sent', err));
    return { id, protocol, responseWorkingDays: SUPPORT_RESPONSE_WORKING_DAYS };
  }

  async function listTickets(
    tenant: { clientId: number; isSuperuser: boolean },
    query: { status?: string; page: number; pageSize: number },
  ): Promise<SupportTicketsPage> {
    const siteId = await siteOfClient(tenant.clientId);
    const { rows, total } = await repo.listTickets(
      tenant,
      siteId,
      query.status,
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
    return {
      items: rows.map(({ t, clientName }) => ({
        id: t.id,
        protocol: protocolOf(t.id),
        kind: t.kind as 'support' | 'contact',
        name: t.name,
        email: t.email,
        subject: t.subject as SupportTicketsPage['items'][number]['subject'],
        message: t.message,
        status: t.status as SupportTicketsPage['items'][number]['status'],
        userId: t.userId,
        clientName,
        createdAt: t.createdAt.toISOString(),
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async function setTicketStatus(
    tenant: { clientId: number; isSuperuser: boolean },
    actorId: number,
    id: number,
    status: string,
  ) {
    const siteId = await siteOfClient(tenant.clientId);
    await unitOfWork(db).run(async (tx) => {
      if (!(await createInstitutionalRepo(tx).setTicketStatus(tenant, siteId, id, status)))
        throw new AppError('NOT_FOUND', 404);
      await audit(tx, {
        actorId,
        clientId: tenant.clientId,
        action: 'support.ticket_status',
        target: { type: 'ticket', id },
        details: { status },
      });
    });
  }

  async function setCookieConsent(userId: number, accepted: boolean) {
    const acceptedAt = accepted ? new Date() : null;
    await deps.users.setCookieConsent(userId, acceptedAt);
    await deps.sessions.invalidate(userId);
    return { acceptedAt: acceptedAt?.toISOString() ?? null };
  }

  async function listPages(scope: 'client' | 'site', id: number) {
    const rows = await repo.listPages(scope, id);
    return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
  }

  return {
    siteOfClient,
    resolvePage,
    savePage,
    find,
    listPages,
    createTicket,
    listTickets,
    setTicketStatus,
    setCookieConsent,
  };
}

export type InstitutionalService = ReturnType<typeof createInstitutionalService>;
