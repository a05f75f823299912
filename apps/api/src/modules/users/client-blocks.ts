import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userClients } from '../../db/schema/users';

/** How many clients the user belongs to, and in how many of them they are blocked. */
export interface Memberships {
  total: number;
  blocked: number;
}

export async function membershipsOf(db: DbOrTx, userId: number): Promise<Memberships> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      blocked: sql<number>`count(${userClients.blockedAt})::int`,
    })
    .from(userClients)
    .where(eq(userClients.userId, userId));
  return row ?? { total: 0, blocked: 0 };
}

/**
 * True when the user belongs to at least one client and is blocked in every one of them: sign-in then
 * answers the blocked message, as for a user blocked everywhere (users.status = 'blocked').
 */
export const isBlockedInEveryClient = (m: Memberships) => m.total > 0 && m.blocked === m.total;

export async function blockedInEveryClient(db: DbOrTx, userId: number): Promise<boolean> {
  return isBlockedInEveryClient(await membershipsOf(db, userId));
}
