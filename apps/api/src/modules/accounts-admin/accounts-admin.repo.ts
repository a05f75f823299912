import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clients } from '../../db/schema/core';
import { accountDeletionRequests } from '../../db/schema/profile';
import { userClients, users } from '../../db/schema/users';

export interface UserFilters {
  status?: string;
  role?: string;
  /** Trimmed; matches name, e-mail, username and (from three digits) document. */
  search?: string;
}

/**
 * The back office's reads and writes of accounts. People are not a client's rows; their membership is,
 * so every statement on `user_clients` is the caller's client's, and deletion requests are filtered to
 * the caller's client unless the caller is a superuser.
 */
export function createAccountsAdminRepo(db: DbOrTx) {
  const memberIn = (clientId: number) =>
    and(eq(userClients.userId, users.id), eq(userClients.clientId, clientId));

  const deletionScope = (clientId: number | null) =>
    clientId === null ? undefined : eq(accountDeletionRequests.clientId, clientId);

  function userConditions(f: UserFilters): SQL | undefined {
    const conditions: (SQL | undefined)[] = [sql`${userClients.roles} is not null`];
    if (f.status === 'blocked') {
      conditions.push(sql`(${users.status} = 'blocked' or ${userClients.blockedAt} is not null)`);
    } else if (f.status) {
      conditions.push(and(eq(users.status, f.status), sql`${userClients.blockedAt} is null`));
    }
    if (f.role) conditions.push(sql`${f.role} = any(${userClients.roles})`);
    if (f.search) {
      const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
      const digits = f.search.replace(/\D/g, '');
      conditions.push(
        sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${like}
          or lower(coalesce(${users.email}, '')) like ${like}
          or lower(${users.username}) like ${like}
          ${digits.length >= 3 ? sql`or ${users.document} like ${`%${digits}%`}` : sql``})`,
      );
    }
    return and(...conditions);
  }

  return {
    async client(clientId: number) {
      const [row] = await db
        .select({ id: clients.id, name: clients.name, siteId: clients.siteId })
        .from(clients)
        .where(eq(clients.id, clientId));
      return row;
    },

    async clientsOnSite(siteId: number) {
      const [row] = await db.select({ n: count() }).from(clients).where(eq(clients.siteId, siteId));
      return row?.n ?? 0;
    },

    /** The account with its roles and block in the client; undefined when it is no member there. */
    async member(clientId: number, userId: number) {
      const [row] = await db
        .select({ user: users, roles: userClients.roles, blockedAt: userClients.blockedAt })
        .from(users)
        .innerJoin(userClients, memberIn(clientId))
        .where(eq(users.id, userId));
      return row;
    },

    /** A page of the client's members with the count of all that match (`n` on every row). */
    async listMembers(clientId: number, filters: UserFilters, limit: number, offset: number) {
      return db
        .select({
          user: users,
          roles: userClients.roles,
          blockedAt: userClients.blockedAt,
          n: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(users)
        .leftJoin(userClients, memberIn(clientId))
        .where(userConditions(filters))
        .orderBy(users.firstName, users.lastName, users.id)
        .limit(limit)
        .offset(offset);
    },

    async countMembers(clientId: number, filters: UserFilters) {
      const [c] = await db
        .select({ n: count() })
        .from(users)
        .leftJoin(userClients, memberIn(clientId))
        .where(userConditions(filters));
      return c?.n ?? 0;
    },

    async setRoles(userId: number, clientId: number, roles: string[]) {
      await db
        .insert(userClients)
        .values({ userId, clientId, roles })
        .onConflictDoUpdate({ target: [userClients.userId, userClients.clientId], set: { roles } });
    },

    /** `clientId` null: every client's requests (a superuser's view). */
    async listDeletionRequests(
      clientId: number | null,
      status: string | undefined,
      limit: number,
      offset: number,
    ) {
      const where = and(
        deletionScope(clientId),
        status ? eq(accountDeletionRequests.status, status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ r: accountDeletionRequests, user: users })
          .from(accountDeletionRequests)
          .innerJoin(users, eq(users.id, accountDeletionRequests.userId))
          .where(where)
          .orderBy(desc(accountDeletionRequests.requestedAt), desc(accountDeletionRequests.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(accountDeletionRequests).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** `clientId` null: a request of any client (a superuser's view). */
    async deletionRequest(clientId: number | null, requestId: number) {
      const [request] = await db
        .select()
        .from(accountDeletionRequests)
        .where(and(eq(accountDeletionRequests.id, requestId), deletionScope(clientId)));
      return request;
    },

    /** The account's roles in the client (null when no member there) and whether it is a superuser. */
    async rankIn(clientId: number, userId: number) {
      const [member] = await db
        .select({ roles: userClients.roles, isSuperuser: users.isSuperuser })
        .from(users)
        .leftJoin(userClients, memberIn(clientId))
        .where(eq(users.id, userId));
      return member;
    },
  };
}
