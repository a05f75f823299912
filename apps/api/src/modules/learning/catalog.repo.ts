import { sql, type SQL } from 'drizzle-orm';
import type { CourseListFilters, ProgressStatus } from '@trilha/contracts/learning';
import { rowsOf, type DbOrTx } from '../../db/client';
import { intArrayParam, visibleTo, type Viewer } from './viewer';

/** The progress status of a course row `c` joined to the viewer's `cp` row, as SQL (lists filter on it). */
const courseStatusSql = sql`case when c.activity_count > 0 and coalesce(cp.completed_count, 0) >= c.activity_count then 'finished'
  when cp.user_id is not null then 'in_progress' else 'not_started' end`;

const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function sharedFilters(f: CourseListFilters, alias: 'c' | 't'): SQL[] {
  const a = sql.raw(alias);
  const out: SQL[] = [];
  if (f.favorite === 'favorites') out.push(sql`fav.user_id is not null`);
  if (f.search) out.push(sql`lower(${a}.title) like ${likePattern(f.search)}`);
  if (f.selected_areas !== 'all')
    out.push(sql`${a}.audience_area_ids && ${intArrayParam(f.selected_areas)}::int[]`);
  if (f.selected_groups !== 'all')
    out.push(sql`${a}.audience_group_ids && ${intArrayParam(f.selected_groups)}::int[]`);
  if (f.selected_tags !== 'all') out.push(sql`${a}.tag_ids && ${intArrayParam(f.selected_tags)}::int[]`);
  if (f.selected_categories !== 'all')
    out.push(sql`${a}.category_id = any(${intArrayParam(f.selected_categories)}::int[])`);
  if (f.subscription_type === 'subscribed') out.push(sql`e.user_id is not null`);
  if (f.subscription_type === 'not_subscribed') out.push(sql`e.user_id is null`);
  return out;
}

const and = (parts: SQL[]) => (parts.length ? sql.join([sql``, ...parts], sql` and `) : sql``);

export interface PrereqRow {
  id: number;
  title: string;
  finished: boolean;
}
export interface NamedRow {
  id: number;
  name: string;
}

export interface CourseRow {
  id: number;
  title: string;
  description: string;
  cover_key: string | null;
  workload_minutes: number | null;
  subscription_mode: 'open' | 'enrollment' | 'assigned';
  activity_count: number;
  completed_count: number | null;
  started: boolean;
  /** The progress status; tests may make it approved, reproved, blocked, restarted or improved. */
  status: ProgressStatus;
  enroll_source: 'self' | 'assigned' | 'open' | null;
  enrolled_at: string | null;
  favorite: boolean;
  is_public: boolean;
  category: NamedRow | null;
  tags: NamedRow[] | null;
  prerequisites: PrereqRow[] | null;
}

/**
 * The rows `c` of `from` (courses aliased `c`) with the viewer's progress, enrollment and favorite as
 * columns, each read by its key. Lookups rather than joins: a card statement then plans over one table,
 * and planning was most of its cost. `offset 0` keeps each lookup to one run per row.
 */
const withViewer = (userId: number, from: SQL) => sql`(select c.*,
    (select cp.completed_count from course_progress cp where cp.user_id = ${userId} and cp.course_id = c.id) as completed_count,
    exists (select 1 from course_progress cp where cp.user_id = ${userId} and cp.course_id = c.id) as started,
    (select e.source from course_enrollments e where e.user_id = ${userId} and e.course_id = c.id) as enroll_source,
    (select e.enrolled_at from course_enrollments e where e.user_id = ${userId} and e.course_id = c.id) as enrolled_at,
    exists (select 1 from learning_favorites fav
            where fav.user_id = ${userId} and fav.item_kind = 'course' and fav.item_id = c.id) as favorite
  from ${from} offset 0) c`;

