import { sql } from 'drizzle-orm';
import type { ActivityAuthorizationList } from '@trilha/contracts/learning';
import { rowsOf, type Db } from '../../db/client';
import { unitOfWork } from '../../db/unit-of-work';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import { iso } from './course-context';

/** Instructor authorizations of activities that need them; scoped to the instructor's client. */
export function createAuthorizationService(db: Db) {
  async function activityOf(clientId: number, activityId: number) {
    const [row] = rowsOf<{ id: number; requires_authorization: boolean }>(
      await db.execute(
        sql`select id, requires_authorization from activities where id = ${activityId} and client_id = ${clientId}`,
      ),
    );
    if (!row) throw notFound();
    return row;
  }

  async function list(clientId: number, activityId: number): Promise<ActivityAuthorizationList> {
    const activity = await activityOf(clientId, activityId);
    const rows = rowsOf<{
      user_id: number;
      full_name: string;
      authorized_at: string | Date;
      by_name: string | null;
    }>(
      await db.execute(sql`
        select aa.user_id, trim(u.first_name || ' ' || u.last_name) as full_name, aa.authorized_at,
          trim(b.first_name || ' ' || b.last_name) as by_name
        from activity_authorizations aa join users u on u.id = aa.user_id left join users b on b.id = aa.authorized_by
        where aa.activity_id = ${activityId} and aa.client_id = ${clientId}
        order by aa.authorized_at desc`),
    );
    return {
      activityId,
      requiresAuthorization: activity.requires_authorization,
      items: rows.map((r) => ({
        userId: r.user_id,
        fullName: r.full_name,
        authorizedAt: iso(r.authorized_at)!,
        authorizedBy: r.by_name ?? '',
      })),
    };
  }

  async function authorize(clientId: number, actorId: number, activityId: number, userId: number) {
    await activityOf(clientId, activityId);
    await unitOfWork(db).run(async (tx) => {
      const [member] = rowsOf(
        await tx.execute(
          sql`select 1 from user_clients where user_id = ${userId} and client_id = ${clientId}`,
        ),
      );
      if (!member) throw new AppError('LEARNING_INVALID_REFERENCE', 400, { details: { userId } });
      await tx.execute(sql`insert into activity_authorizations (activity_id, user_id, client_id, authorized_by)
        values (${activityId}, ${userId}, ${clientId}, ${actorId}) on conflict do nothing`);
      await audit(tx, {
        actorId,
        clientId,
        action: 'activity.authorize',
        target: { type: 'activity', id: activityId },
        details: { userId },
      });
    });
    return list(clientId, activityId);
  }

  async function revoke(clientId: number, actorId: number, activityId: number, userId: number) {
    await activityOf(clientId, activityId);
    await unitOfWork(db).run(async (tx) => {
      await tx.execute(
        sql`delete from activity_authorizations where activity_id = ${activityId} and user_id = ${userId} and client_id = ${clientId}`,
      );
      await audit(tx, {
        actorId,
        clientId,
        action: 'activity.revoke_authorization',
        target: { type: 'activity', id: activityId },
        details: { userId },
      });
    });
    return list(clientId, activityId);
  }

  return { list, authorize, revoke };
}
export type AuthorizationService = ReturnType<typeof createAuthorizationService>;
