import { sql, type SQL } from 'drizzle-orm';
import type {
  ActivityKind,
  ActivityProgress,
  CourseModule,
  EnrollmentInfo,
  LockInfo,
  PrerequisiteRef,
  ProgressSummary,
  SubscriptionMode,
} from '@trilha/contracts/learning';
import { generalTestKinds, isTestActivityKind } from '@trilha/contracts/learning';
import { rowsOf, type DbOrTx } from '../../db/client';
import type { ScormInfo } from '../../db/schema/learning';
import { notFound } from '../../lib/errors';
import type { CachedCatalogRepo, CatalogCache, RawViewerRow } from './catalog-cache';
import type { CourseRow } from './catalog.repo';
import { activityLocks, courseLock } from './locks';
import { courseStatusWithTests, testStatesOf } from './test-states.repo';
import { intArrayParam, visibleTo, type Viewer } from './viewer';

/** A module's activity as every viewer shares it (a module without activities has `id` null). */
export interface StructureRow {
  module_id: number;
  module_position: number;
  module_title: string;
  id: number | null;
  position: number;
  kind: ActivityKind;
  title: string;
  description: string;
  requires_previous: boolean;
  requires_authorization: boolean;
  settings: Record<string, unknown>;
  content_prefix: string | null;
  content_path: string | null;
  file_name: string | null;
  file_mime: string | null;
  file_size: number | null;
  file_group: string | null;
  scorm: ScormInfo | null;
}

/** The viewer's progress on an activity (all null before the first open). */
interface LearnerActivityRow {
  status: 'in_progress' | 'finished' | null;
  percent: number | null;
  success: 'passed' | 'failed' | null;
  score: number | null;
  completed_at: string | Date | null;
  resume_position: number | null;
  watched: [number, number][] | null;
  duration: number | null;
  page: number | null;
  page_count: number | null;
}

export type ActivityRow = StructureRow & LearnerActivityRow & { authorized: boolean };

const notStarted: LearnerActivityRow = {
  status: null,
  percent: null,
  success: null,
  score: null,
  completed_at: null,
  resume_position: null,
  watched: null,
  duration: null,
  page: null,
  page_count: null,
};

export interface TrailContext {
  id: number;
  title: string;
  mode: SubscriptionMode;
  enrolled: boolean;
  sequential: boolean;
  /** The course before this one in the trail (sequential trails lock on it). */
  previous: PrerequisiteRef | null;
  /** Every other course of the trail is finished (a general test with the trail scope waits for it). */
  otherCoursesFinished: boolean;
}

export interface CourseContext {
  card: CourseRow;
  trail: TrailContext | null;
  lock: LockInfo;
  enrollment: EnrollmentInfo;
  progress: ProgressSummary;
  activities: (ActivityRow & { id: number; hierarchyOrder: string; lock: LockInfo })[];
  modules: CourseModule[];
}

export const iso = (v: string | Date | null | undefined): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

export function enrollmentOf(
  mode: SubscriptionMode,
  source: string | null,
  enrolledAt: string | Date | null,
): EnrollmentInfo {
  const enrolled = source !== null;
  return {
    state: enrolled ? 'enrolled' : 'not_enrolled',
    mode,
    canEnroll: !enrolled && mode !== 'assigned',
    canUnenroll: enrolled && source !== 'assigned',
    enrolledAt: iso(enrolledAt),
  };
}

export function courseSummary(
  status: CourseRow['status'],
  completed: number | null,
  total: number,
): ProgressSummary {
  const done = Math.min(completed ?? 0, total);
  return {
    status,
    percent: total > 0 ? Math.floor((done / total) * 100) : 0,
    completedActivities: done,
    totalActivities: total,
  };
}

export function activityProgressOf(
  row: Pick<ActivityRow, 'status' | 'percent' | 'success' | 'score' | 'completed_at'>,
): ActivityProgress {
  return {
    status: row.status ?? 'not_started',
    percent: row.status === 'finished' ? 100 : (row.percent ?? 0),
    success: row.success,
    score: row.score,
    completedAt: iso(row.completed_at),
  };
}

/**
 * Loads a course as a viewer sees it. With `structures` (the catalog cache), the course's modules and
 * activities come from memory and only the viewer's rows from the database.
 */
