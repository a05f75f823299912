import { sql, type SQL } from 'drizzle-orm';
import type { RankingMetric } from '@trilha/contracts/ranking';
import { rowsOf, type DbOrTx } from '../../db/client';

/**
 * What is ranked: a client's users (or one area's, or one campaign's registered users) by a metric over a
 * period key (`all`, `YYYY-MM`, `campaign:<id>`).
 */
export interface RankingSet {
  clientId: number;
  metric: RankingMetric;
  period: string;
  areaId: number | null;
  /** Only the users registered in this loyalty campaign; null: no such limit. */
  campaignId?: number | null;
}

/** The sources that are not points earned (docs/ranking.md, "What counts"), as the trigger has them. */
const NOT_EARNED = sql`('redemption', 'refund', 'expiry', 'transfer')`;

/** A ranked user as read, before the position is given from the set's score counts. */
export interface RankedUser {
  userId: number;
  score: number;
  firstName: string;
  lastName: string;
  username: string;
  hideName: boolean;
}

interface RawRanked {
  user_id: number;
  score: number;
  first_name: string;
  last_name: string;
  username: string;
  hide_name: boolean;
}

const toRanked = (r: RawRanked): RankedUser => ({
  userId: r.user_id,
  score: r.score,
  firstName: r.first_name,
  lastName: r.last_name,
  username: r.username,
  hideName: r.hide_name,
});

/**
 * Reads of the ranking (docs/ranking.md). Every query is on `ranking_scores` of one client, metric and
 * period, through its index in display order `(-score, reached_at, user_id)`; only scores above zero are
 * ranked. Positions are not counted per row here: the service gives them from the set's score counts
 * (`scoreCounts`), one grouped read shared by every request for a short while.
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
    const campaign =
      set.campaignId === null || set.campaignId === undefined
        ? sql``
        : sql` and exists (select 1 from loyalty_registrations lr where lr.client_id = ${set.clientId}
              and lr.campaign_id = ${set.campaignId} and lr.user_id = ${a}.user_id)`;
    return sql`${a}.client_id = ${set.clientId} and ${a}.metric = ${set.metric}
      and ${a}.period = ${set.period} and ${a}.score > 0${area}${campaign}`;
  };

  /** The ranked users of a selection with their name preference and names. */
  const select = (set: RankingSet, where: SQL, order: SQL, limit: number, offset = 0) => sql`
    select s.user_id, s.score,
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

    /**
     * How many users of the set hold each score, highest score first: a position is one more than the
     * users of higher scores, and the total is them all. One grouped pass over the set's index range.
     */
    async scoreCounts(set: RankingSet) {
      const counted = await rows<{ score: number; n: string | number }>(sql`
        select s.score, count(*) as n from ranking_scores s
        where s.client_id = ${set.clientId} and ${inSet(set, 's')}
        group by s.score order by s.score desc`);
      return counted.map((r) => ({ score: r.score, count: Number(r.n) }));
    },

    /**
     * The user's row in the set (undefined when they are not ranked there) and up to `n` users listed
     * just above and just below them, in display order.
     */
    async around(set: RankingSet, userId: number, n: number) {
      const [me] = await rows<RawRanked & { reached_at: string }>(sql`
        select s.user_id, s.score, s.reached_at::text as reached_at,
          u.first_name, u.last_name, u.username, coalesce(p.hide_name, false) as hide_name
        from ranking_scores s
        join users u on u.id = s.user_id
        left join ranking_preferences p on p.client_id = s.client_id and p.user_id = s.user_id
        where s.client_id = ${set.clientId} and ${inSet(set, 's')} and s.user_id = ${userId}`);
      if (!me) return { me: undefined, above: [], below: [] };
      const key = sql`(${-me.score}::int, ${me.reached_at}::timestamptz, ${userId}::int)`;
      const mine = sql`(-s.score, s.reached_at, s.user_id)`;
      // Both sides in one round trip, each its own index range.
      const both = await rows<RawRanked & { side: 'above' | 'below' }>(sql`
        select 'above' as side, x.* from (${select(set, sql`${mine} < ${key}`, reverseOrder, n)}) x
        union all
        select 'below' as side, y.* from (${select(set, sql`${mine} > ${key}`, displayOrder, n)}) y`);
      const side = (which: 'above' | 'below') => both.filter((r) => r.side === which).map(toRanked);
      return { me: toRanked(me), above: side('above').reverse(), below: side('below') };
    },

    /** Whether the campaign's period was last filled with these dates (read without a lock). */
    async filledWith(clientId: number, campaignId: number, beginsAt: Date, endsAt: Date) {
      const [fill] = await rows<{ same: boolean }>(sql`
        select (begins_at = ${beginsAt.toISOString()}::timestamptz
          and ends_at = ${endsAt.toISOString()}::timestamptz) as same
        from ranking_campaign_fills where campaign_id = ${campaignId} and client_id = ${clientId}`);
      return fill?.same === true;
    },

    /**
     * Makes the campaign's period (`campaign:<id>`) count the ledger's entries dated within these dates:
     * when it was last filled with other dates (or never), its scores are summed again from the ledger in
     * one statement; from then on the trigger adds each new entry. One filler at a time per campaign (the
     * fill's row is locked); answers whether it filled.
     */
    async fillCampaign(clientId: number, campaignId: number, beginsAt: Date, endsAt: Date) {
      const begins = beginsAt.toISOString();
      const ends = endsAt.toISOString();
      await db.execute(sql`insert into ranking_campaign_fills (client_id, campaign_id, begins_at, ends_at, filled_at)
        values (${clientId}, ${campaignId}, 'epoch', 'epoch', 'epoch') on conflict (campaign_id) do nothing`);
      const [fill] = await rows<{ same: boolean }>(sql`
        select (begins_at = ${begins}::timestamptz and ends_at = ${ends}::timestamptz) as same
        from ranking_campaign_fills where campaign_id = ${campaignId} and client_id = ${clientId} for update`);
      if (!fill || fill.same) return false;
      const period = `campaign:${campaignId}`;
      await db.execute(sql`delete from ranking_scores where client_id = ${clientId} and period = ${period}`);
      await db.execute(sql`
        insert into ranking_scores (client_id, user_id, metric, period, score, reached_at)
        select e.client_id, e.user_id, e.ledger, ${period}, sum(e.amount)::integer, max(e.created_at)
        from ledger_entries e
        where e.client_id = ${clientId} and e.created_at >= ${begins}::timestamptz
          and e.created_at < ${ends}::timestamptz
          and (e.ledger = 'xp' or e.source not in ${NOT_EARNED})
        group by e.client_id, e.user_id, e.ledger`);
      await db.execute(sql`update ranking_campaign_fills
        set begins_at = ${begins}::timestamptz, ends_at = ${ends}::timestamptz, filled_at = now()
        where client_id = ${clientId} and campaign_id = ${campaignId}`);
      return true;
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