/** Columns of a course card, for rows `c` of `withViewer`; the status is `courseStatusSql`'s. */
const cardColumns = (userId: number) => sql`c.id, c.title, c.description, c.cover_key, c.workload_minutes,
  c.subscription_mode, c.activity_count, c.is_public, c.completed_count, c.started,
  c.enroll_source, c.enrolled_at, c.favorite,
  (select json_build_object('id', k.id, 'name', k.name) from learning_categories k where k.id = c.category_id) as category,
  (select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name) from learning_tags g
     where g.id = any(c.tag_ids)) as tags,
  (select json_agg(json_build_object('id', pc.id, 'title', pc.title, 'finished',
       pc.activity_count > 0 and coalesce(pp.completed_count, 0) >= pc.activity_count) order by pc.title)
     from courses pc left join course_progress pp on pp.user_id = ${userId} and pp.course_id = pc.id
     where pc.id = any(c.prerequisite_ids) and pc.client_id = c.client_id) as prerequisites,
  case when c.activity_count > 0 and coalesce(c.completed_count, 0) >= c.activity_count then 'finished'
    when c.started then 'in_progress' else 'not_started' end as status`;

/** A trail as the trail list and the trail detail's header show it, with the viewer's progress over its courses. */
export interface TrailRow {
  id: number;
  title: string;
  description: string;
  cover_key: string | null;
  subscription_mode: 'open' | 'enrollment' | 'assigned';
  sequential: boolean;
  item_count: number;
  course_count: number;
  finished_courses: number;
  started_courses: number;
  total_activities: number;
  done_activities: number;
  status: 'not_started' | 'in_progress' | 'finished';
  enroll_source: 'self' | 'assigned' | 'open' | null;
  enrolled_at: string | Date | null;
  favorite: boolean;
  category: NamedRow | null;
  tags: NamedRow[] | null;
}

/** A course item of a trail (published, of the trail's client) with the viewer's rows, in the trail's order. */
export interface TrailItemRow {
  position: number;
  item_kind: 'course';
  item_id: number;
  title: string;
  cover_key: string | null;
  activity_count: number;
  completed_count: number | null;
  started: boolean;
  subscription_mode: 'open' | 'enrollment' | 'assigned';
  enrolled: boolean;
  prerequisites: PrereqRow[] | null;
}

