import { sql, type SQL } from 'drizzle-orm';
import type { PhotoStatus } from '@trilha/contracts/photos';
import { rowsOf, type DbOrTx } from '../../db/client';

/** A photo as read with its store's and type's names (and, for the audit, its sender and duplicates). */
export interface PhotoRow {
  id: number;
  campaign_id: number;
  user_id: number;
  store_id: number;
  store_name: string;
  photo_type_id: number;
  photo_type_name: string;
  type_points: number;
  week_start: string | Date;
  image_key: string;
  image_sha256: string;
  status: PhotoStatus;
  rejection_reason: string | null;
  credited_points: number | null;
  created_at: string | Date;
  decided_at: string | Date | null;
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
  same_image?: number;
}

export interface PhotoTypeRow {
  id: number;
  code: string;
  name: string;
  points: number;
  active: boolean;
}

const photoColumns = sql`p.id, p.campaign_id, p.user_id, p.store_id, s.name as store_name,
  p.photo_type_id, t.name as photo_type_name, t.points as type_points, p.week_start, p.image_key,
  p.image_sha256, p.status, p.rejection_reason, p.credited_points, p.created_at, p.decided_at`;
const photoJoins = (clientId: number) => sql`from store_photos p
  join loyalty_stores s on s.client_id = ${clientId} and s.id = p.store_id
  join photo_types t on t.client_id = ${clientId} and t.id = p.photo_type_id`;

