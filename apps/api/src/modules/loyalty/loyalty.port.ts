import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

/**
 * What the sales module reads of the loyalty program to check a sale report (docs/sales.md), in two
 * indexed statements. Reads through the app's `db`, so it joins the caller's unit of work.
 */
export interface SaleContext {
  campaign: { id: number; beginsAt: Date; endsAt: Date };
  /** The user's registration to the campaign, or null. */
  registration: { status: 'active' | 'inactive' } | null;
  /** The store (of this client), or null. */
  store: {
    id: number;
    retailerId: number;
    timeZone: string;
    phonesAndCamerasAllowed: boolean;
    active: boolean;
    /** Listed among the campaign's stores, and of the campaign's country group. */
    eligible: boolean;
  } | null;
}

export interface LoyaltySalesPort {
  /** The campaign (null: none of this client) with the user's registration and the store. */
  saleContext(
    clientId: number,
    userId: number,
    campaignId: number,
    storeId: number,
  ): Promise<SaleContext | null>;
  /** The campaign's points of those products (frozen once it started); a product not in it is absent. */
  campaignProductPoints(
    clientId: number,
    campaignId: number,
    productIds: readonly number[],
  ): Promise<Map<number, number>>;
}

export function createLoyaltySalesPort(db: DbOrTx): LoyaltySalesPort {
  return {
    async saleContext(clientId, userId, campaignId, storeId) {
      const [row] = rowsOf<{
        id: number;
        begins_at: Date | string;
        ends_at: Date | string;
        registration_status: 'active' | 'inactive' | null;
        store_id: number | null;
        retailer_id: number | null;
        time_zone: string | null;
        phones_and_cameras_allowed: boolean | null;
        store_active: boolean | null;
        eligible: boolean;
      }>(
        await db.execute(sql`select c.id, c.begins_at, c.ends_at,
            reg.status as registration_status,
            s.id as store_id, s.retailer_id, s.time_zone, s.phones_and_cameras_allowed,
            s.active as store_active,
            (cs.store_id is not null
              and coalesce(r.country_group, co.country_group) = c.country_group) as eligible
          from loyalty_campaigns c
          left join loyalty_registrations reg on reg.client_id = ${clientId}
            and reg.campaign_id = c.id and reg.user_id = ${userId}
          left join loyalty_stores s on s.client_id = ${clientId} and s.id = ${storeId}
          left join loyalty_retailers r on r.client_id = ${clientId} and r.id = s.retailer_id
          left join loyalty_countries co on co.client_id = ${clientId} and co.id = s.country_id
          left join loyalty_campaign_stores cs on cs.client_id = ${clientId}
            and cs.campaign_id = c.id and cs.store_id = s.id
          where c.client_id = ${clientId} and c.id = ${campaignId}`),
      );
      if (!row) return null;
      return {
        campaign: { id: Number(row.id), beginsAt: new Date(row.begins_at), endsAt: new Date(row.ends_at) },
        registration: row.registration_status ? { status: row.registration_status } : null,
        store:
          row.store_id === null
            ? null
            : {
                id: Number(row.store_id),
                retailerId: Number(row.retailer_id),
                timeZone: row.time_zone!,
                phonesAndCamerasAllowed: Boolean(row.phones_and_cameras_allowed),
                active: Boolean(row.store_active),
                eligible: Boolean(row.eligible),
              },
      };
    },

    async campaignProductPoints(clientId, campaignId, productIds) {
      const points = new Map<number, number>();
      if (productIds.length === 0) return points;
      const list = sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = rowsOf<{ product_id: number; points: number }>(
        await db.execute(sql`select cp.product_id, cp.points from loyalty_campaign_products cp
          join loyalty_products p on p.client_id = ${clientId} and p.id = cp.product_id and p.active
          where cp.client_id = ${clientId} and cp.campaign_id = ${campaignId}
            and cp.product_id in (${list})`),
      );
      for (const r of rows) points.set(Number(r.product_id), Number(r.points));
      return points;
    },
  };
}

/** What the transfers module reads of the loyalty program (docs/transfers.md). */
export interface LoyaltyMembershipPort {
  /**
   * The user's standing in the program: `active` with an active registration to a campaign of the client
   * that has not ended, `inactive` with registrations but none such, `none` without any.
   */
  registrationStatus(clientId: number, userId: number): Promise<'active' | 'inactive' | 'none'>;
}

