import { and, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clients } from '../../db/schema/core';
import { institutionalPages, supportTickets } from '../../db/schema/profile';

export type PageRow = typeof institutionalPages.$inferSelect;
export type PageScope = 'client' | 'site';
export interface TicketViewer {
  clientId: number;
  isSuperuser: boolean;
}

/**
 * Institutional pages and support tickets. Both belong to a client or to a site (a page of the site, a
 * public ticket sent before any sign-in), so each statement names the client or the site it is about.
 */
export function createInstitutionalRepo(db: DbOrTx) {
  const owner = (scope: PageScope, id: number) =>
    scope === 'client' ? eq(institutionalPages.clientId, id) : eq(institutionalPages.siteId, id);

  /**
   * Tickets a back-office user sees: those sent from inside the selected client, and public ones sent
   * from that client's site. A superuser sees all.
   */
  function ticketScope(viewer: TicketViewer, siteId: number): SQL | undefined {
    if (viewer.isSuperuser) return undefined;
    return or(
      eq(supportTickets.clientId, viewer.clientId),
      and(isNull(supportTickets.clientId), eq(supportTickets.siteId, siteId)),
    );
  }

  return {
    async findPage(
      scope: PageScope,
      id: number,
      slug: string,
      language: string,
    ): Promise<PageRow | undefined> {
      const [row] = await db
        .select()
        .from(institutionalPages)
        .where(
          and(owner(scope, id), eq(institutionalPages.slug, slug), eq(institutionalPages.language, language)),
        );
      return row;
    },

    async siteOfClient(clientId: number) {
      const [row] = await db.select({ siteId: clients.siteId }).from(clients).where(eq(clients.id, clientId));
      return row?.siteId;
    },

    /** Updates the page of that owner, slug and language, or creates it; answers the saved row. */
    async savePage(
      scope: PageScope,
      id: number,
      slug: string,
      language: string,
      values: { title: string; body: string; updatedBy: number; updatedAt: Date },
    ): Promise<PageRow> {
      const existing = await db
        .select({ id: institutionalPages.id })
        .from(institutionalPages)
        .where(
          and(owner(scope, id), eq(institutionalPages.slug, slug), eq(institutionalPages.language, language)),
        );
      const [saved] = existing[0]
        ? await db
            .update(institutionalPages)
            .set(values)
            .where(eq(institutionalPages.id, existing[0].id))
            .returning()
        : await db
            .insert(institutionalPages)
            .values({
              ...values,
              slug,
              language,
              clientId: scope === 'client' ? id : null,
              siteId: scope === 'site' ? id : null,
            })
            .returning();
      return saved!;
    },

    async listPages(scope: PageScope, id: number) {
      return db
        .select({
          slug: institutionalPages.slug,
          language: institutionalPages.language,
          title: institutionalPages.title,
          updatedAt: institutionalPages.updatedAt,
        })
        .from(institutionalPages)
        .where(owner(scope, id));
    },

    async insertTicket(values: typeof supportTickets.$inferInsert) {
      const [row] = await db.insert(supportTickets).values(values).returning({ id: supportTickets.id });
      return row!.id;
    },

    async listTickets(
      viewer: TicketViewer,
      siteId: number,
      status: string | undefined,
      limit: number,
      offset: number,
    ) {
      const where = and(ticketScope(viewer, siteId), status ? eq(supportTickets.status, status) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select({ t: supportTickets, clientName: clients.name })
          .from(supportTickets)
          .leftJoin(clients, eq(clients.id, supportTickets.clientId))
          .where(where)
          .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(supportTickets).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** False when the viewer sees no ticket of that id. */
    async setTicketStatus(viewer: TicketViewer, siteId: number, id: number, status: string) {
      const rows = await db
        .update(supportTickets)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(supportTickets.id, id), ticketScope(viewer, siteId)))
        .returning({ id: supportTickets.id });
      return rows.length > 0;
    },
  };
}
