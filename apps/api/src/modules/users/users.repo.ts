import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { documentLookupKey } from '@trilha/domain/document';
import type { DbOrTx } from '../../db/client';
import { userClients, users } from '../../db/schema/users';

export type UserRow = typeof users.$inferSelect;

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