export function createCourseContextLoader(
  db: DbOrTx,
  repo: CachedCatalogRepo,
  structures?: Pick<CatalogCache, 'cachedStructure'>,
) {
  async function trailContext(
    v: Viewer,
    trailId: number,
    courseId: number,
  ): Promise<TrailContext | undefined> {
    const [row] = rowsOf<{
      id: number;
      title: string;
      subscription_mode: SubscriptionMode;
      sequential: boolean;
      enrolled: boolean;
      prev_id: number | null;
      prev_title: string | null;
      prev_finished: boolean | null;
      others_finished: boolean;
    }>(
      await db.execute(sql`
        select t.id, t.title, t.subscription_mode, t.sequential,
          exists (select 1 from trail_enrollments te where te.trail_id = t.id and te.user_id = ${v.userId}) as enrolled,
          pc.id as prev_id, pc.title as prev_title,
          (pc.activity_count > 0 and coalesce(pp.completed_count, 0) >= pc.activity_count) as prev_finished,
          not exists (select 1 from trail_items oi
            join courses oc on oc.id = oi.item_id and oc.client_id = t.client_id and oc.published
            left join course_progress op on op.user_id = ${v.userId} and op.course_id = oc.id
            where oi.trail_id = t.id and oi.item_kind = 'course' and oc.id <> ${courseId}
              and coalesce(op.completed_count, 0) < oc.activity_count) as others_finished
        from trails t
        join trail_items me on me.trail_id = t.id and me.item_kind = 'course' and me.item_id = ${courseId}
        left join lateral (
          select c2.* from trail_items ti join courses c2 on c2.id = ti.item_id and c2.published
          where ti.trail_id = t.id and ti.item_kind = 'course' and ti.position < me.position
          order by ti.position desc limit 1) pc on true
        left join course_progress pp on pp.user_id = ${v.userId} and pp.course_id = pc.id
        where t.id = ${trailId} and ${visibleTo(v, 't')}`),
    );
    if (!row) return undefined;
    return {
      id: row.id,
      title: row.title,
      mode: row.subscription_mode,
      enrolled: row.enrolled,
      sequential: row.sequential,
      previous:
        row.prev_id !== null
          ? { id: row.prev_id, title: row.prev_title ?? '', finished: Boolean(row.prev_finished) }
          : null,
      otherCoursesFinished: Boolean(row.others_finished),
    };
  }

  /** The course's modules and activities, from the cache when there is one. */
  function structure(v: Viewer, courseId: number): Promise<StructureRow[]> {
    const read = async () =>
      rowsOf<StructureRow>(
        await db.execute(sql`
          select m.id as module_id, m.position as module_position, m.title as module_title,
            a.id, a.position, a.kind, a.title, a.description, a.requires_previous, a.requires_authorization,
            a.settings, a.content_prefix, a.content_path, a.file_name, a.file_mime, a.file_size, a.file_group,
            a.scorm
          from course_modules m
          left join activities a on a.module_id = m.id
          where m.course_id = ${courseId} and m.client_id = ${v.clientId}
          order by m.position, m.id, a.position, a.id`),
      );
    return structures ? structures.cachedStructure(v.clientId, courseId, read) : read();
  }

  /**
   * The viewer's progress on the course's activities, the instructor authorizations when one of them
   * waits for one (most courses have none), and the rows the card needs (`viewerRows`, when given), in
   * one statement: one round trip.
   */
  async function learnerRows(v: Viewer, shape: StructureRow[], viewerRows?: SQL) {
    const ids = intArrayParam(shape.flatMap((r) => (r.id === null ? [] : [r.id])));
    const authorizations = shape.some((r) => r.id !== null && r.requires_authorization);
    const [row] = rowsOf<{
      viewer_rows: RawViewerRow[] | null;
      progress: (LearnerActivityRow & { activity_id: number })[] | null;
      authorized: number[] | null;
    }>(
      await db.execute(sql`
        select
          ${viewerRows ? sql`(select json_agg(r) from (${viewerRows}) r)` : sql`null::json`} as viewer_rows,
          (select json_agg(p) from (
            select activity_id, status, percent, success, score, completed_at, position as resume_position,
              watched, duration, page, page_count
            from activity_progress where user_id = ${v.userId} and activity_id = any(${ids}::int[])) p
          ) as progress,
          ${
            authorizations
              ? sql`(select json_agg(activity_id) from activity_authorizations
                  where user_id = ${v.userId} and activity_id = any(${ids}::int[]))`
              : sql`null::json`
          } as authorized`),
    );
    return {
      mine: row?.viewer_rows ?? [],
      progress: new Map((row?.progress ?? []).map(({ activity_id, ...p }) => [Number(activity_id), p])),
      authorized: new Set((row?.authorized ?? []).map(Number)),
    };
  }

  /** A course as the viewer sees it (404 when not visible), with locks computed for every activity. */
  async function load(v: Viewer, courseId: number, trailId?: number): Promise<CourseContext> {
    const trail = trailId ? await trailContext(v, trailId, courseId) : null;
    if (trail === undefined) throw notFound();
    let card: CourseRow | undefined;
    let learner: Awaited<ReturnType<typeof learnerRows>>;
    let shape: StructureRow[];
    if (!trailId && repo.cardParts) {
      // Visibility from the cached catalog; the card's rows come with the viewer's progress rows.
      const parts = await repo.cardParts(v, courseId);
      if (!parts) throw notFound();
      shape = await structure(v, courseId);
      learner = await learnerRows(v, shape, parts.rowsSql);
      card = parts.card(learner.mine);
    } else {
      card = await repo.courseCard(v, courseId, { viaTrail: trailId });
      if (!card) throw notFound();
      shape = await structure(v, courseId);
      learner = await learnerRows(v, shape);
    }
    const rows: ActivityRow[] = shape.map((r) => ({
      ...r,
      ...((r.id !== null && learner.progress.get(r.id)) || notStarted),
      authorized: r.id !== null && learner.authorized.has(r.id),
    }));

    const prerequisites = [...(card.prerequisites ?? [])];
    if (trail?.sequential && trail.previous) prerequisites.push(trail.previous);
    const courseEnrolled = card.enroll_source !== null;
    const mode: SubscriptionMode = trail && trail.mode !== 'open' ? trail.mode : card.subscription_mode;
    const tests = (await testStatesOf(db, v.clientId, v.userId, [courseId])).get(courseId);
    card = { ...card, status: courseStatusWithTests(card.status, tests) };
    // A learner blocked by a block test is locked out of the whole course until unblocked.
    const lock: LockInfo = tests?.blocked
      ? { locked: true, reason: 'blocked', prerequisites: [] }
      : courseLock({ mode, enrolled: courseEnrolled || Boolean(trail?.enrolled), prerequisites });

    const acts = rows.filter((r): r is ActivityRow & { id: number } => r.id !== null);
    const locks = activityLocks(
      lock,
      acts.map((a) => ({
        id: a.id,
        moduleId: a.module_id,
        modulePosition: a.module_position,
        position: a.position,
        isTest: isTestActivityKind(a.kind),
        isGeneralTest: (generalTestKinds as readonly string[]).includes(a.kind),
        isReaction: a.kind === 'reaction_evaluation',
        requiresPrevious: a.requires_previous,
        requiresAuthorization: a.requires_authorization,
        finished: a.status === 'finished',
        authorized: a.authorized,
      })),
    );
    // A general test that covers the trail also waits for every other course of the trail.
    const trailPending = trail !== null && !trail.otherCoursesFinished;
    const waitsForTrail = (a: ActivityRow) =>
      trailPending &&
      (generalTestKinds as readonly string[]).includes(a.kind) &&
      a.settings['scope'] === 'trail';
    const activities = acts.map((a) => {
      const own = locks.get(a.id)!;
      const lock: LockInfo =
        !own.locked && waitsForTrail(a)
          ? { locked: true, reason: 'trail_courses_pending', prerequisites: [] }
          : own;
      return { ...a, hierarchyOrder: `${a.module_position}.${a.position}`, lock };
    });
    const modules: CourseModule[] = [];
    const moduleOf = new Map<number, CourseModule>();
    const activityOf = new Map(activities.map((a) => [a.id, a]));
    for (const r of rows) {
      let m = moduleOf.get(r.module_id);
      if (!m) {
        m = { id: r.module_id, position: r.module_position, title: r.module_title, activities: [] };
        modules.push(m);
        moduleOf.set(r.module_id, m);
      }
      const a = r.id === null ? undefined : activityOf.get(r.id);
      if (a) {
        m.activities.push({
          id: a.id,
          hierarchyOrder: a.hierarchyOrder,
          title: a.title,
          kind: a.kind,
          fileGroup: (a.file_group as CourseModule['activities'][number]['fileGroup']) ?? null,
          durationSeconds:
            typeof a.settings['durationSeconds'] === 'number'
              ? (a.settings['durationSeconds'] as number)
              : null,
          lock: a.lock,
          progress: activityProgressOf(a),
        });
      }
    }
    return {
      card,
      trail,
      lock,
      enrollment: enrollmentOf(card.subscription_mode, card.enroll_source, card.enrolled_at),
      progress: courseSummary(card.status, card.completed_count, card.activity_count),
      activities,
      modules,
    };
  }

  return { load };
}
export type CourseContextLoader = ReturnType<typeof createCourseContextLoader>;
