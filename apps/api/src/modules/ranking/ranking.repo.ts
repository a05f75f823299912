import { sql, type SQL } from 'drizzle-orm';
import type { RankingMetric } from '@trilha/contracts/ranking';
import { rowsOf, type DbOrTx } from '../../db/client';

/** What is ranked: a client's users (or one area's) by a metric over a period key (`all`, `YYYY-MM`). */
export interface RankingSet {
  clientId: number;
  metric: RankingMetric;
  period: string;
  areaId: number | null;
}

export interface RankedUser {
  userId: number;
  score: number;
  position: number;
  firstName: string;
  lastName: string;
  username: string;
  hideName: boolean;
}

interface RawRanked {
  user_id: number;
  score: number;
  position: string | number;
  first_name: string;
  last_name: string;
  username: string;
  hide_name: boolean;
}

const toRanked = (r: RawRanked): RankedUser => ({
  userId: r.user_id,
  score: r.score,
  position: Number(r.position),
  firstName: r.first_name,
  lastName: r.last_name,
  username: r.username,
  hideName: r.hide_name,
});

/**
 * Reads of the ranking (docs/ranking.md). Every query is on `ranking_scores` of one client, metric and
 * period, through its index in display order `(-score, reached_at, user_id)`; only scores above zero are
 * ranked. A position is one more than the count of scores above it (competition ranking: 1, 2, 2, 4).
 */
export function createRankingRepo(db: DbOrTx) {
  const rows = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));

  /** The ranked rows of the set, as alias `alias` (an area: only its members). */
  const inSet = (set: RankingSet, alias: string) => {
    const a = sql.raw(alias);
    const area =
      set.areaId === null
        ? sql``
        : sql` and exists (select 1 from audience_area_members am
              where am.area_id = ${set.areaId} and am.user_id = ${a}.user_id)`;
    return sql`${a}.client_id = ${set.clientId} and ${a}.metric = ${set.metric}
      and ${a}.period = ${set.period} and ${a}.score > 0${area}`;
  };

  /** The ranked users of a selection with their positions, the caller's name preference and names. */
  const select = (set: RankingSet, where: SQL, order: SQL, limit: number, offset = 0) => sql`
    select s.user_id, s.score,
      (select count(*) from ranking_scores o where ${inSet(set, 'o')} and -o.score < -s.score) + 1 as position,
      u.first_name, u.last_name, u.username, coalesce(p.hide_name, false) as hide_name
    from ranking_scores s
    join users u on u.id = s.user_id
    left join ranking_preferences p on p.client_id = s.client_id and p.user_id = s.user_id
    where ${inSet(set, 's')} and ${where}
    order by ${order}
    limit ${limit} offset ${offset}`;

  const displayOrder = sql`-s.score, s.reached_at, s.user_id`;
  const reverseOrder = sql`-s.score desc, s.reached_at desc, s.user_id desc`;

  return {
    async page(set: RankingSet, offset: number, limit: number) {
      return (await rows<RawRanked>(select(set, sql`true`, displayOrder, limit, offset))).map(toRanked);
    },

    async total(set: RankingSet) {
      const [row] = await rows<{ n: string | number }>(
        sql`select count(*) as n from ranking_scores s where s.client_id = ${set.clientId} and ${inSet(set, 's')}`,
      );
      return Number(row?.n ?? 0);
    },

    /** The user's row in the set, or undefined when they are not ranked there. */
    async one(set: RankingSet, userId: number) {
      const [row] = await rows<RawRanked>(select(set, sql`s.user_id = ${userId}`, displayOrder, 1));
      return row ? toRanked(row) : undefined;
    },

    /** Up to `n` users listed just above and just below the user, in display order. */
    async neighbours(set: RankingSet, userId: number, n: number) {
      const [me] = await rows<{ score: number; reached_at: string }>(sql`
        select s.score, s.reached_at::text as reached_at from ranking_scores s
        where s.client_id = ${set.clientId} and ${inSet(set, 's')} and s.user_id = ${userId}`);
      if (!me) return { above: [], below: [] };
      const key = sql`(${-me.score}::int, ${me.reached_at}::timestamptz, ${userId}::int)`;
      const mine = sql`(-s.score, s.reached_at, s.user_id)`;
      const above = await rows<RawRanked>(select(set, sql`${mine} < ${key}`, reverseOrder, n));
      const below = await rows<RawRanked>(select(set, sql`${mine} > ${key}`, displayOrder, n));
      return { above: above.map(toRanked).reverse(), below: below.map(toRanked) };
    },

    /** The user's areas in the client, by name. */
    async areasOf(clientId: number, userId: number) {
      return rows<{ id: number; name: string }>(sql`
        select a.id, a.name from audience_areas a
        join audience_area_members m on m.area_id = a.id and m.user_id = ${userId}
        where a.client_id = ${clientId}
        order by lower(a.name), a.id`);
    },

    async hideName(clientId: number, userId: number) {
      const [row] = await rows<{ hide_name: boolean }>(sql`
        select hide_name from ranking_preferences where client_id = ${clientId} and user_id = ${userId}`);
      return row?.hide_name ?? false;
    },

    async setHideName(clientId: number, userId: number, hideName: boolean) {
      await db.execute(sql`
        insert into ranking_preferences (client_id, user_id, hide_name) values (${clientId}, ${userId}, ${hideName})
        on conflict (client_id, user_id) do update set hide_name = excluded.hide_name, updated_at = now()`);
    },
  };
}

export type RankingRepo = ReturnType<typeof createRankingRepo>;
