import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';

/**
 * Level history, level-change requests and campaign closes (docs/loyalty.md, "Levels"). Raw statements,
 * each naming the client; reads through the app's `db`, so they join the caller's unit of work.
 */

export interface HistoryRow {
  levelId: number;
  fromLevelId: number | null;
  validFrom: Date;
}

export interface RequestRow {
  id: number;
  userId: number;
  userName: string;
  userEmail: string | null;
  campaignId: number;
  campaignName: string;
  campaignEndsAt: Date;
  fromLevelId: number;
  toLevelId: number;
  xp: number;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  decidedAt: Date | null;
  createdAt: Date;
}

const num = (v: unknown) => Number(v ?? 0);
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

export function createLevelsRepo(db: DbOrTx) {
  return {
    /** The member's level changes, newest last. */
    async history(clientId: number, userId: number): Promise<HistoryRow[]> {
      const rows = rowsOf<{ level_id: number; from_level_id: number | null; valid_from: Date | string }>(
        await db.execute(sql`select level_id, from_level_id, valid_from from loyalty_level_history
          where client_id = ${clientId} and user_id = ${userId} order by valid_from, id`),
      );
      return rows.map((r) => ({
        levelId: num(r.level_id),
        fromLevelId: r.from_level_id === null ? null : num(r.from_level_id),
        validFrom: dateOf(r.valid_from),
      }));
    },

    /** Locks the member's level (the row is made when missing), so level changes of one member serialize. */
    async lockMember(clientId: number, userId: number, firstLevelId: number): Promise<number> {
      await db.execute(sql`insert into loyalty_member_levels (client_id, user_id, level_id)
        values (${clientId}, ${userId}, ${firstLevelId}) on conflict (client_id, user_id) do nothing`);
      const [row] = rowsOf<{ level_id: number }>(
        await db.execute(sql`select level_id from loyalty_member_levels
          where client_id = ${clientId} and user_id = ${userId} for update`),
      );
      return num(row!.level_id);
    },

    /** Records a change and makes it the level held. */
    async changeLevel(input: {
      clientId: number;
      userId: number;
      fromLevelId: number | null;
      levelId: number;
      campaignId: number | null;
      validFrom: Date;
      reason: 'approved' | 'demoted' | 'set';
    }) {
      const { clientId, userId } = input;
      await db.execute(sql`insert into loyalty_level_history
          (client_id, user_id, from_level_id, level_id, campaign_id, valid_from, reason)
        values (${clientId}, ${userId}, ${input.fromLevelId}, ${input.levelId}, ${input.campaignId},
          ${input.validFrom.toISOString()}, ${input.reason})`);
      await db.execute(sql`insert into loyalty_member_levels (client_id, user_id, level_id, updated_at)
        values (${clientId}, ${userId}, ${input.levelId}, now())
        on conflict (client_id, user_id) do update set level_id = excluded.level_id, updated_at = now()
        where loyalty_member_levels.client_id = ${clientId}`);
    },

    /** Opens a request once per member, campaign and level asked for; null when it already exists. */
    async openRequest(input: {
      clientId: number;
      userId: number;
      campaignId: number;
      fromLevelId: number;
      toLevelId: number;
      xp: number;
    }): Promise<number | null> {
      const [row] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into loyalty_level_requests
            (client_id, user_id, campaign_id, from_level_id, to_level_id, xp)
          values (${input.clientId}, ${input.userId}, ${input.campaignId}, ${input.fromLevelId},
            ${input.toLevelId}, ${input.xp})
          on conflict (client_id, user_id, campaign_id, to_level_id) do nothing returning id`),
      );
      return row ? num(row.id) : null;
    },

    async request(clientId: number, id: number): Promise<RequestRow | null> {
      const [row] = await this.requests(clientId, { id }, 1, 0);
      return row ?? null;
    },

    async requests(
      clientId: number,
      filter: { id?: number; status?: 'pending' | 'approved' | 'rejected'; userId?: number },
      limit: number,
      offset: number,
    ): Promise<RequestRow[]> {
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`select r.id, r.user_id, trim(u.first_name || ' ' || u.last_name) as user_name, u.email as user_email,
            r.campaign_id, c.name as campaign_name, c.ends_at as campaign_ends_at,
            r.from_level_id, r.to_level_id, r.xp, r.status, r.reason, r.decided_at, r.created_at
          from loyalty_level_requests r
          join users u on u.id = r.user_id
          join loyalty_campaigns c on c.client_id = ${clientId} and c.id = r.campaign_id
          where r.client_id = ${clientId}
            ${filter.id === undefined ? sql`` : sql`and r.id = ${filter.id}`}
            ${filter.status === undefined ? sql`` : sql`and r.status = ${filter.status}`}
            ${filter.userId === undefined ? sql`` : sql`and r.user_id = ${filter.userId}`}
          order by r.created_at, r.id
          limit ${limit} offset ${offset}`),
      );
      return rows.map((r) => ({
        id: num(r.id),
        userId: num(r.user_id),
        userName: String(r.user_name ?? ''),
        userEmail: r.user_email === null ? null : String(r.user_email),
        campaignId: num(r.campaign_id),
        campaignName: String(r.campaign_name),
        campaignEndsAt: dateOf(r.campaign_ends_at),
        fromLevelId: num(r.from_level_id),
        toLevelId: num(r.to_level_id),
        xp: num(r.xp),
        status: r.status as RequestRow['status'],
        reason: r.reason === null ? null : String(r.reason),
        decidedAt: r.decided_at === null ? null : dateOf(r.decided_at),
        createdAt: dateOf(r.created_at),
      }));
    },

    async countRequests(clientId: number, status?: 'pending' | 'approved' | 'rejected') {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from loyalty_level_requests
          where client_id = ${clientId} ${status === undefined ? sql`` : sql`and status = ${status}`}`),
      );
      return num(row?.n);
    },

    /** Decides a pending request; false when it was no longer pending (another decision came first). */
    async decide(
      clientId: number,
      id: number,
      status: 'approved' | 'rejected',
      actorId: number,
      reason: string | null,
      at: Date,
    ): Promise<boolean> {
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`update loyalty_level_requests
          set status = ${status}, decided_by = ${actorId}, reason = ${reason}, decided_at = ${at.toISOString()}
          where client_id = ${clientId} and id = ${id} and status = 'pending' returning id`),
      );
      return rows.length > 0;
    },

    // Campaign closes

    /** Campaigns whose end has passed and whose close has not finished, every client's. */
    async closesDue(now: Date, limit: number) {
      const rows = rowsOf<{ client_id: number; id: number; ends_at: Date | string }>(
        await db.execute(sql`select c.client_id, c.id, c.ends_at from loyalty_campaigns c
          left join loyalty_campaign_closes k on k.client_id = c.client_id and k.campaign_id = c.id
          where c.client_id = c.client_id and c.ends_at <= ${now.toISOString()} and k.finished_at is null
          order by c.ends_at, c.id limit ${limit}`),
      );
      return rows.map((r) => ({ clientId: num(r.client_id), id: num(r.id), endsAt: dateOf(r.ends_at) }));
    },

    async startClose(clientId: number, campaignId: number) {
      await db.execute(sql`insert into loyalty_campaign_closes (client_id, campaign_id)
        values (${clientId}, ${campaignId}) on conflict (campaign_id) do nothing`);
    },

    async closeState(clientId: number, campaignId: number) {
      const [row] = rowsOf<{ finished_at: Date | string | null; expired_lots: number }>(
        await db.execute(sql`select finished_at, expired_lots from loyalty_campaign_closes
          where client_id = ${clientId} and campaign_id = ${campaignId}`),
      );
      return row
        ? {
            finishedAt: row.finished_at === null ? null : dateOf(row.finished_at),
            expiredLots: num(row.expired_lots),
          }
        : null;
    },

    async addExpiredLots(clientId: number, campaignId: number, lots: number) {
      await db.execute(sql`update loyalty_campaign_closes set expired_lots = expired_lots + ${lots}
        where client_id = ${clientId} and campaign_id = ${campaignId}`);
    },

    async finishClose(clientId: number, campaignId: number) {
      await db.execute(sql`update loyalty_campaign_closes set finished_at = now()
        where client_id = ${clientId} and campaign_id = ${campaignId} and finished_at is null`);
    },

    /** Registered members of the campaign without an outcome of its close yet. */
    async membersToClose(clientId: number, campaignId: number, limit: number): Promise<number[]> {
      const rows = rowsOf<{ user_id: number }>(
        await db.execute(sql`select reg.user_id from loyalty_registrations reg
          where reg.client_id = ${clientId} and reg.campaign_id = ${campaignId}
            and not exists (select 1 from loyalty_close_outcomes o where o.client_id = ${clientId}
              and o.campaign_id = ${campaignId} and o.user_id = reg.user_id)
          order by reg.user_id limit ${limit}`),
      );
      return rows.map((r) => num(r.user_id));
    },

    /** Records a member's outcome; false when it was already recorded (a rerun). */
    async recordOutcome(input: {
      clientId: number;
      campaignId: number;
      userId: number;
      levelId: number | null;
      nextLevelId: number | null;
      xp: number;
      outcome: 'kept' | 'demoted';
    }): Promise<boolean> {
      const rows = rowsOf<{ user_id: number }>(
        await db.execute(sql`insert into loyalty_close_outcomes
            (client_id, campaign_id, user_id, level_id, next_level_id, xp, outcome)
          values (${input.clientId}, ${input.campaignId}, ${input.userId}, ${input.levelId},
            ${input.nextLevelId}, ${input.xp}, ${input.outcome})
          on conflict (client_id, campaign_id, user_id) do nothing returning user_id`),
      );
      return rows.length > 0;
    },

    async outcomes(clientId: number, campaignId: number) {
      const rows = rowsOf<{
        user_id: number;
        outcome: string;
        level_id: number | null;
        next_level_id: number | null;
        xp: number;
      }>(
        await db.execute(sql`select user_id, outcome, level_id, next_level_id, xp from loyalty_close_outcomes
          where client_id = ${clientId} and campaign_id = ${campaignId} order by user_id`),
      );
      return rows.map((r) => ({
        userId: num(r.user_id),
        outcome: r.outcome as 'kept' | 'demoted',
        levelId: r.level_id === null ? null : num(r.level_id),
        nextLevelId: r.next_level_id === null ? null : num(r.next_level_id),
        xp: num(r.xp),
      }));
    },

    /** The member's running campaigns (begun, not ended) they are registered to, soonest ending first. */
    async runningCampaignsOf(clientId: number, userId: number, now: Date) {
      const rows = rowsOf<{ id: number; name: string; begins_at: Date | string; ends_at: Date | string }>(
        await db.execute(sql`select c.id, c.name, c.begins_at, c.ends_at from loyalty_registrations reg
          join loyalty_campaigns c on c.client_id = ${clientId} and c.id = reg.campaign_id
          where reg.client_id = ${clientId} and reg.user_id = ${userId}
            and c.begins_at <= ${now.toISOString()} and c.ends_at > ${now.toISOString()}
          order by c.ends_at, c.id`),
      );
      return rows.map((r) => ({
        id: num(r.id),
        name: String(r.name),
        beginsAt: dateOf(r.begins_at),
        endsAt: dateOf(r.ends_at),
      }));
    },

    async campaign(clientId: number, campaignId: number) {
      const [row] = rowsOf<{ id: number; name: string; begins_at: Date | string; ends_at: Date | string }>(
        await db.execute(sql`select id, name, begins_at, ends_at from loyalty_campaigns
          where client_id = ${clientId} and id = ${campaignId}`),
      );
      return row
        ? {
            id: num(row.id),
            name: String(row.name),
            beginsAt: dateOf(row.begins_at),
            endsAt: dateOf(row.ends_at),
          }
        : null;
    },
  };
}

export type LevelsRepo = ReturnType<typeof createLevelsRepo>;
