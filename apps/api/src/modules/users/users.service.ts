import { can } from '@trilha/contracts/permissions';
import type { Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { AuthService } from '../auth/auth.service';
import type { SessionService } from '../session/session.service';
import { blockedInEveryClient } from './client-blocks';
import { createUsersRepo } from './users.repo';

/**
 * Account status. A block is per client (user_clients.blocked_at): the user keeps their other clients,
 * and the sessions working in that client end. Blocking in every client at once (users.status) is a
 * superuser's act. Who may block whom in a client (the staff hierarchy) is decided by the caller, the
 * accounts back office, which knows the actor's roles there.
 */
export function createUsersService(deps: { db: Db; auth: AuthService; sessions: SessionService }) {
  const { db } = deps;
  const repo = createUsersRepo(db);

  /** Ends the sessions that were working in the client: a session works in the user's selected client. */
  async function endSessionsIn(userId: number, clientId: number) {
    const user = await repo.findById(userId);
    if (!user) return;
    if (user.selectedClientId === clientId || (await blockedInEveryClient(db, userId))) {
      await deps.auth.revokeAllSessions(userId, 'blocked');
    }
  }

  async function setClientBlock(actorId: number, targetId: number, clientId: number, blocked: boolean) {
    if (actorId === targetId) throw new AppError('ADMIN_SELF_ACTION', 403);
    await unitOfWork(db).run(async (tx) => {
      const changed = await createUsersRepo(tx).setClientBlock(
        targetId,
        clientId,
        blocked ? new Date() : null,
      );
      if (!changed) throw new AppError('NOT_FOUND', 404);
      await audit(tx, {
        actorId,
        clientId,
        action: blocked ? 'user.block' : 'user.unblock',
        target: { type: 'user', id: targetId },
      });
    });
    if (blocked) await endSessionsIn(targetId, clientId);
    await deps.sessions.invalidate(targetId);
  }

  /** Blocks or unblocks an account in every client at once: superusers only, never another superuser. */
  async function setGlobalStatus(actorId: number, targetId: number, status: 'active' | 'blocked') {
    if (actorId === targetId) throw new AppError('ADMIN_SELF_ACTION', 403);
    const actor = await repo.findById(actorId);
    if (!actor) throw new AppError('UNAUTHENTICATED', 401);
    if (!can({ roles: [], isSuperuser: actor.isSuperuser }, 'users.block-everywhere')) {
      throw new AppError('ADMIN_SUPERUSER_REQUIRED', 403);
    }
    const target = await repo.findById(targetId);
    if (!target) throw new AppError('NOT_FOUND', 404);
    if (target.isSuperuser) throw new AppError('ADMIN_TARGET_NOT_BELOW', 403);
    await unitOfWork(db).run(async (tx) => {
      // Lifting a block everywhere lifts the per-client blocks too.
      await createUsersRepo(tx).setGlobalStatus(targetId, status);
      await audit(tx, {
        actorId,
        clientId: null,
        action: status === 'blocked' ? 'user.block_everywhere' : 'user.unblock_everywhere',
        target: { type: 'user', id: targetId },
      });
    });
    if (status === 'blocked') await deps.auth.revokeAllSessions(targetId, 'blocked');
    await deps.sessions.invalidate(targetId);
  }

  return {
    /** Blocks the account in one client (the caller has checked the actor may). */
    blockInClient: (actorId: number, targetId: number, clientId: number) =>
      setClientBlock(actorId, targetId, clientId, true),
    unblockInClient: (actorId: number, targetId: number, clientId: number) =>
      setClientBlock(actorId, targetId, clientId, false),
    /** Blocks the account in every client at once (superusers). */
    block: (actorId: number, targetId: number) => setGlobalStatus(actorId, targetId, 'blocked'),
    unblock: (actorId: number, targetId: number) => setGlobalStatus(actorId, targetId, 'active'),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
