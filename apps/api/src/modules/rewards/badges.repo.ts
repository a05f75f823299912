import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BadgeCriterion, BadgeTexts } from '@trilha/contracts/rewards/badges';
import type { DbOrTx } from '../../db/client';
import { badges, userBadges } from '../../db/schema/awards';
import { tenantScope } from '../../db/tenant-scope';

export type BadgeRow = Omit<typeof badges.$inferSelect, 'texts' | 'criterion'> & {
  texts: BadgeTexts;
  criterion: BadgeCriterion;
};

export interface BadgeValues {
  texts: BadgeTexts;
  criterion: BadgeCriterion;
  criterionRefId: number | null;
  criterionCount: number | null;
  active: boolean;
}

/** One client's badge definitions and the badges its users hold. */
export function createBadgesRepo(db: DbOrTx, clientId: number) {
  const scope = tenantScope(db, clientId);
  const holders = sql<number>`(select count(*)::int from ${userBadges} ub
    where ub.badge_id = ${badges.id} and ub.client_id = ${clientId})`;

  return {
    async list(): Promise<(BadgeRow & { holders: number })[]> {
      const rows = await db
        .select({ badge: badges, holders })
        .from(badges)
        .where(scope.where(badges))
        .orderBy(asc(badges.createdAt), asc(badges.id));
      return rows.map((r) => ({ ...(r.badge as BadgeRow), holders: Number(r.holders) }));
    },

    async find(id: number): Promise<BadgeRow | undefined> {
      return (await scope.find(badges, id)) as BadgeRow | undefined;
    },

    async findOr404(id: number): Promise<BadgeRow> {
      return (await scope.findOr404(badges, id)) as BadgeRow;
    },

    async holders(id: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(userBadges)
        .where(and(eq(userBadges.clientId, clientId), eq(userBadges.badgeId, id)));
      return Number(row?.n ?? 0);
    },

    async create(values: BadgeValues): Promise<BadgeRow> {
      const [row] = await db.insert(badges).values(scope.row(values)).returning();
      return row as BadgeRow;
    },

    async update(id: number, values: BadgeValues) {
      await db
        .update(badges)
        .set({ ...values, updatedAt: new Date() })
        .where(scope.byId(badges, id));
    },

    async setImage(id: number, imageKey: string) {
      await db.update(badges).set({ imageKey, updatedAt: new Date() }).where(scope.byId(badges, id));
    },

    async remove(id: number) {
      await db.delete(badges).where(scope.byId(badges, id));
    },

    /** Gives the badge once: the earned row when this call gave it, null when the user held it. */
    async grant(userId: number, badgeId: number, ref: { type: string; id: number | null }) {
      const [row] = await db
        .insert(userBadges)
        .values(scope.row({ userId, badgeId, refType: ref.type, refId: ref.id }))
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async earnedAt(userId: number, badgeId: number): Promise<Date | null> {
      const [row] = await db
        .select({ earnedAt: userBadges.earnedAt })
        .from(userBadges)
        .where(
          and(
            eq(userBadges.clientId, clientId),
            eq(userBadges.userId, userId),
            eq(userBadges.badgeId, badgeId),
          ),
        );
      return row?.earnedAt ?? null;
    },

    /** The user's badges with when each was earned, latest first. */
    async earned(userId: number): Promise<{ badge: BadgeRow; earnedAt: Date }[]> {
      const rows = await db
        .select({ badge: badges, earnedAt: userBadges.earnedAt })
        .from(userBadges)
        .innerJoin(badges, eq(badges.id, userBadges.badgeId))
        .where(
          and(
            eq(userBadges.clientId, clientId),
            eq(userBadges.userId, userId),
            eq(badges.clientId, clientId),
          ),
        )
        .orderBy(sql`${userBadges.earnedAt} desc`, asc(badges.id));
      return rows.map((r) => ({ badge: r.badge as BadgeRow, earnedAt: r.earnedAt }));
    },

    /** Active badges of these criteria that the user does not hold yet. */
    async notHeld(userId: number, criteria: readonly BadgeCriterion[]): Promise<BadgeRow[]> {
      if (criteria.length === 0) return [];
      const rows = await db
        .select()
        .from(badges)
        .where(
          scope.where(
            badges,
            eq(badges.active, true),
            inArray(badges.criterion, [...criteria]),
            sql`not exists (select 1 from ${userBadges} ub where ub.badge_id = ${badges.id}
              and ub.user_id = ${userId} and ub.client_id = ${clientId})`,
          ),
        )
        .orderBy(asc(badges.id));
      return rows as BadgeRow[];
    },
  };
}
export type BadgesRepo = ReturnType<typeof createBadgesRepo>;