/** The photos module's statements; every one names its client. Joins the caller's unit of work. */
export function createPhotosRepo(db: DbOrTx, clientId: number) {
  const count = async (where: SQL) => {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from store_photos p
        where p.client_id = ${clientId} and ${where}`),
    );
    return Number(row?.n ?? 0);
  };

  return {
    async types(onlyActive: boolean): Promise<PhotoTypeRow[]> {
      return rowsOf<PhotoTypeRow>(
        await db.execute(sql`select id, code, name, points, active from photo_types
          where client_id = ${clientId} ${onlyActive ? sql`and active` : sql``}
          order by name, id`),
      );
    },

    async type(id: number): Promise<PhotoTypeRow | undefined> {
      const [row] = rowsOf<PhotoTypeRow>(
        await db.execute(sql`select id, code, name, points, active from photo_types
          where client_id = ${clientId} and id = ${id}`),
      );
      return row;
    },

    /** Answers the new type, or undefined when the code is taken. */
    async insertType(t: { code: string; name: string; points: number; active: boolean }) {
      const [row] = rowsOf<PhotoTypeRow>(
        await db.execute(sql`insert into photo_types (client_id, code, name, points, active)
          values (${clientId}, ${t.code}, ${t.name}, ${t.points}, ${t.active})
          on conflict do nothing returning id, code, name, points, active`),
      );
      return row;
    },

    async updateType(id: number, t: { code: string; name: string; points: number; active: boolean }) {
      const [row] = rowsOf<PhotoTypeRow>(
        await db.execute(sql`update photo_types set code = ${t.code}, name = ${t.name},
            points = ${t.points}, active = ${t.active}
          where client_id = ${clientId} and id = ${id}
          returning id, code, name, points, active`),
      );
      return row;
    },

    /**
     * Writes a photo unless its store, type and week already hold one that is not rejected (the partial
     * unique index decides, also between two sends at the same instant): undefined then.
     */
    async insertPhoto(p: {
      campaignId: number;
      userId: number;
      storeId: number;
      photoTypeId: number;
      weekStart: string;
      imageKey: string;
      imageSha256: string;
      imageWidth: number;
      imageHeight: number;
    }): Promise<number | undefined> {
      const [row] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into store_photos (client_id, campaign_id, user_id, store_id,
            photo_type_id, week_start, image_key, image_sha256, image_width, image_height)
          values (${clientId}, ${p.campaignId}, ${p.userId}, ${p.storeId}, ${p.photoTypeId},
            ${p.weekStart}, ${p.imageKey}, ${p.imageSha256}, ${p.imageWidth}, ${p.imageHeight})
          on conflict do nothing returning id`),
      );
      return row ? Number(row.id) : undefined;
    },

    async photo(id: number, userId?: number): Promise<PhotoRow | undefined> {
      const [row] = rowsOf<PhotoRow>(
        await db.execute(sql`select ${photoColumns} ${photoJoins(clientId)}
          where p.client_id = ${clientId} and p.id = ${id}
            ${userId === undefined ? sql`` : sql`and p.user_id = ${userId}`}`),
      );
      return row;
    },

    /** This week's photos of a store that are not rejected, one per type at most. */
    async storeWeek(storeId: number, weekStart: string): Promise<PhotoRow[]> {
      return rowsOf<PhotoRow>(
        await db.execute(sql`select ${photoColumns} ${photoJoins(clientId)}
          where p.client_id = ${clientId} and p.store_id = ${storeId} and p.week_start = ${weekStart}
            and p.status <> 'rejected'`),
      );
    },

    async mine(userId: number, status: PhotoStatus | undefined, page: number, pageSize: number) {
      const where = sql`p.client_id = ${clientId} and p.user_id = ${userId}
        ${status ? sql`and p.status = ${status}` : sql``}`;
      const rows = rowsOf<PhotoRow>(
        await db.execute(sql`select ${photoColumns} ${photoJoins(clientId)} where ${where}
          order by p.created_at desc, p.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`),
      );
      const [pending] = rowsOf<{ points: number }>(
        await db.execute(sql`select coalesce(sum(t.points), 0)::int as points
          from store_photos p join photo_types t on t.client_id = ${clientId} and t.id = p.photo_type_id
          where ${where} and p.status = 'pending'`),
      );
      return { rows, total: await count(where), pendingPoints: Number(pending?.points ?? 0) };
    },

    /** The audit queue: pending first, then the newest; each with its sender and same-image count. */
    async queue(status: PhotoStatus | undefined, page: number, pageSize: number) {
      const where = sql`p.client_id = ${clientId} ${status ? sql`and p.status = ${status}` : sql``}`;
      const rows = rowsOf<PhotoRow>(
        await db.execute(sql`select ${photoColumns}, u.first_name, u.last_name, u.username,
            (select count(*)::int from store_photos o where o.client_id = ${clientId}
              and o.image_sha256 = p.image_sha256 and o.id <> p.id) as same_image
          ${photoJoins(clientId)}
          join users u on u.id = p.user_id
          where ${where}
          order by (p.status = 'pending') desc, p.created_at desc, p.id desc
          limit ${pageSize} offset ${(page - 1) * pageSize}`),
      );
      return { rows, total: await count(where) };
    },

    /** The photo's row, locked until the unit of work ends (decisions on one photo run one at a time). */
    async lock(id: number) {
      const [row] = rowsOf<{ id: number; status: PhotoStatus }>(
        await db.execute(sql`select id, status from store_photos
          where client_id = ${clientId} and id = ${id} for update`),
      );
      return row;
    },

    async decide(
      id: number,
      d: {
        status: 'approved' | 'rejected';
        actorId: number;
        at: Date;
        reason: string | null;
        points: number | null;
      },
    ) {
      await db.execute(sql`update store_photos set status = ${d.status}, decided_by = ${d.actorId},
          decided_at = ${d.at.toISOString()}, rejection_reason = ${d.reason}, credited_points = ${d.points}
        where client_id = ${clientId} and id = ${id}`);
    },

    async settings(): Promise<{ streakBadgeId: number | null; streakWeeks: number }> {
      const [row] = rowsOf<{ streak_badge_id: number | null; streak_weeks: number }>(
        await db.execute(sql`select streak_badge_id, streak_weeks from photo_settings
          where client_id = ${clientId}`),
      );
      return {
        streakBadgeId: row?.streak_badge_id == null ? null : Number(row.streak_badge_id),
        streakWeeks: Number(row?.streak_weeks ?? 4),
      };
    },

    async saveSettings(s: { streakBadgeId: number | null; streakWeeks: number }) {
      await db.execute(sql`insert into photo_settings (client_id, streak_badge_id, streak_weeks)
        values (${clientId}, ${s.streakBadgeId}, ${s.streakWeeks})
        on conflict (client_id) do update set streak_badge_id = excluded.streak_badge_id,
          streak_weeks = excluded.streak_weeks`);
    },

    /** Whether the client has this badge (any state). */
    async badgeExists(badgeId: number): Promise<boolean> {
      const [row] = rowsOf<{ id: number }>(
        await db.execute(sql`select id from badges where client_id = ${clientId} and id = ${badgeId}`),
      );
      return Boolean(row);
    },

    /** The distinct weeks (Mondays) in which the user has an approved photo, newest first. */
    async approvedWeeks(userId: number, limit: number): Promise<string[]> {
      const rows = rowsOf<{ week_start: string | Date }>(
        await db.execute(sql`select distinct week_start from store_photos
          where client_id = ${clientId} and user_id = ${userId} and status = 'approved'
          order by week_start desc limit ${limit}`),
      );
      return rows.map((r) => dateText(r.week_start));
    },
  };
}

export const dateText = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
