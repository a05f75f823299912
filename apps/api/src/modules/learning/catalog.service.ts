import { sql } from 'drizzle-orm';
import type {
  CourseDetail,
  CourseListFilters,
  CourseListItem,
  CourseListPage,
  EnrollmentResponse,
  LearningFilterOptions,
  LockInfo,
  ProgressSummary,
  TrailDetail,
  TrailListItem,
  TrailListPage,
} from '@trilha/contracts/learning';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { eventsOutsideTheApp, type EventSink } from '../../jobs/job-queue';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import type { CatalogRepo, CourseRow, NamedRow } from './catalog.repo';
import type { ContentSigner } from './content-urls';
import { courseSummary, enrollmentOf, iso, type CourseContextLoader } from './course-context';
import { courseLock } from './locks';
import { intArrayParam, visibleTo, type Viewer } from './viewer';

export function coverUrlOf(signer: ContentSigner, key: string | null): string | null {
  if (!key) return null;
  const at = key.lastIndexOf('/');
  return signer.url({ prefix: key.slice(0, at), userId: 0, mode: 'file' }, key.slice(at + 1));
}

interface TrailRow {
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
  enrolled_at: string | null;
  favorite: boolean;
  category: NamedRow | null;
  tags: NamedRow[] | null;
}

export function createCatalogService(deps: {
  db: Db;
  repo: CatalogRepo;
  contexts: CourseContextLoader;
  signer: ContentSigner;
  /** Emits learning.viewer-rows-changed from the writes to a learner's own rows. */
  events?: EventSink;
}) {
  const { db, repo, contexts, signer } = deps;
  const events = deps.events ?? eventsOutsideTheApp();

  /** The transaction of a write to the viewer's enrollments or favorites (emits viewer-rows-changed). */
  function changeOwnRows<T>(v: Viewer, work: (tx: Tx) => Promise<T>): Promise<T> {
    return events.transaction(db, async (tx) => {
      const result = await work(tx);
      await events.emit('learning.viewer-rows-changed', { userId: v.userId }, { tx });
      return result;
    });
  }

  function cardOf(row: CourseRow): CourseListItem {
    const prerequisites = row.prerequisites ?? [];
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      coverUrl: coverUrlOf(signer, row.cover_key),
      workloadMinutes: row.workload_minutes,
      category: row.category,
      tags: row.tags ?? [],
      favorite: row.favorite,
      enrollment: enrollmentOf(row.subscription_mode, row.enroll_source, row.enrolled_at),
      progress: courseSummary(row.status, row.completed_count, row.activity_count),
      lock: courseLock({ mode: row.subscription_mode, enrolled: row.enroll_source !== null, prerequisites }),
    };
  }

  async function filterOptions(clientId: number): Promise<LearningFilterOptions> {
    const rows = rowsOf<{ kind: string; id: number; name: string }>(
      await db.execute(sql`
        select 'areas' as kind, id, name from audience_areas where client_id = ${clientId}
        union all select 'groups', id, name from audience_groups where client_id = ${clientId}
        union all select 'tags', id, name from learning_tags where client_id = ${clientId}
        union all select 'categories', id, name from learning_categories where client_id = ${clientId}
        order by 1, 3`),
    );
    const of = (kind: string) => rows.filter((r) => r.kind === kind).map(({ id, name }) => ({ id, name }));
    return { areas: of('areas'), groups: of('groups'), tags: of('tags'), categories: of('categories') };
  }

  async function courseList(v: Viewer, f: CourseListFilters): Promise<CourseListPage> {
    const { total, counts, items } = await repo.courseList(v, f);
    return { items: items.map(cardOf), total, page: f.page, pageSize: f.pageSize, counts };
  }

  async function courseDetail(v: Viewer, courseId: number, trailId?: number): Promise<CourseDetail> {
    const ctx = await contexts.load(v, courseId, trailId);
    const resume = ctx.activities.find((a) => !a.lock.locked && a.status !== 'finished');
    return {
      ...cardOf(ctx.card),
      enrollment: ctx.enrollment,
      lock: ctx.lock,
      trail: ctx.trail ? { id: ctx.trail.id, title: ctx.trail.title } : null,
      modules: ctx.modules,
      resumeAt: resume?.hierarchyOrder ?? null,
      publicSlug: ctx.card.is_public ? portfolioSlug(ctx.card.title, ctx.card.id) : null,
    };
  }

  async function assertVisible(v: Viewer, kind: 'course' | 'trail', id: number) {
    const table = sql.raw(kind === 'course' ? 'courses' : 'trails');
    const [row] = rowsOf<{ id: number; subscription_mode: 'open' | 'enrollment' | 'assigned' }>(
      await db.execute(
        sql`select t.id, t.subscription_mode from ${table} t where t.id = ${id} and ${visibleTo(v, 't')}`,
      ),
    );
    if (!row) throw notFound();
    return row;
  }

  async function setFavorite(v: Viewer, kind: 'course' | 'trail', id: number, favorite: boolean) {
    await assertVisible(v, kind, id);
    await changeOwnRows(v, async (tx) => {
      if (favorite) {
        await tx.execute(sql`insert into learning_favorites (user_id, item_kind, item_id, client_id)
          values (${v.userId}, ${kind}, ${id}, ${v.clientId}) on conflict do nothing`);
      } else {
        await tx.execute(
          sql`delete from learning_favorites where user_id = ${v.userId} and item_kind = ${kind} and item_id = ${id}`,
        );
      }
    });
    return { favorite };
  }

  async function enroll(v: Viewer, kind: 'course' | 'trail', id: number): Promise<EnrollmentResponse> {
    const target = await assertVisible(v, kind, id);
    if (target.subscription_mode === 'assigned')
      throw new AppError('LEARNING_SELF_ENROLLMENT_NOT_ALLOWED', 403);
    const table = sql.raw(kind === 'course' ? 'course_enrollments' : 'trail_enrollments');
    const column = sql.raw(kind === 'course' ? 'course_id' : 'trail_id');
    await changeOwnRows(v, async (tx) => {
      const inserted = rowsOf(
        await tx.execute(sql`insert into ${table} (${column}, user_id, client_id, source)
          values (${id}, ${v.userId}, ${v.clientId}, 'self') on conflict do nothing returning user_id`),
      );
      if (inserted.length > 0) {
        await audit(tx, {
          actorId: v.userId,
          clientId: v.clientId,
          action: `${kind}.enroll`,
          target: { type: kind, id },
        });
      }
    });
    return enrollmentState(v, kind, id);
  }

  async function unenroll(v: Viewer, kind: 'course' | 'trail', id: number): Promise<EnrollmentResponse> {
    await assertVisible(v, kind, id);
    const table = sql.raw(kind === 'course' ? 'course_enrollments' : 'trail_enrollments');
    const column = sql.raw(kind === 'course' ? 'course_id' : 'trail_id');
    await changeOwnRows(v, async (tx) => {
      const [row] = rowsOf<{ source: string }>(
        await tx.execute(
          sql`select source from ${table} where ${column} = ${id} and user_id = ${v.userId} for update`,
        ),
      );
      if (!row) return;
      if (row.source === 'assigned') throw new AppError('LEARNING_ENROLLMENT_ASSIGNED', 409);
      // Progress is kept: enrolling again resumes where the learner was.
      await tx.execute(sql`delete from ${table} where ${column} = ${id} and user_id = ${v.userId}`);
      await audit(tx, {
        actorId: v.userId,
        clientId: v.clientId,
        action: `${kind}.unenroll`,
        target: { type: kind, id },
      });
    });
    return enrollmentState(v, kind, id);
  }

  async function enrollmentState(
    v: Viewer,
    kind: 'course' | 'trail',
    id: number,
  ): Promise<EnrollmentResponse> {
    if (kind === 'course') {
      const card = await repo.courseCard(v, id);
      if (!card) throw notFound();
      const item = cardOf(card);
      return { enrollment: item.enrollment, lock: item.lock };
    }
    const t = await trailRows(v, null, id);
    const row = t.rows[0];
    if (!row) throw notFound();
    const enrollment = enrollmentOf(row.subscription_mode, row.enroll_source, row.enrolled_at);
    const lock: LockInfo = {
      locked: row.subscription_mode !== 'open' && row.enroll_source === null,
      reason: row.subscription_mode !== 'open' && row.enroll_source === null ? 'enrollment_required' : null,
      prerequisites: [],
    };
    return { enrollment, lock };
  }

  /**
   * Trails with their progress derived from their courses (one statement): a trail is finished when every
   * course in it is, in progress once any of them started; the percent is over the courses' activities.
   */
  async function trailRows(v: Viewer, f: CourseListFilters | null, onlyId?: number) {
    const filters = [];
    if (onlyId) filters.push(sql`t.id = ${onlyId}`);
    if (f?.favorite === 'favorites') filters.push(sql`fav.user_id is not null`);
    if (f?.search)
      filters.push(
        sql`lower(t.title) like ${`%${f.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`,
      );
    if (f && f.selected_areas !== 'all')
      filters.push(sql`t.audience_area_ids && ${intArrayParam(f.selected_areas)}::int[]`);
    if (f && f.selected_groups !== 'all')
      filters.push(sql`t.audience_group_ids && ${intArrayParam(f.selected_groups)}::int[]`);
    if (f && f.selected_tags !== 'all')
      filters.push(sql`t.tag_ids && ${intArrayParam(f.selected_tags)}::int[]`);
    if (f && f.selected_categories !== 'all')
      filters.push(sql`t.category_id = any(${intArrayParam(f.selected_categories)}::int[])`);
    if (f?.subscription_type === 'subscribed') filters.push(sql`e.user_id is not null`);
    if (f?.subscription_type === 'not_subscribed') filters.push(sql`e.user_id is null`);
    const where = filters.length ? sql.join([sql``, ...filters], sql` and `) : sql``;
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
          where ${visibleTo(v, 't')} ${where}
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

  function trailItemOf(row: TrailRow): TrailListItem {
    const progress: ProgressSummary = {
      status: row.status,
      percent: row.total_activities > 0 ? Math.floor((row.done_activities / row.total_activities) * 100) : 0,
      completedActivities: row.done_activities,
      totalActivities: row.total_activities,
    };
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      coverUrl: coverUrlOf(signer, row.cover_key),
      category: row.category,
      tags: row.tags ?? [],
      favorite: row.favorite,
      enrollment: enrollmentOf(row.subscription_mode, row.enroll_source, row.enrolled_at),
      progress,
      itemCount: row.item_count,
    };
  }

  async function trailList(v: Viewer, f: CourseListFilters): Promise<TrailListPage> {
    const { rows, total } = await trailRows(v, f);
    // A page past the end has no rows to carry the total; count again without paging.
    const count = rows.length === 0 && f.page > 1 ? (await trailRows(v, { ...f, page: 1 })).total : total;
    return { items: rows.map(trailItemOf), total: count, page: f.page, pageSize: f.pageSize };
  }

  async function trailDetail(v: Viewer, trailId: number): Promise<TrailDetail> {
    const { rows } = await trailRows(v, null, trailId);
    const row = rows[0];
    if (!row) throw notFound();
    const items = rowsOf<{
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
      prerequisites: { id: number; title: string; finished: boolean }[] | null;
    }>(
      await db.execute(sql`
        select ti.position, ti.item_kind, ti.item_id, c.title, c.cover_key, c.activity_count, c.subscription_mode,
          cp.completed_count, (cp.user_id is not null) as started,
          exists (select 1 from course_enrollments e where e.course_id = c.id and e.user_id = ${v.userId}) as enrolled,
          (select json_agg(json_build_object('id', pc.id, 'title', pc.title, 'finished',
               pc.activity_count > 0 and coalesce(pp.completed_count, 0) >= pc.activity_count))
             from courses pc left join course_progress pp on pp.user_id = ${v.userId} and pp.course_id = pc.id
             where pc.id = any(c.prerequisite_ids) and pc.client_id = c.client_id) as prerequisites
        from trail_items ti
        join courses c on c.id = ti.item_id and ti.item_kind = 'course' and c.published and c.client_id = ${v.clientId}
        left join course_progress cp on cp.user_id = ${v.userId} and cp.course_id = c.id
        where ti.trail_id = ${trailId}
        order by ti.position`),
    );
    const trailEnrolled = row.enroll_source !== null;
    let previous: { id: number; title: string; finished: boolean } | null = null;
    const out: TrailDetail['items'] = [];
    items.forEach((item, index) => {
      const finished = item.activity_count > 0 && (item.completed_count ?? 0) >= item.activity_count;
      const prerequisites = [...(item.prerequisites ?? [])];
      if (row.sequential && previous) prerequisites.push(previous);
      const mode = row.subscription_mode !== 'open' ? row.subscription_mode : item.subscription_mode;
      out.push({
        position: index + 1,
        kind: item.item_kind,
        itemId: item.item_id,
        title: item.title,
        coverUrl: coverUrlOf(signer, item.cover_key),
        progress: courseSummary(
          finished ? 'finished' : item.started ? 'in_progress' : 'not_started',
          item.completed_count,
          item.activity_count,
        ),
        lock: courseLock({ mode, enrolled: trailEnrolled || item.enrolled, prerequisites }),
      });
      previous = { id: item.item_id, title: item.title, finished };
    });
    return { ...trailItemOf(row), items: out };
  }

  return {
    filterOptions,
    courseList,
    courseDetail,
    setFavorite,
    enroll,
    unenroll,
    trailList,
    trailDetail,
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;

/** `vendas-consultivas-id-12`: the title in URL form, then the marker and the id (spec: portfolio-course/{slug}). */
export function portfolioSlug(title: string, id: number): string {
  const base = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'curso'}-id-${id}`;
}

export { iso };
