import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { saleAuditRules, type SaleFlag, type SaleStatus } from '@trilha/contracts/sales';

/**
 * The audit's reads and writes of one client's sales (docs/sales.md, "Audit"). Names of campaigns,
 * stores, retailers and products are read from the loyalty program's tables and the users' names from
 * the users table, read only, in the statements that list the sales.
 */

const R = saleAuditRules;

/**
 * The four signals of a sale `s` as SQL conditions (each an indexed lookup in the same client, except
 * the similar picture: a scan of the client's photo hashes).
 */
const flagSql: Record<SaleFlag, SQL> = {
  same_image: sql`(s.photo_sha256 is not null and exists (select 1 from sales o
    where o.client_id = s.client_id and o.photo_sha256 = s.photo_sha256 and o.id <> s.id))`,
  similar_image: sql`(s.photo_dhash is not null and exists (select 1 from sales o
    where o.client_id = s.client_id and o.id <> s.id and o.photo_dhash is not null
      and o.photo_sha256 is distinct from s.photo_sha256
      and bit_count((o.photo_dhash # s.photo_dhash)::bit(64)) <= ${R.similarImageMaxDistance}))`,
  invoice_elsewhere: sql`exists (select 1 from sales o
    where o.client_id = s.client_id and o.invoice_key = s.invoice_key and o.id <> s.id)`,
  unusual_quantity: sql`(s.units > (select case when count(*) >= ${R.unusualMinSales}
        then ${R.unusualFactor} * avg(o.units) else ${R.unusualUnits} end
      from sales o where o.client_id = s.client_id and o.store_id = s.store_id
        and o.campaign_id = s.campaign_id and o.id <> s.id and o.status <> 'rejected'))`,
};

export interface AuditFilter {
  campaignId?: number;
  storeId?: number;
  retailerId?: number;
  status?: SaleStatus;
  flags?: readonly SaleFlag[];
  /** Part of the invoice number, upper case. */
  q?: string;
}

export interface AuditRow {
  id: number;
  campaign_id: number;
  campaign_name: string;
  store_id: number;
  store_name: string;
  retailer_id: number;
  retailer_name: string;
  user_id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string | null;
  sale_date: string | Date;
  invoice_number: string;
  status: SaleStatus;
  base_points: number;
  units: number;
  photo_key: string | null;
  created_at: string | Date;
  decided_at: string | Date | null;
  same_image: boolean;
  similar_image: boolean;
  invoice_elsewhere: boolean;
  unusual_quantity: boolean;
}

