import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { clients, countries, languages } from '../../db/schema/core';
import {
  accountDeletionRequests,
  inboxMessages,
  supportTickets,
  userActivity,
  userProfiles,
} from '../../db/schema/profile';
import { users } from '../../db/schema/users';

export type ProfileRow = typeof userProfiles.$inferSelect;
export type ProfileValues = Partial<Omit<typeof userProfiles.$inferInsert, 'userId'>>;

export function createProfileRepo(db: DbOrTx) {
  return {
    async load(userId: number) {
      const [row] = await db
        .select({
          user: users,
          profile: userProfiles,
          countryCode: countries.code,
          languageCode: languages.code,
        })
        .from(users)
        .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
        .leftJoin(countries, eq(countries.id, users.countryId))
        .innerJoin(languages, eq(languages.id, users.languageId))
        .where(eq(users.id, userId));
      return row;
    },

    async clientName(clientId: number | null) {
      if (clientId === null) return null;
      const [row] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
      return row?.name ?? null;
    },

    async upsertProfile(userId: number, values: ProfileValues) {
      await db
        .insert(userProfiles)
        .values({ userId, ...values, updatedAt: new Date() })
        .onConflictDoUpdate({ target: userProfiles.userId, set: { ...values, updatedAt: new Date() } });
    },

    async emailTakenByOther(email: string, userId: number) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`${users.id} <> ${userId}`))
        .limit(1);
      return Boolean(row);
    },

    async languageId(code: string) {
      const [row] = await db.select({ id: languages.id }).from(languages).where(eq(languages.code, code));
      return row?.id;
    },

    async updateUser(userId: number, set: Partial<typeof users.$inferInsert>) {
      await db.update(users).set(set).where(eq(users.id, userId));
    },

    /** A pending request to delete the account; answers its id. */
    async insertDeletionRequest(userId: number, clientId: number | null, reason: string | null) {
      const [row] = await db
        .insert(accountDeletionRequests)
        .values({ userId, clientId, reason })
        .returning({ id: accountDeletionRequests.id });
      return row!.id;
    },

    async hasPendingDeletion(userId: number) {
      const rows = await db
        .select({ id: accountDeletionRequests.id })
        .from(accountDeletionRequests)
        .where(
          and(eq(accountDeletionRequests.userId, userId), eq(accountDeletionRequests.status, 'pending')),
        );
      return rows.length > 0;
    },

    async deletionRequest(requestId: number) {
      const [request] = await db
        .select()
        .from(accountDeletionRequests)
        .where(eq(accountDeletionRequests.id, requestId));
      return request;
    },

    /**
     * The personal data kept beside the account (its profile, the name and e-mail on its support tickets)
     * goes, and the deletion request is marked processed without its reason.
     */
    async eraseDeletedUser(userId: number, requestId: number, actorId: number) {
      await db.delete(userProfiles).where(eq(userProfiles.userId, userId));
      await db
        .update(supportTickets)
        .set({ name: '', email: '', updatedAt: new Date() })
        .where(eq(supportTickets.userId, userId));
      await db
        .update(accountDeletionRequests)
        .set({ status: 'processed', processedAt: new Date(), processedBy: actorId, reason: null })
        .where(eq(accountDeletionRequests.id, requestId));
    },

    async record(userId: number, clientId: number | null, kind: string, detail: string | null = null) {
      await db.insert(userActivity).values({ userId, clientId, kind, detail });
    },

    /**
     * The feed: the user's recorded events and their logins (each login is a session of the auth area,
     * read here as it stands rather than copied).
     */
    async activity(userId: number, limit: number, offset: number) {
      const items = rowsOf<{ id: string; kind: string; detail: string | null; created_at: string | Date }>(
        await db.execute(sql`
          select 'a' || id as id, kind, detail, created_at from user_activity where user_id = ${userId}
          union all
          select 's' || id::text as id, 'login' as kind, ip as detail, created_at from auth_sessions
           where user_id = ${userId}
          order by created_at desc, id desc
          limit ${limit} offset ${offset}`),
      );
      const [total] = rowsOf<{ n: number | string }>(
        await db.execute(sql`
          select (select count(*) from user_activity where user_id = ${userId})
               + (select count(*) from auth_sessions where user_id = ${userId}) as n`),
      );
      return { items, total: Number(total?.n ?? 0) };
    },

    async inbox(userId: number, clientId: number, limit: number, offset: number) {
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(inboxMessages)
          .where(and(eq(inboxMessages.userId, userId), eq(inboxMessages.clientId, clientId)))
          .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: count() })
          .from(inboxMessages)
          .where(and(eq(inboxMessages.userId, userId), eq(inboxMessages.clientId, clientId))),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async unreadCount(userId: number, clientId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(inboxMessages)
        .where(
          and(
            eq(inboxMessages.userId, userId),
            eq(inboxMessages.clientId, clientId),
            isNull(inboxMessages.readAt),
          ),
        );
      return row?.n ?? 0;
    },

    async markRead(userId: number, clientId: number, id?: number) {
      const rows = await db
        .update(inboxMessages)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(inboxMessages.userId, userId),
            eq(inboxMessages.clientId, clientId),
            isNull(inboxMessages.readAt),
            id === undefined ? undefined : eq(inboxMessages.id, id),
          ),
        )
        .returning({ id: inboxMessages.id });
      return rows.length;
    },

    async inboxMessageExists(userId: number, clientId: number, id: number) {
      const [row] = await db
        .select({ id: inboxMessages.id })
        .from(inboxMessages)
        .where(
          and(
            eq(inboxMessages.id, id),
            eq(inboxMessages.userId, userId),
            eq(inboxMessages.clientId, clientId),
          ),
        );
      return Boolean(row);
    },

    async deliver(userId: number, clientId: number, title: string, body: string) {
      const [row] = await db
        .insert(inboxMessages)
        .values({ userId, clientId, title, body })
        .returning({ id: inboxMessages.id });
      return row!.id;
    },
  };
}
