import { sql, type SQL } from 'drizzle-orm';
import type { RoleName } from '@trilha/contracts/session';
import { rowsOf, type DbOrTx } from '../../db/client';
import { LoadingCache } from '../../lib/ttl-cache';
import type { TenantInfo } from '../../plugins/tenant';

/** Who is looking at learning content: the audience facts every visibility test needs. */
export interface Viewer {
  userId: number;
  clientId: number;
  roles: RoleName[];
  isSuperuser: boolean;
  countryId: number | null;
  areaIds: number[];
  groupIds: number[];
  firstName: string;
  lastName: string;
  /** The login behind the request; signed content URLs are tied to it. */
  sessionId?: string;
  /** The course (and trail) the player was opened from; signed content URLs are checked against it. */
  openedFrom?: { courseId: number; trailId?: number };
}

/** A Postgres array literal for integer ids (a parameter, cast in SQL). */
export const intArrayParam = (ids: readonly number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;
export const textArrayParam = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`;

/**
 * The visibility test of a course or trail row (alias `t`): the caller's client, published, and every
 * audience list that is set matches the viewer. The same expression guards lists, details, the player
 * and content URLs.
 */
export function visibleTo(v: Viewer, t: string): SQL {
  const a = sql.raw(t);
  return sql`${a}.client_id = ${v.clientId} and ${a}.published
    and (cardinality(${a}.audience_area_ids) = 0 or ${a}.audience_area_ids && ${intArrayParam(v.areaIds)}::int[])
    and (cardinality(${a}.audience_group_ids) = 0 or ${a}.audience_group_ids && ${intArrayParam(v.groupIds)}::int[])
    and (cardinality(${a}.audience_country_ids) = 0 or ${v.countryId ?? 0} = any(${a}.audience_country_ids))
    and (cardinality(${a}.audience_roles) = 0 or ${a}.audience_roles && ${textArrayParam(v.roles)}::text[])`;
}

export function createViewerLoader(db: DbOrTx) {
  // Audience memberships change rarely; a short cache keeps them off every list request.
  const cache = new LoadingCache<string, Omit<Viewer, 'roles' | 'isSuperuser'>>(15_000, 50_000);

  async function load(userId: number, tenant: TenantInfo): Promise<Viewer> {
    const hit = await cache.get(`${userId}:${tenant.clientId}`, async () => {
      const [row] = rowsOf<{
        country_id: number | null;
        first_name: string;
        last_name: string;
        areas: number[] | null;
        groups: number[] | null;
      }>(
        await db.execute(sql`
          select u.country_id, u.first_name, u.last_name,
            array(select m.area_id from audience_area_members m join audience_areas a on a.id = m.area_id
                  where m.user_id = u.id and a.client_id = ${tenant.clientId}) as areas,
            array(select m.group_id from audience_group_members m join audience_groups g on g.id = m.group_id
                  where m.user_id = u.id and g.client_id = ${tenant.clientId}) as groups
          from users u where u.id = ${userId}`),
      );
      return {
        userId,
        clientId: tenant.clientId,
        countryId: row?.country_id ?? null,
        areaIds: (row?.areas ?? []).map(Number),
        groupIds: (row?.groups ?? []).map(Number),
        firstName: row?.first_name ?? '',
        lastName: row?.last_name ?? '',
      };
    });
    return { ...hit, roles: tenant.roles, isSuperuser: tenant.isSuperuser };
  }

  return {
    load,
    /** After an audience change (rare): every cached viewer is dropped. */
    forget() {
      cache.clear();
    },
  };
}
export type ViewerLoader = ReturnType<typeof createViewerLoader>;
