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
import { rowsOf, type DbOrTx } from '../../db/client';
import type { ScormInfo } from '../../db/schema/learning';
import { notFound } from '../../lib/errors';
import type { CachedCatalogRepo, RawViewerRow } from './catalog-cache';
import type { CourseRow } from './catalog.repo';
import { activityLocks, courseLock } from './locks';
import { visibleTo, type Viewer } from './viewer';

export interface ActivityRow {
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
  authorized: boolean;
}

export interface TrailContext {
  id: number;
  title: string;
  mode: SubscriptionMode;
  enrolled: boolean;
  sequential: boolean;
  /** The course before this one in the trail (sequential trails lock on it). */
  previous: PrerequisiteRef | null;
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

export function createCourseContextLoader(db: DbOrTx, repo: CachedCatalogRepo) {
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
    }>(
      await db.execute(sql`
        select t.id, t.title, t.subscription_mode, t.sequential,
          exists (select 1 from trail_enrollments te where te.trail_id = t.id and te.user_id = ${v.userId}) as enrolled,
          pc.id as prev_id, pc.title as prev_title,
          (pc.activity_count > 0 and coalesce(pp.completed_count, 0) >= pc.activity_count) as prev_finished
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
    };
  }

  async function structure(v: Viewer, courseId: number): Promise<ActivityRow[]> {
    return rowsOf<ActivityRow>(await db.execute(structureSql(v, courseId)));
  }

  /**
   * The structure and, in the same statement, the viewer's rows the card needs (`viewerRows`, one
   * statement instead of two: a round trip costs more than either).
   */
  async function structureWith(v: Viewer, courseId: number, viewerRows: SQL) {
    const rows = rowsOf<ActivityRow & { viewer_rows: RawViewerRow[] | null }>(
      await db.execute(sql`
        select s.*, mine.rows as viewer_rows
        from (select json_agg(r) as rows from (${viewerRows}) r) mine
        left join lateral (${structureSql(v, courseId)}) s on true
        order by s.module_position, s.module_id, s.position, s.id`),
    );
    const mine = rows[0]?.viewer_rows ?? [];
    const structureRows: ActivityRow[] = [];
    for (const { viewer_rows: _, ...row } of rows) if (row.module_id !== null) structureRows.push(row);
    return { rows: structureRows, mine };
  }

  function structureSql(v: Viewer, courseId: number): SQL {
    return sql`
        select m.id as module_id, m.position as module_position, m.title as module_title,
          a.id, a.position, a.kind, a.title, a.description, a.requires_previous, a.requires_authorization, a.settings,
          a.content_prefix, a.content_path, a.file_name, a.file_mime, a.file_size, a.file_group, a.scorm,
          ap.status, ap.percent, ap.success, ap.score, ap.completed_at, ap.position as resume_position, ap.watched,
          ap.duration, ap.page, ap.page_count, (aa.user_id is not null) as authorized
        from course_modules m
        left join activities a on a.module_id = m.id
        left join activity_progress ap on ap.user_id = ${v.userId} and ap.activity_id = a.id
        left join activity_authorizations aa on aa.activity_id = a.id and aa.user_id = ${v.userId}
        where m.course_id = ${courseId} and m.client_id = ${v.clientId}
        order by m.position, m.id, a.position, a.id`;
  }

  /** A course as the viewer sees it (404 when not visible), with locks computed for every activity. */
  async function load(v: Viewer, courseId: number, trailId?: number): Promise<CourseContext> {
    const trail = trailId ? await trailContext(v, trailId, courseId) : null;
    if (trail === undefined) throw notFound();
    let card: CourseRow | undefined;
    let rows: ActivityRow[];
    if (!trailId && repo.cardParts) {
      // Visibility from the cached catalog; the viewer's rows come with the structure.
      const parts = await repo.cardParts(v, courseId);
      if (!parts) throw notFound();
      const read = await structureWith(v, courseId, parts.rowsSql);
      card = parts.card(read.mine);
      rows = read.rows;
    } else {
      card = await repo.courseCard(v, courseId, { viaTrail: trailId });
      if (!card) throw notFound();
      rows = await structure(v, courseId);
    }

    const prerequisites = [...(card.prerequisites ?? [])];
    if (trail?.sequential && trail.previous) prerequisites.push(trail.previous);
    const courseEnrolled = card.enroll_source !== null;
    const mode: SubscriptionMode = trail && trail.mode !== 'open' ? trail.mode : card.subscription_mode;
    const lock = courseLock({ mode, enrolled: courseEnrolled || Boolean(trail?.enrolled), prerequisites });

    const acts = rows.filter((r): r is ActivityRow & { id: number } => r.id !== null);
    const locks = activityLocks(
      lock,
      acts.map((a) => ({
        id: a.id,
        moduleId: a.module_id,
        position: a.position,
        requiresPrevious: a.requires_previous,
        requiresAuthorization: a.requires_authorization,
        finished: a.status === 'finished',
        authorized: a.authorized,
      })),
    );
    const activities = acts.map((a) => ({
      ...a,
      hierarchyOrder: `${a.module_position}.${a.position}`,
      lock: locks.get(a.id)!,
    }));
    const modules: CourseModule[] = [];
    for (const r of rows) {
      let m = modules.find((x) => x.id === r.module_id);
      if (!m) {
        m = { id: r.module_id, position: r.module_position, title: r.module_title, activities: [] };
        modules.push(m);
      }
      const a = activities.find((x) => x.id === r.id);
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
