import { and, eq, sql } from 'drizzle-orm';
import type { AwardBody } from '@trilha/contracts/rewards/awards';
import { rowsOf, type DbOrTx } from '../../db/client';
import { awardGrants, awards, rewardSettings, userActiveWeeks } from '../../db/schema/awards';
import { tenantScope } from '../../db/tenant-scope';

export type AwardTarget = 'activity' | 'course' | 'trail';
export type AwardMoment = 'finish' | 'pass';
export type AwardRow = typeof awards.$inferSelect;
export type GrantRow = typeof awardGrants.$inferSelect;

/** One client's awards, grants, settings and active weeks. */
export function createAwardsRepo(db: DbOrTx, clientId: number) {
  const scope = tenantScope(db, clientId);
  const targetIs = (type: AwardTarget, id: number, moment: AwardMoment) =>
    scope.where(awards, eq(awards.targetType, type), eq(awards.targetId, id), eq(awards.moment, moment));

  return {
    async find(type: AwardTarget, id: number, moment: AwardMoment = 'finish'): Promise<AwardRow | undefined> {
      const [row] = await db
        .select()
        .from(awards)
        .where(targetIs(type, id, moment))
        .limit(1);
      return row;
    },

    async save(type: AwardTarget, id: number, values: Required<AwardBody>, moment: AwardMoment = 'finish') {
      const set = { ...values, updatedAt: new Date() };
      const [row] = await db
        .insert(awards)
        .values(scope.row({ targetType: type, targetId: id, moment, ...set }))
        .onConflictDoUpdate({
          target: [awards.clientId, awards.targetType, awards.targetId, awards.moment],
          set,
        })
        .returning();
      return row!;
    },

    async remove(type: AwardTarget, id: number, moment: AwardMoment = 'finish') {
      const rows = await db
        .delete(awards)
        .where(targetIs(type, id, moment))
        .returning({ id: awards.id });
      return rows.length > 0;
    },

    /**
     * Writes the grant once: null when a grant of that user, target and moment exists (another delivery
     * of the same event wrote it, or is writing it: the unique index makes this one wait for that one).
     */
    async insertGrant(values: {
      userId: number;
      targetType: AwardTarget;
      targetId: number;
      moment: AwardMoment;
      points: number;
      xp: number;
      badgeId: number | null;
    }): Promise<GrantRow | null> {
      const [row] = await db.insert(awardGrants).values(scope.row(values)).onConflictDoNothing().returning();
      return row ?? null;
    },

    async setGrantCertificate(grantId: number, certificate: { id: number; code: string }) {
      await db
        .update(awardGrants)
        .set({ certificateId: certificate.id, certificateCode: certificate.code })
        .where(scope.byId(awardGrants, grantId));
    },

    async findGrant(userId: number, type: AwardTarget, id: number, moment: AwardMoment = 'finish') {
      const [row] = await db
        .select()
        .from(awardGrants)
        .where(
          scope.where(
            awardGrants,
            eq(awardGrants.userId, userId),
            eq(awardGrants.targetType, type),
            eq(awardGrants.targetId, id),
            eq(awardGrants.moment, moment),
          ),
        )
        .limit(1);
      return row;
    },

    async settings() {
      const [row] = await db
        .select()
        .from(rewardSettings)
        .where(eq(rewardSettings.clientId, clientId))
        .limit(1);
      return row;
    },

    async saveSettings(values: {
      learningPointsValidityDays: number | null;
      certificateReminderDays: number;
    }) {
      const set = { ...values, updatedAt: new Date() };
      await db
        .insert(rewardSettings)
        .values({ clientId, ...set })
        .onConflictDoUpdate({ target: rewardSettings.clientId, set });
    },

    /** Records the ISO week (its Monday, `YYYY-MM-DD`) as one the user finished an activity in. */
    async markActiveWeek(userId: number, weekStart: string) {
      await db.insert(userActiveWeeks).values(scope.row({ userId, weekStart })).onConflictDoNothing();
    },

    /** The user's active weeks (Mondays), latest first, at most `limit`. */
    async activeWeeks(userId: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ weekStart: userActiveWeeks.weekStart })
        .from(userActiveWeeks)
        .where(and(eq(userActiveWeeks.clientId, clientId), eq(userActiveWeeks.userId, userId)))
        .orderBy(sql`${userActiveWeeks.weekStart} desc`)
        .limit(limit);
      return rows.map((r) => r.weekStart);
    },

    /**
     * Points ever credited to the user (what `points` badges count): the points ledger's credits, less
     * refunds of redemptions and reversals, which give back rather than earn.
     */
    async pointsEverCredited(userId: number): Promise<number> {
      const [row] = rowsOf<{ n: number | string | null }>(
        await db.execute(sql`select coalesce(sum(amount), 0)::bigint as n from ledger_entries
          where client_id = ${clientId} and user_id = ${userId} and ledger = 'points' and amount > 0
            and source <> 'refund' and reverses_id is null`),
      );
      return Number(row?.n ?? 0);
    },
  };
}
export type AwardsRepo = ReturnType<typeof createAwardsRepo>;