export function createCatalogRepo(db: DbOrTx) {
  /**
   * One statement for a page of the course list and its counts. Only the viewer's progress rows can make a
   * course started or finished, so the statuses are counted from those rows (found by key, with the
   * course's visibility and filters applied to each) and every other listed course is not started: the
   * count is one pass over the courses with no per-course join, and the page is read in title order
   * (the title index) and stops at its last row. Card details (category, tags, prerequisites) are read for
   * the page's rows only.
   */
  async function courseList(v: Viewer, f: CourseListFilters) {
    const where = sql`${visibleTo(v, 'c')} ${and(sharedFilters(f, 'c'))}`;
    // The enrollment and favorite rows only when a filter reads them (at most one row each per course).
    const joins = sql.join(
      [
        f.subscription_type !== 'all'
          ? sql`left join course_enrollments e on e.user_id = ${v.userId} and e.course_id = c.id`
          : sql``,
        f.favorite === 'favorites'
          ? sql`left join learning_favorites fav on fav.user_id = ${v.userId} and fav.item_kind = 'course' and fav.item_id = c.id`
          : sql``,
      ],
      sql` `,
    );
    const paging = sql`order by lower(c.title), c.id limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`;
    // A search matches few courses and costs the most per row: the listed courses are then read once
    // (counted and paged from that one pass) instead of once for the count and again in title order.
    const listed = f.search
      ? sql`listed as materialized (select c.id, c.title from courses c ${joins} where ${where}),`
      : sql``;
    const source = f.search ? sql`listed c where true` : sql`courses c ${joins} where ${where}`;
    const page =
      f.progress === 'all' || f.progress === 'not_started'
        ? sql`select c.id from ${source}
            ${f.progress === 'not_started' ? sql`and c.id not in (select id from mine)` : sql``} ${paging}`
        : sql`select c.id from mine c where c.status = ${f.progress} ${paging}`;
    const total =
      f.progress === 'all'
        ? sql`counts.not_started + counts.in_progress + counts.finished`
        : sql.raw(`counts.${f.progress}`);
    const [row] = rowsOf<{
      total: number;
      not_started: number;
      in_progress: number;
      finished: number;
      items: CourseRow[] | null;
    }>(
      await db.execute(sql`
      with ${listed} mine as (
        select c.id, c.title, ${courseStatusSql} as status
        from course_progress cp join courses c on c.id = cp.course_id ${joins}
        where cp.user_id = ${v.userId} and ${where}
      ), counts as (
        select (select count(*) from ${source})::int - count(*)::int as not_started,
               count(*) filter (where status = 'in_progress')::int as in_progress,
               count(*) filter (where status = 'finished')::int as finished
        from mine
      ), page as (${page})
      select ${total} as total, counts.*,
        (select json_agg(x) from (
           select ${cardColumns(v.userId)}
           from ${withViewer(v.userId, sql`page join courses c on c.id = page.id`)}
           order by lower(c.title), c.id) x) as items
      from counts`),
    );
    return {
      total: row?.total ?? 0,
      counts: {
        notStarted: row?.not_started ?? 0,
        inProgress: row?.in_progress ?? 0,
        finished: row?.finished ?? 0,
      },
      items: row?.items ?? [],
    };
  }

  /** One visible course card (detail header), or undefined when the viewer may not see it. */
  async function courseCard(
    v: Viewer,
    courseId: number,
    opts: { viaTrail?: number } = {},
  ): Promise<CourseRow | undefined> {
    // Inside a trail the trail's audience decides: a published course that is an item of a visible trail.
    const visible = opts.viaTrail
      ? sql`c.client_id = ${v.clientId} and c.published and exists (
          select 1 from trail_items ti join trails t on t.id = ti.trail_id
          where ti.trail_id = ${opts.viaTrail} and ti.item_kind = 'course' and ti.item_id = c.id and ${visibleTo(v, 't')})`
      : visibleTo(v, 'c');
    const [row] = rowsOf<CourseRow>(
      await db.execute(sql`
        select ${cardColumns(v.userId)}
        from ${withViewer(v.userId, sql`courses c where c.id = ${courseId} and ${visible}`)}`),
    );
    return row;
  }

  /**
   * Trails with their progress derived from their courses (one statement): a trail is finished when every
   * course in it is, in progress once any of them started; the percent is over the courses' activities.
   */
  async function trailRows(v: Viewer, f: CourseListFilters | null, onlyId?: number) {
    const filters = f ? sharedFilters(f, 't') : [];
    if (onlyId) filters.unshift(sql`t.id = ${onlyId}`);
    const progress = f && f.progress !== 'all' ? sql`where status = ${f.progress}` : sql``;
    const paging = f ? sql`limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}` : sql``;
    const rows = rowsOf<TrailRow & { total: number }>(
      await db.execute(sql`
        with base as (
          select t.id, t.title, t.description, t.cover_key, t.subscription_mode, t.sequential, t.category_id, t.tag_ids,
            e.source as enroll_source, e.enrolled_at, (fav.user_id is not null) as favorite,
            (select count(*)::int from trail_items x where x.trail_id = t.id) as item_count,
            count(c.id)::int as course_count,
            (count(c.id) filter (where c.activity_count > 0 and coalesce(cp.completed_count, 0) >= c.activity_count))::int as finished_courses,
            count(cp.user_id)::int as started_courses,
            coalesce(sum(c.activity_count), 0)::int as total_activities,
            coalesce(sum(least(coalesce(cp.completed_count, 0), c.activity_count)), 0)::int as done_activities
          from trails t
          left join trail_enrollments e on e.trail_id = t.id and e.user_id = ${v.userId}
          left join learning_favorites fav on fav.user_id = ${v.userId} and fav.item_kind = 'trail' and fav.item_id = t.id
          left join trail_items ti on ti.trail_id = t.id and ti.item_kind = 'course'
          left join courses c on c.id = ti.item_id and c.published and c.client_id = t.client_id
          left join course_progress cp on cp.user_id = ${v.userId} and cp.course_id = c.id
          where ${visibleTo(v, 't')} ${and(filters)}
          group by t.id, e.source, e.enrolled_at, fav.user_id
        ), rated as (
          select *, case when course_count > 0 and finished_courses = course_count then 'finished'
                         when started_courses > 0 then 'in_progress' else 'not_started' end as status
          from base
        ), filtered as (select * from rated ${progress})
        select f.*, count(*) over ()::int as total,
          (select json_build_object('id', k.id, 'name', k.name) from learning_categories k where k.id = f.category_id) as category,
          (select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name) from learning_tags g where g.id = any(f.tag_ids)) as tags
        from filtered f order by lower(f.title), f.id ${paging}`),
    );
    return { rows, total: rows[0]?.total ?? 0 };
  }

  /** A page of the trail list and the number of trails the filters keep. */
  async function trailList(v: Viewer, f: CourseListFilters): Promise<{ rows: TrailRow[]; total: number }> {
    const { rows, total } = await trailRows(v, f);
    // A page past the end has no rows to carry the total; count again without paging.
    const count = rows.length === 0 && f.page > 1 ? (await trailRows(v, { ...f, page: 1 })).total : total;
    return { rows, total: count };
  }

  /** A visible trail's header and its course items (published courses of the viewer's client), in order. */
  async function trailDetail(
    v: Viewer,
    trailId: number,
  ): Promise<{ row: TrailRow; items: TrailItemRow[] } | undefined> {
    const { rows } = await trailRows(v, null, trailId);
    const row = rows[0];
    if (!row) return undefined;
    const items = rowsOf<TrailItemRow>(
      await db.execute(sql`
        select ti.position, ti.item_kind, ti.item_id, c.title, c.cover_key, c.activity_count, c.subscription_mode,
          cp.completed_count, (cp.user_id is not null) as started,
          exists (select 1 from course_enrollments e where e.course_id = c.id and e.user_id = ${v.userId}) as enrolled,
          (select json_agg(json_build_object('id', pc.id, 'title', pc.title, 'finished',
               pc.activity_count > 0 and coalesce(pp.completed_count, 0) >= pc.activity_count) order by pc.title)
             from courses pc left join course_progress pp on pp.user_id = ${v.userId} and pp.course_id = pc.id
             where pc.id = any(c.prerequisite_ids) and pc.client_id = c.client_id) as prerequisites
        from trail_items ti
        join courses c on c.id = ti.item_id and ti.item_kind = 'course' and c.published and c.client_id = ${v.clientId}
        left join course_progress cp on cp.user_id = ${v.userId} and cp.course_id = c.id
        where ti.trail_id = ${trailId}
        order by ti.position, ti.id`),
    );
    return { row, items };
  }

  /** The viewer's unfinished courses they have worked on, the most recent first (home's "continue"). */
  async function recentUnfinished(v: Viewer, limit: number): Promise<number[]> {
    const rows = rowsOf<{ course_id: number }>(
      await db.execute(sql`
        select cp.course_id from course_progress cp
        join courses c on c.id = cp.course_id
        where cp.user_id = ${v.userId} and cp.client_id = ${v.clientId} and cp.finished_at is null
          and ${visibleTo(v, 'c')}
        order by cp.last_activity_at desc, cp.course_id
        limit ${limit}`),
    );
    return rows.map((r) => Number(r.course_id));
  }

  return { courseList, courseCard, trailRows, trailList, trailDetail, recentUnfinished };
}
export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