export interface RelatedRow {
  id: number;
  invoice_number: string;
  campaign_name: string;
  store_name: string;
  first_name: string;
  last_name: string;
  username: string;
  status: SaleStatus;
  distance: number | null;
}

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createSalesAuditRepo(db: DbOrTx, clientId: number) {
  const where = (f: AuditFilter) => {
    const parts: SQL[] = [sql`s.client_id = ${clientId}`];
    if (f.campaignId !== undefined) parts.push(sql`s.campaign_id = ${f.campaignId}`);
    if (f.storeId !== undefined) parts.push(sql`s.store_id = ${f.storeId}`);
    if (f.retailerId !== undefined) parts.push(sql`s.retailer_id = ${f.retailerId}`);
    if (f.status !== undefined) parts.push(sql`s.status = ${f.status}`);
    if (f.q) parts.push(sql`s.invoice_key like ${like(f.q.toUpperCase())}`);
    if (f.flags && f.flags.length > 0) {
      parts.push(
        sql`(${sql.join(
          f.flags.map((flag) => flagSql[flag]),
          sql` or `,
        )})`,
      );
    }
    return sql.join(parts, sql` and `);
  };

  /** The sale's columns with its names and flags (and `extra` columns), over a derived table `s` of sales. */
  const described = (from: SQL, extra = sql``) => sql`select s.id, s.campaign_id, c.name as campaign_name,
      s.store_id, st.name as store_name, s.retailer_id, r.name as retailer_name,
      s.user_id, u.first_name, u.last_name, u.username, u.email,
      s.sale_date, s.invoice_number, s.status, s.base_points, s.units, s.photo_key, s.created_at, s.decided_at,
      ${flagSql.same_image} as same_image, ${flagSql.similar_image} as similar_image,
      ${flagSql.invoice_elsewhere} as invoice_elsewhere, ${flagSql.unusual_quantity} as unusual_quantity
      ${extra}
    from ${from}
    join loyalty_campaigns c on c.client_id = s.client_id and c.id = s.campaign_id
    join loyalty_stores st on st.client_id = s.client_id and st.id = s.store_id
    join loyalty_retailers r on r.client_id = s.client_id and r.id = s.retailer_id
    join users u on u.id = s.user_id`;

  return {
    /**
     * A page of the queue, oldest pending first within a status (newest first once decided). The total
     * is counted in the same pass that filters and sorts the sales (a flag filter is the costly part of
     * it); only a page past the end, which has no row to carry it, counts again.
     */
    async page(filter: AuditFilter, page: number, pageSize: number) {
      const order = sql`case when s.status = 'pending' then 0 else 1 end,
        case when s.status = 'pending' then s.created_at end asc, s.created_at desc, s.id desc`;
      const rows = rowsOf<AuditRow & { total: number }>(
        await db.execute(
          sql`${described(
            sql`(select *, count(*) over ()::int as total from sales s where ${where(filter)}
              order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}) s`,
            sql`, s.total`,
          )} order by ${order}`,
        ),
      );
      let total = rows[0] ? Number(rows[0].total) : 0;
      if (!rows[0] && page > 1) {
        const counted = await db.execute(sql`select count(*)::int as n from sales s where ${where(filter)}`);
        total = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
      }
      return { rows, total };
    },

    async one(id: number): Promise<AuditRow | undefined> {
      const [row] = rowsOf<AuditRow>(
        await db.execute(
          described(sql`(select * from sales s where s.client_id = ${clientId} and s.id = ${id}) s`),
        ),
      );
      return row;
    },

    /** The sale's row, locked until the unit of work ends (decisions on one sale run one at a time). */
    async lock(id: number) {
      const [row] = rowsOf<{
        id: number;
        campaign_id: number;
        store_id: number;
        user_id: number;
        sale_date: string | Date;
        invoice_number: string;
        status: SaleStatus;
        base_points: number;
        credited_points: number | null;
        credited_xp: number | null;
      }>(
        await db.execute(sql`select id, campaign_id, store_id, user_id, sale_date, invoice_number, status,
            base_points, credited_points, credited_xp
          from sales where client_id = ${clientId} and id = ${id} for update`),
      );
      return row;
    },

    async detail(id: number) {
      const [row] = rowsOf<{
        observation: string;
        rejection_reason: string | null;
        credited_points: number | null;
        credited_xp: number | null;
        multiplier: string | null;
        photo_width: number | null;
        photo_height: number | null;
        photo_sha256: string | null;
        photo_dhash: string | null;
        invoice_key: string;
      }>(
        await db.execute(sql`select observation, rejection_reason, credited_points, credited_xp, multiplier,
            photo_width, photo_height, photo_sha256, photo_dhash::text as photo_dhash, invoice_key
          from sales where client_id = ${clientId} and id = ${id}`),
      );
      return row;
    },

    async lines(id: number) {
      return rowsOf<{ product_id: number; sku: string; name: string; quantity: number; points: number }>(
        await db.execute(sql`select l.product_id, p.sku, p.name, l.quantity, l.points
          from sale_lines l
          join loyalty_products p on p.client_id = l.client_id and p.id = l.product_id
          where l.client_id = ${clientId} and l.sale_id = ${id}
          order by l.id`),
      );
    },

    /** Other sales of the client the sale's signals point at (at most 20 of each). */
    async related(id: number, kind: 'same_image' | 'similar_image' | 'invoice_elsewhere') {
      const match = {
        same_image: sql`o.photo_sha256 = s.photo_sha256`,
        similar_image: sql`o.photo_dhash is not null and s.photo_dhash is not null
          and o.photo_sha256 is distinct from s.photo_sha256
          and bit_count((o.photo_dhash # s.photo_dhash)::bit(64)) <= ${R.similarImageMaxDistance}`,
        invoice_elsewhere: sql`o.invoice_key = s.invoice_key`,
      }[kind];
      const distance =
        kind === 'similar_image'
          ? sql`bit_count((o.photo_dhash # s.photo_dhash)::bit(64))::int`
          : sql`null::int`;
      return rowsOf<RelatedRow>(
        await db.execute(sql`select o.id, o.invoice_number, c.name as campaign_name, st.name as store_name,
            u.first_name, u.last_name, u.username, o.status, ${distance} as distance
          from sales s
          join sales o on o.client_id = s.client_id and o.id <> s.id and ${match}
          join loyalty_campaigns c on c.client_id = o.client_id and c.id = o.campaign_id
          join loyalty_stores st on st.client_id = o.client_id and st.id = o.store_id
          join users u on u.id = o.user_id
          where s.client_id = ${clientId} and s.id = ${id}
          order by o.created_at, o.id
          limit 20`),
      );
    },

    /** The store's other (not rejected) sales in the campaign: how many and their average units. */
    async storeUnits(id: number) {
      const [row] = rowsOf<{ n: number; average: string | number | null }>(
        await db.execute(sql`select count(*)::int as n, avg(o.units) as average
          from sales s
          join sales o on o.client_id = s.client_id and o.store_id = s.store_id
            and o.campaign_id = s.campaign_id and o.id <> s.id and o.status <> 'rejected'
          where s.client_id = ${clientId} and s.id = ${id}`),
      );
      return {
        n: Number(row?.n ?? 0),
        average: row?.average === null || row?.average === undefined ? null : Number(row.average),
      };
    },

    async decisions(id: number) {
      return rowsOf<{
        id: number;
        decision: 'approved' | 'rejected';
        from_status: 'pending' | 'approved';
        reason: string | null;
        points: number;
        xp: number;
        points_shortfall: number;
        xp_shortfall: number;
        first_name: string | null;
        last_name: string | null;
        username: string | null;
        created_at: string | Date;
      }>(
        await db.execute(sql`select d.id, d.decision, d.from_status, d.reason, d.points, d.xp,
            d.points_shortfall, d.xp_shortfall, u.first_name, u.last_name, u.username, d.created_at
          from sale_decisions d
          left join users u on u.id = d.actor_id
          where d.client_id = ${clientId} and d.sale_id = ${id}
          order by d.created_at, d.id`),
      );
    },

    async decide(
      id: number,
      values: {
        status: 'approved' | 'rejected';
        actorId: number;
        at: Date;
        reason: string | null;
        creditedPoints?: number;
        creditedXp?: number;
        multiplier?: number;
      },
    ) {
      await db.execute(sql`update sales set status = ${values.status}, decided_at = ${values.at.toISOString()},
          decided_by = ${values.actorId},
          rejection_reason = ${values.reason},
          credited_points = coalesce(${values.creditedPoints ?? null}::int, credited_points),
          credited_xp = coalesce(${values.creditedXp ?? null}::int, credited_xp),
          multiplier = coalesce(${values.multiplier ?? null}::numeric, multiplier)
        where client_id = ${clientId} and id = ${id}`);
    },

    async insertDecision(values: {
      saleId: number;
      actorId: number;
      decision: 'approved' | 'rejected';
      fromStatus: 'pending' | 'approved';
      reason: string | null;
      points: number;
      xp: number;
      pointsShortfall: number;
      xpShortfall: number;
    }) {
      await db.execute(sql`insert into sale_decisions (client_id, sale_id, actor_id, decision, from_status,
          reason, points, xp, points_shortfall, xp_shortfall)
        values (${clientId}, ${values.saleId}, ${values.actorId}, ${values.decision}, ${values.fromStatus},
          ${values.reason}, ${values.points}, ${values.xp}, ${values.pointsShortfall}, ${values.xpShortfall})`);
    },

    /** How many sales each of these users still has waiting for the audit in a campaign (0s left out). */
    async pendingCounts(campaignId: number, userIds: readonly number[]) {
      const counts = new Map<number, number>();
      if (userIds.length === 0) return counts;
      const rows = rowsOf<{ user_id: number; n: number }>(
        await db.execute(sql`select user_id, count(*)::int as n from sales
          where client_id = ${clientId} and campaign_id = ${campaignId} and status = 'pending'
            and user_id in (${sql.join(
              userIds.map((id) => sql`${id}`),
              sql`, `,
            )})
          group by user_id`),
      );
      for (const r of rows) counts.set(Number(r.user_id), Number(r.n));
      return counts;
    },

    /** Whether the user has a sale waiting for the audit in the client. */
    async hasPending(userId: number) {
      const [row] = rowsOf<{ found: boolean }>(
        await db.execute(sql`select exists (select 1 from sales
          where client_id = ${clientId} and user_id = ${userId} and status = 'pending') as found`),
      );
      return Boolean(row?.found);
    },

    /** The client's campaigns (newest first), retailers and stores, for the queue's filters. */
    async filterOptions() {
      const [campaigns, retailers, stores] = await Promise.all([
        db.execute(sql`select id, name from loyalty_campaigns where client_id = ${clientId}
          order by begins_at desc, id desc limit 500`),
        db.execute(sql`select id, name from loyalty_retailers where client_id = ${clientId}
          order by name, id limit 500`),
        db.execute(sql`select id, name, retailer_id from loyalty_stores where client_id = ${clientId}
          order by name, id limit 500`),
      ]);
      return {
        campaigns: rowsOf<{ id: number; name: string }>(campaigns).map((r) => ({
          id: Number(r.id),
          name: r.name,
        })),
        retailers: rowsOf<{ id: number; name: string }>(retailers).map((r) => ({
          id: Number(r.id),
          name: r.name,
        })),
        stores: rowsOf<{ id: number; name: string; retailer_id: number }>(stores).map((r) => ({
          id: Number(r.id),
          name: r.name,
          retailerId: Number(r.retailer_id),
        })),
      };
    },

    async photoKey(id: number) {
      const [row] = rowsOf<{ photo_key: string | null }>(
        await db.execute(sql`select photo_key from sales where client_id = ${clientId} and id = ${id}`),
      );
      return row ? row.photo_key : undefined;
    },
  };
}

export type SalesAuditRepo = ReturnType<typeof createSalesAuditRepo>;
