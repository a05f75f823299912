import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema/accounts';
import { appSettings } from '../../db/schema/core';

export type OutboxRow = typeof outbox.$inferSelect;

export interface OutboxFilters {
  channel?: string;
  clientId?: number;
  userId?: number;
  /** Part of the recipient, subject or body, already trimmed. */
  search?: string;
}

/**
 * The outbox and the messaging key setting. An outbox row's client is optional (a message may go to
 * someone of no client), so the back office's client is a filter given by the caller, not a scope.
 */
export function createMessagingRepo(db: DbOrTx) {
  return {
    async setting(key: string) {
      const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
      return row?.value;
    },

    async insertSettingIfAbsent(key: string, value: string) {
      await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
    },

    async findOutbox(id: number) {
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
      return row;
    },

    async updateOutbox(id: number, set: Partial<typeof outbox.$inferInsert>) {
      await db.update(outbox).set(set).where(eq(outbox.id, id));
    },

    async insertOutbox(values: typeof outbox.$inferInsert) {
      const [row] = await db.insert(outbox).values(values).returning();
      return row!;
    },

    async listOutbox(filters: OutboxFilters, limit: number, offset: number) {
      const conditions: (SQL | undefined)[] = [];
      if (filters.channel) conditions.push(eq(outbox.channel, filters.channel));
      if (filters.clientId !== undefined) conditions.push(eq(outbox.clientId, filters.clientId));
      if (filters.userId !== undefined) conditions.push(eq(outbox.userId, filters.userId));
      if (filters.search) {
        const like = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(ilike(outbox.recipient, like), ilike(outbox.subject, like), ilike(outbox.body, like)),
        );
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(outbox)
          .where(where)
          .orderBy(desc(outbox.createdAt), desc(outbox.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(outbox).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
