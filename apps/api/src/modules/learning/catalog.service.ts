import { sql } from 'drizzle-orm';
import type {
  ContinueCourse,
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
import type { CatalogRepo, CourseRow, TrailRow } from './catalog.repo';
import type { ContentSigner } from './content-urls';
import { courseSummary, enrollmentOf, iso, type CourseContextLoader } from './course-context';
import { courseLock } from './locks';
import { courseStatusWithTests, testStatesOf } from './test-states.repo';
import { visibleTo, type Viewer } from './viewer';

export function coverUrlOf(signer: ContentSigner, key: string | null): string | null {
  if (!key) return null;
  const at = key.lastIndexOf('/');
  return signer.url({ prefix: key.slice(0, at), userId: 0, mode: 'file' }, key.slice(at + 1));
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
    // What tests decided (blocked, approved …) shows in the cards' status.
    const tests = await testStatesOf(
      db,
      v.clientId,
      v.userId,
      items.map((i) => i.id),
    );
    const cards = items.map((row) => {
      const state = tests.get(row.id);
      const card = cardOf({ ...row, status: courseStatusWithTests(row.status, state) });
      return state?.blocked
        ? { ...card, lock: { locked: true, reason: 'blocked' as const, prerequisites: [] } }
        : card;
    });
    return { items: cards, total, page: f.page, pageSize: f.pageSize, counts };
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

  /**
   * Home's "continue": the unfinished course the viewer worked on last that they can still open, with the
   * activity "continue" goes to; null when there is none (a blocked or locked course is passed over).
   */
  async function continueCourse(v: Viewer): Promise<ContinueCourse> {
    for (const courseId of await repo.recentUnfinished(v, 5)) {
      const ctx = await contexts.load(v, courseId);
      if (ctx.lock.locked) continue;
      const resume = ctx.activities.find((a) => !a.lock.locked && a.status !== 'finished');
      if (!resume) continue;
      const card = cardOf(ctx.card);
      return {
        course: {
          id: card.id,
          title: card.title,
          coverUrl: card.coverUrl,
          progress: card.progress,
          resumeAt: resume.hierarchyOrder,
          resumeTitle: resume.title,
        },
      };
    }
    return { course: null };
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
    const t = await repo.trailRows(v, null, id);
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
    const { rows, total } = await repo.trailList(v, f);
    return { items: rows.map(trailItemOf), total, page: f.page, pageSize: f.pageSize };
  }

  async function trailDetail(v: Viewer, trailId: number): Promise<TrailDetail> {
    const found = await repo.trailDetail(v, trailId);
    if (!found) throw notFound();
    const { row, items } = found;
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
    continueCourse,
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
