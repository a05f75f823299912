import { and, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
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
import { clients } from '../../db/schema/core';
import { institutionalPages, supportTickets } from '../../db/schema/profile';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { SessionService } from '../session/session.service';
import type { MessagingPort } from '../profile/ports';
import type { UserDirectory } from '../users/user-directory';

type PageRow = typeof institutionalPages.$inferSelect;
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

  const toPage = (row: PageRow, source: InstitutionalPage['source']): InstitutionalPage => ({
    slug: row.slug as InstitutionalSlug,
    language: row.language as LanguageCode,
    title: row.title,
    body: row.body,
    updatedAt: row.updatedAt.toISOString(),
    source,
  });

  async function find(scope: 'client' | 'site', id: number, slug: InstitutionalSlug, language: string) {
    const [row] = await db
      .select()
      .from(institutionalPages)
      .where(
        and(
          scope === 'client' ? eq(institutionalPages.clientId, id) : eq(institutionalPages.siteId, id),
          eq(institutionalPages.slug, slug),
          eq(institutionalPages.language, language),
        ),
      );
    return row;
  }

  async function siteOfClient(clientId: number) {
    const [row] = await db.select({ siteId: clients.siteId }).from(clients).where(eq(clients.id, clientId));
    if (!row) throw new AppError('NOT_FOUND', 404);
    return row.siteId;
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
      const existing = await tx
        .select({ id: institutionalPages.id })
        .from(institutionalPages)
        .where(
          and(
            scope === 'client' ? eq(institutionalPages.clientId, id) : eq(institutionalPages.siteId, id),
            eq(institutionalPages.slug, slug),
            eq(institutionalPages.language, language),
          ),
        );
      const values = { title: body.title, body: body.body, updatedBy: actorId, updatedAt: new Date() };
      const [saved] = existing[0]
        ? await tx
            .update(institutionalPages)
            .set(values)
            .where(eq(institutionalPages.id, existing[0].id))
            .returning()
        : await tx
            .insert(institutionalPages)
            .values({
              ...values,
              slug,
              language,
              clientId: scope === 'client' ? id : null,
              siteId: scope === 'site' ? id : null,
            })
            .returning();
      await audit(tx, {
        actorId,
        clientId: scope === 'client' ? id : null,
        action: 'institutional.page_save',
        target: { type: 'page', id: saved!.id },
        details: { scope, slug, language },
      });
      return saved!;
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
    const [row] = await db
      .insert(supportTickets)
      .values({
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
      })
      .returning({ id: supportTickets.id });
    const id = row!.id;
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

  /**
   * Tickets a back-office user sees: those sent from inside the selected client, and public ones sent
   * from that client's site. A superuser sees all.
   */
  function ticketScope(tenant: { clientId: number; isSuperuser: boolean }, siteId: number): SQL | undefined {
    if (tenant.isSuperuser) return undefined;
    return or(
      eq(supportTickets.clientId, tenant.clientId),
      and(isNull(supportTickets.clientId), eq(supportTickets.siteId, siteId)),
    );
  }

  async function listTickets(
    tenant: { clientId: number; isSuperuser: boolean },
    query: { status?: string; page: number; pageSize: number },
  ): Promise<SupportTicketsPage> {
    const siteId = await siteOfClient(tenant.clientId);
    const where = and(
      ticketScope(tenant, siteId),
      query.status ? eq(supportTickets.status, query.status) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ t: supportTickets, clientName: clients.name })
        .from(supportTickets)
        .leftJoin(clients, eq(clients.id, supportTickets.clientId))
        .where(where)
        .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ n: count() }).from(supportTickets).where(where),
    ]);
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
      total: total?.n ?? 0,
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
      const rows = await tx
        .update(supportTickets)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(supportTickets.id, id), ticketScope(tenant, siteId)))
        .returning({ id: supportTickets.id });
      if (rows.length === 0) throw new AppError('NOT_FOUND', 404);
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
    const rows = await db
      .select({
        slug: institutionalPages.slug,
        language: institutionalPages.language,
        title: institutionalPages.title,
        updatedAt: institutionalPages.updatedAt,
      })
      .from(institutionalPages)
      .where(scope === 'client' ? eq(institutionalPages.clientId, id) : eq(institutionalPages.siteId, id));
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
