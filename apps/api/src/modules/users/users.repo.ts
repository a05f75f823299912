import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { documentLookupKey } from '@trilha/domain/document';
import type { DbOrTx } from '../../db/client';
import { languages } from '../../db/schema/core';
import { userClients, users } from '../../db/schema/users';

export type UserRow = typeof users.$inferSelect;

/** A client the user works in (not blocked there) and the roles they hold in it. */
export interface ActiveMembership {
  clientId: number;
  roles: string[];
}

export function createUsersRepo(db: DbOrTx) {
  return {
    async findByLogin(identifier: string): Promise<UserRow | undefined> {
      const trimmed = identifier.trim();
      const documentKey = documentLookupKey(trimmed);
      const conditions = [
        sql`lower(${users.username}) = ${trimmed.toLowerCase()}`,
        sql`lower(${users.email}) = ${trimmed.toLowerCase()}`,
      ];
      if (documentKey) conditions.push(eq(users.document, documentKey));
      const rows = await db
        .select()
        .from(users)
        .where(or(...conditions))
        .limit(2);
      // An identifier that matches two different accounts (one's username is another's e-mail) is ambiguous:
      // prefer the exact username, then the e-mail.
      return (
        rows.find((r) => r.username.toLowerCase() === trimmed.toLowerCase()) ??
        rows.find((r) => r.email?.toLowerCase() === trimmed.toLowerCase()) ??
        rows[0]
      );
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async isMember(userId: number, clientId: number): Promise<boolean> {
      const [row] = await db
        .select({ userId: userClients.userId })
        .from(userClients)
        .where(and(eq(userClients.userId, userId), eq(userClients.clientId, clientId)));
      return Boolean(row);
    },

    async rolesIn(userId: number, clientId: number): Promise<string[]> {
      const [row] = await db
        .select({ roles: userClients.roles })
        .from(userClients)
        .where(and(eq(userClients.userId, userId), eq(userClients.clientId, clientId)));
      return row?.roles ?? [];
    },

    /** The user with the clients they are not blocked in, in one round trip. */
    async withActiveMemberships(userId: number) {
      const [row] = await db
        .select({
          user: users,
          // A client the user is blocked in is no longer theirs to work in (the other clients stay).
          memberships: sql<ActiveMembership[]>`coalesce((
            select json_agg(json_build_object('clientId', uc.client_id, 'roles', uc.roles))
            from user_clients uc where uc.user_id = ${users.id} and uc.blocked_at is null), '[]'::json)`,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async isBlockedIn(userId: number, clientId: number): Promise<boolean> {
      const [blocked] = await db
        .select({ at: userClients.blockedAt })
        .from(userClients)
        .where(
          and(
            eq(userClients.userId, userId),
            eq(userClients.clientId, clientId),
            isNotNull(userClients.blockedAt),
          ),
        );
      return Boolean(blocked);
    },

    async languageOf(userId: number): Promise<string | null> {
      const [row] = await db
        .select({ code: languages.code })
        .from(users)
        .innerJoin(languages, eq(languages.id, users.languageId))
        .where(eq(users.id, userId));
      return row?.code ?? null;
    },

    /** Up to two of the user's clients (enough to tell "exactly one"). */
    async someClientsOf(userId: number): Promise<number[]> {
      const rows = await db
        .select({ clientId: userClients.clientId })
        .from(userClients)
        .where(eq(userClients.userId, userId))
        .limit(2);
      return rows.map((r) => r.clientId);
    },

    /** Blocks or unblocks the user in one client; false when the user is not a member there. */
    async setClientBlock(userId: number, clientId: number, blockedAt: Date | null): Promise<boolean> {
      const changed = await db
        .update(userClients)
        .set({ blockedAt })
        .where(and(eq(userClients.userId, userId), eq(userClients.clientId, clientId)))
        .returning({ userId: userClients.userId });
      return changed.length > 0;
    },

    /** Sets the status of the account in every client; lifting a block also lifts the per-client ones. */
    async setGlobalStatus(userId: number, status: 'active' | 'blocked') {
      await db
        .update(users)
        .set({ status, blockedAt: status === 'blocked' ? new Date() : null, updatedAt: new Date() })
        .where(eq(users.id, userId));
      if (status === 'active') {
        await db.update(userClients).set({ blockedAt: null }).where(eq(userClients.userId, userId));
      }
    },

    /** Active members of a client holding any of the roles there. */
    async holdersOf(clientId: number, roles: readonly string[]): Promise<number[]> {
      if (roles.length === 0) return [];
      const rows = await db
        .select({ userId: userClients.userId })
        .from(userClients)
        .innerJoin(users, eq(users.id, userClients.userId))
        .where(
          and(
            eq(userClients.clientId, clientId),
            isNull(userClients.blockedAt),
            eq(users.status, 'active'),
            sql`${userClients.roles} && array[${sql.join(
              roles.map((role) => sql`${role}`),
              sql`, `,
            )}]::text[]`,
          ),
        )
        .orderBy(userClients.userId);
      return rows.map((r) => r.userId);
    },

    async update(id: number, values: Partial<typeof users.$inferInsert>) {
      await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id));
    },
  };
}