export function createLoyaltyMembershipPort(db: DbOrTx): LoyaltyMembershipPort {
  return {
    async registrationStatus(clientId, userId) {
      const [row] = rowsOf<{ registrations: number; active: number }>(
        await db.execute(sql`select count(*)::int as registrations,
            count(*) filter (where reg.status = 'active' and c.ends_at > now())::int as active
          from loyalty_registrations reg
          join loyalty_campaigns c on c.client_id = ${clientId} and c.id = reg.campaign_id
          where reg.client_id = ${clientId} and reg.user_id = ${userId}`),
      );
      if (!row || Number(row.registrations) === 0) return 'none';
      return Number(row.active) > 0 ? 'active' : 'inactive';
    },
  };
}

/** A level of the program as other areas read it (the store's minimum level). */
export interface LoyaltyLevelRef {
  id: number;
  name: string;
  /** 1, 2 or 3: a higher position is a higher level. */
  position: number;
}

/** What the store reads of the program's levels (docs/store.md): read only, in the caller's unit of work. */
export interface LoyaltyLevelsPort {
  /** The client's levels, lowest first. */
  levels(clientId: number): Promise<LoyaltyLevelRef[]>;
  /** The level the member holds, else the program's first; null when the client has no levels. */
  memberLevel(clientId: number, userId: number): Promise<LoyaltyLevelRef | null>;
}

export function createLoyaltyLevelsPort(db: DbOrTx): LoyaltyLevelsPort {
  const toRef = (r: { id: number; name: string; position: number }) => ({
    id: Number(r.id),
    name: r.name,
    position: Number(r.position),
  });
  return {
    async levels(clientId) {
      return rowsOf<{ id: number; name: string; position: number }>(
        await db.execute(sql`select id, name, position from loyalty_levels
          where client_id = ${clientId} order by position`),
      ).map(toRef);
    },
    async memberLevel(clientId, userId) {
      const [row] = rowsOf<{ id: number; name: string; position: number }>(
        await db.execute(sql`select l.id, l.name, l.position from loyalty_levels l
          where l.client_id = ${clientId}
          order by (l.id = (select m.level_id from loyalty_member_levels m
            where m.client_id = ${clientId} and m.user_id = ${userId})) desc nulls last, l.position
          limit 1`),
      );
      return row ? toRef(row) : null;
    },
  };
}

/**
 * What the loyalty program reads of the sales module: the sales still waiting for the audit, so a
 * level-change request is approved only once the member's invoices are audited (docs/loyalty.md).
 */
export interface PendingSalesPort {
  /** Per user, how many of their sales of the campaign are pending audit (absent: none). */
  pendingSales(
    clientId: number,
    campaignId: number,
    userIds: readonly number[],
  ): Promise<Map<number, number>>;
}

/** A campaign as the ranking reads it. */
export interface LoyaltyCampaignRef {
  id: number;
  name: string;
  beginsAt: Date;
  endsAt: Date;
  /** Whether the user asked about is registered in it (any status). */
  registered: boolean;
}

/** What the ranking reads of the program's campaigns (docs/ranking.md): read only. */
export interface LoyaltyCampaignsPort {
  /** The client's campaigns that have begun by `at`, the latest begun first (at most `limit`). */
  begun(clientId: number, userId: number, at: Date, limit: number): Promise<LoyaltyCampaignRef[]>;
}

export function createLoyaltyCampaignsPort(db: DbOrTx): LoyaltyCampaignsPort {
  return {
    async begun(clientId, userId, at, limit) {
      const rows = rowsOf<{
        id: number;
        name: string;
        begins_at: Date | string;
        ends_at: Date | string;
        registered: boolean;
      }>(
        await db.execute(sql`select c.id, c.name, c.begins_at, c.ends_at,
            exists (select 1 from loyalty_registrations r where r.client_id = ${clientId}
              and r.campaign_id = c.id and r.user_id = ${userId}) as registered
          from loyalty_campaigns c
          where c.client_id = ${clientId} and c.begins_at <= ${at.toISOString()}
          order by c.begins_at desc, c.id desc
          limit ${limit}`),
      );
      return rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        beginsAt: new Date(r.begins_at),
        endsAt: new Date(r.ends_at),
        registered: Boolean(r.registered),
      }));
    },
  };
}
