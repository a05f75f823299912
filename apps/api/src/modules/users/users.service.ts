import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, userClients, users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import type { AuthService } from '../auth/auth.service';
import type { SessionService } from '../session/session.service';
import { createUsersRepo } from './users.repo';

/** Roles that may change another account's status in a client they share. */
const accountAdminRoles = ['program_admin', 'support', 'manager'];

export function createUsersService(deps: { db: Db; auth: AuthService; sessions: SessionService }) {
  const { db } = deps;
  const repo = createUsersRepo(db);

  async function assertCanAdminister(actorId: number, targetId: number) {
    const actor = await repo.findById(actorId);
    if (!actor) throw new AppError('UNAUTHENTICATED', 401);
    if (actor.isSuperuser) return;
    // The actor needs an account-admin role in a client the target also belongs to.
    const [shared] = await db
      .select({ clientId: userClients.clientId })
      .from(userClients)
      .innerJoin(
        sql`user_clients as target`,
        sql`target.client_id = ${userClients.clientId} and target.user_id = ${targetId}`,
      )
      .where(
        and(
          eq(userClients.userId, actorId),
          sql`${userClients.roles} && array[${sql.join(
            accountAdminRoles.map((r) => sql`${r}`),
            sql`, `,
          )}]::text[]`,
        ),
      )
      .limit(1);
    if (!shared) throw new AppError('NOT_FOUND', 404);
  }

  async function setStatus(actorId: number, targetId: number, status: 'active' | 'blocked') {
    if (actorId === targetId) throw new AppError('FORBIDDEN', 403);
    await assertCanAdminister(actorId, targetId);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ status, blockedAt: status === 'blocked' ? new Date() : null, updatedAt: new Date() })
        .where(eq(users.id, targetId));
      await tx.insert(auditLog).values({
        actorId,
        action: status === 'blocked' ? 'user.block' : 'user.unblock',
        entity: 'user',
        entityId: String(targetId),
      });
    });
    if (status === 'blocked') await deps.auth.revokeAllSessions(targetId, 'blocked');
    await deps.sessions.invalidate(targetId);
  }

  return {
    block: (actorId: number, targetId: number) => setStatus(actorId, targetId, 'blocked'),
    unblock: (actorId: number, targetId: number) => setStatus(actorId, targetId, 'active'),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
