import { sql } from 'drizzle-orm';
import type { ActivityProgressBody, ProgressResponse, ScormCommitBody } from '@trilha/contracts/learning';
import { completionModeOf, isGameKind, isTestActivityKind, minSecondsOf } from '@trilha/contracts/learning';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { eventsOutsideTheApp, type EventSink } from '../../jobs/job-queue';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import {
  admitIntervals,
  coveredSeconds,
  DEFAULT_MEDIA_THRESHOLD,
  effectiveDuration,
  heartbeatSeconds,
  mediaBudget,
  mediaCompleted,
  mergeIntervals,
  pdfCompleted,
  pdfPercent,
  percentOf,
  supportedScormData,
  timePercent,
  watchedShare,
  type Interval,
} from './completion';
import { iso, type CourseContext, type CourseContextLoader } from './course-context';
import { lockErrorCode } from './locks';
import { isMediaKind } from './player.service';
import { MAX_SESSION_SECONDS, sessionSeconds } from '@trilha/domain/scorm';
import {
  attemptOver,
  exitOf,
  finishDefaults,
  nextLaunch,
  scormAttemptRules,
  scormOutcome,
  writableElements,
} from './scorm/scorm-runtime';
import { loadAttempt, storedCmi } from './scorm/scorm-storage';
import { visibleTo, type Viewer } from './viewer';

type Activity = CourseContext['activities'][number];

interface ProgressRow {
  status: 'in_progress' | 'finished';
  percent: number;
  position: number | null;
  watched: Interval[];
  duration: number | null;
  page: number | null;
  page_count: number | null;
  success: 'passed' | 'failed' | null;
  score: number | null;
  completed_at: string | Date | null;
  seconds_spent: number;
  /** Seconds since the previous report and since the activity was opened, by the database's clock. */
  since_seen: number | null;
  since_start: number | null;
}

interface Next {
  finished: boolean;
  percent: number;
  position?: number | null;
  watched?: Interval[];
  duration?: number | null;
  page?: number | null;
  pageCount?: number | null;
  success?: 'passed' | 'failed' | null;
  score?: number | null;
  secondsSpent?: number;
  /**
   * The decision replaces the stored one instead of only moving it up: status (a finished activity may be
   * reopened), percent, success and score follow it. SCORM's latest outcome of the counted attempt.
   */
  replace?: boolean;
}

/**
 * A trail is finished when every published course in it is (the trail list's own rule, catalog.repo.ts):
 * the trails `t` with their courses `c` and the user's progress `cp`, grouped by trail, then this filter.
 */
const finishedTrails = (userId: number) => sql`from trails t
  join trail_items ti on ti.trail_id = t.id and ti.item_kind = 'course'
  join courses c on c.id = ti.item_id and c.published and c.client_id = t.client_id
  left join course_progress cp on cp.user_id = ${userId} and cp.course_id = c.id`;
const trailFinishedWhen = sql`having count(c.id) > 0
  and count(c.id) = count(c.id) filter (where c.activity_count > 0 and coalesce(cp.completed_count, 0) >= c.activity_count)`;

/**
 * What the rewards area reads of learners' finishes and of the things they finish (its port
 * `LearningFinishes`, modules/rewards/awards.ports.ts); every statement names the client.
 */
export function createFinishReads(db: Db) {
  return {
    async target(clientId: number, type: 'activity' | 'course' | 'trail' | 'category', id: number) {
      const query = {
        activity: sql`select title, null::int as workload_minutes from activities where id = ${id} and client_id = ${clientId}`,
        course: sql`select title, workload_minutes from courses where id = ${id} and client_id = ${clientId}`,
        trail: sql`select t.title, (select sum(c.workload_minutes)::int from trail_items ti
            join courses c on c.id = ti.item_id and c.client_id = t.client_id
            where ti.trail_id = t.id and ti.item_kind = 'course') as workload_minutes
          from trails t where t.id = ${id} and t.client_id = ${clientId}`,
        category: sql`select name as title, null::int as workload_minutes from learning_categories
          where id = ${id} and client_id = ${clientId}`,
      }[type];
      const [row] = rowsOf<{ title: string; workload_minutes: number | null }>(await db.execute(query));
      return row ? { title: row.title, workloadMinutes: row.workload_minutes } : null;
    },

    async finished(clientId: number, userId: number, type: 'activity' | 'course' | 'trail', id: number) {
      const query = {
        activity: sql`select 1 from activity_progress where user_id = ${userId} and activity_id = ${id}
          and client_id = ${clientId} and status = 'finished'`,
        course: sql`select 1 from courses c join course_progress cp on cp.course_id = c.id and cp.user_id = ${userId}
          where c.id = ${id} and c.client_id = ${clientId} and c.activity_count > 0 and cp.completed_count >= c.activity_count`,
        trail: sql`select t.id ${finishedTrails(userId)} where t.id = ${id} and t.client_id = ${clientId}
          group by t.id ${trailFinishedWhen}`,
      }[type];
      return rowsOf(await db.execute(query)).length > 0;
    },

    /** Every course, trail or category of the client (published or not), by title: what a badge can name. */
    async choices(clientId: number, kind: 'course' | 'trail' | 'category') {
      const query = {
        course: sql`select id, title from courses where client_id = ${clientId} order by lower(title), id limit 1000`,
        trail: sql`select id, title from trails where client_id = ${clientId} order by lower(title), id limit 1000`,
        category: sql`select id, name as title from learning_categories where client_id = ${clientId}
          order by lower(name), id limit 1000`,
      }[kind];
      return rowsOf<{ id: number; title: string }>(await db.execute(query)).map((r) => ({
        id: Number(r.id),
        title: r.title,
      }));
    },

    async finishedCoursesInCategory(clientId: number, userId: number, categoryId: number) {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from courses c
          join course_progress cp on cp.course_id = c.id and cp.user_id = ${userId}
          where c.client_id = ${clientId} and c.category_id = ${categoryId}
            and c.activity_count > 0 and cp.completed_count >= c.activity_count`),
      );
      return row?.n ?? 0;
    },
  };
}
export type FinishReads = ReturnType<typeof createFinishReads>;

/** Kinds a file can be downloaded from (HTML lessons and SCORM packages only play in their frame). */
const downloadableKinds = new Set(['pdf', 'ppt', 'file', 'flash']);

/**
 * Progress reports and SCORM commits. The server decides completion from the evidence it keeps (watched
 * intervals within the wall time it saw pass, pages, loads, downloads it served, time between heartbeats,
 * the SCORM runtime data), by the rule the author chose (docs/completion.md), never from a "completed"
 * flag of the player; an activity that finished stays finished. Each report runs in one transaction with the activity row locked, and
 * keeps the course row (completed count, finish time) and the enrollment of open courses beside it.
 */
export function createProgressService(deps: {
  db: Db;
  contexts: CourseContextLoader;
  /** Emits learning.viewer-rows-changed from every progress write. */
  events?: EventSink;
}) {
  const events = deps.events ?? eventsOutsideTheApp();
  const { db, contexts } = deps;

  async function contextFor(v: Viewer, activityId: number, trailId?: number) {
    const [ref] = rowsOf<{ course_id: number }>(
      await db.execute(
        sql`select course_id from activities where id = ${activityId} and client_id = ${v.clientId}`,
      ),
    );
    if (!ref) throw notFound();
    const ctx = await contexts.load(v, ref.course_id, trailId);
    const activity = ctx.activities.find((a) => a.id === activityId);
    if (!activity) throw notFound();
    if (activity.lock.locked) throw new AppError(lockErrorCode[activity.lock.reason!], 403);
    return { ctx, activity };
  }

  /** The course's finish event, then that of every trail of the viewer's this course completes. */
  async function emitCourseFinished(
    tx: Tx,
    v: Viewer,
    courseId: number,
    finish: { clientId: number; userId: number; finishedAt: string },
  ) {
    const [course] = rowsOf<{ title: string; workload_minutes: number | null; category_id: number | null }>(
      await tx.execute(sql`select title, workload_minutes, category_id from courses
        where id = ${courseId} and client_id = ${v.clientId}`),
    );
    if (!course) return;
    await events.emit(
      'learning.course-finished',
      {
        ...finish,
        courseId,
        title: course.title,
        workloadMinutes: course.workload_minutes,
        categoryId: course.category_id,
      },
      { tx },
    );
    const trails = rowsOf<{ id: number; title: string; workload: number | null }>(
      await tx.execute(sql`
        select t.id, t.title, sum(c.workload_minutes)::int as workload
        ${finishedTrails(v.userId)}
        where t.client_id = ${v.clientId} and ${visibleTo(v, 't')}
          and exists (select 1 from trail_items x where x.trail_id = t.id and x.item_kind = 'course' and x.item_id = ${courseId})
        group by t.id
        ${trailFinishedWhen}
        order by t.id`),
    );
    for (const trail of trails) {
      await events.emit(
        'learning.trail-finished',
        { ...finish, trailId: trail.id, title: trail.title, workloadMinutes: trail.workload },
        { tx },
      );
    }
  }

  async function write(
    v: Viewer,
    activityId: number,
    trailId: number | undefined,
    decide: (current: ProgressRow | undefined, tx: Tx, activity: Activity) => Promise<Next>,
  ): Promise<ProgressResponse> {
    const { ctx, activity } = await contextFor(v, activityId, trailId);
    const courseId = ctx.card.id;
    const before = new Set(ctx.activities.filter((a) => a.lock.locked).map((a) => a.id));

    const result = await events.transaction(db, async (tx) => {
      await events.emit('learning.viewer-rows-changed', { userId: v.userId }, { tx });
      await tx.execute(sql`insert into course_progress (user_id, course_id, client_id)
        values (${v.userId}, ${courseId}, ${v.clientId}) on conflict do nothing`);
      if (ctx.card.subscription_mode === 'open') {
        await tx.execute(sql`insert into course_enrollments (course_id, user_id, client_id, source)
          values (${courseId}, ${v.userId}, ${v.clientId}, 'open') on conflict do nothing`);
      }
      // Lock the course row of this user: reports of two activities of one course serialize on it.
      await tx.execute(
        sql`select 1 from course_progress
          where user_id = ${v.userId} and course_id = ${courseId} and client_id = ${v.clientId} for update`,
      );
      const [current] = rowsOf<ProgressRow>(
        await tx.execute(sql`select status, percent, position, watched, duration, page, page_count, success, score, completed_at,
            seconds_spent, extract(epoch from now() - last_seen_at)::float8 as since_seen,
            extract(epoch from now() - started_at)::float8 as since_start
          from activity_progress where user_id = ${v.userId} and activity_id = ${activityId} and client_id = ${v.clientId} for update`),
      );
      const next = await decide(current, tx, activity);
      const wasFinished = current?.status === 'finished';
      const replace = next.replace === true;
      const finished = replace ? next.finished : wasFinished || next.finished;
      const percent = finished ? 100 : replace ? next.percent : Math.max(current?.percent ?? 0, next.percent);
      const [row] = rowsOf<ProgressRow>(
        await tx.execute(sql`
          insert into activity_progress (user_id, activity_id, course_id, client_id, status, percent, position, watched,
            duration, page, page_count, success, score, seconds_spent, last_seen_at, completed_at, updated_at)
          values (${v.userId}, ${activityId}, ${courseId}, ${v.clientId}, ${finished ? 'finished' : 'in_progress'}, ${percent},
            ${next.position ?? null}, ${JSON.stringify(next.watched ?? [])}::jsonb, ${next.duration ?? null}, ${next.page ?? null},
            ${next.pageCount ?? null}, ${next.success ?? null}, ${next.score ?? null}, ${next.secondsSpent ?? 0}, now(),
            ${finished ? sql`now()` : null}, now())
          on conflict (user_id, activity_id) do update set
            status = excluded.status, percent = excluded.percent,
            position = coalesce(excluded.position, activity_progress.position),
            watched = case when ${next.watched !== undefined} then excluded.watched else activity_progress.watched end,
            duration = coalesce(excluded.duration, activity_progress.duration),
            page = coalesce(excluded.page, activity_progress.page),
            page_count = coalesce(excluded.page_count, activity_progress.page_count),
            success = case when ${replace} then excluded.success else coalesce(excluded.success, activity_progress.success) end,
            score = case when ${replace} then excluded.score else coalesce(excluded.score, activity_progress.score) end,
            seconds_spent = greatest(excluded.seconds_spent, activity_progress.seconds_spent),
            last_seen_at = now(),
            completed_at = case when excluded.status = 'finished'
              then coalesce(activity_progress.completed_at, excluded.completed_at) end,
            updated_at = now()
          returning status, percent, position, watched, duration, page, page_count, success, score, completed_at,
            seconds_spent, null as since_seen, null as since_start`),
      );
      let completed = ctx.card.completed_count ?? 0;
      if (finished && !wasFinished) {
        const [cp] = rowsOf<{ completed_count: number }>(
          await tx.execute(sql`update course_progress set completed_count = completed_count + 1, last_activity_at = now(),
              finished_at = case when completed_count + 1 >= ${ctx.card.activity_count} then coalesce(finished_at, now()) else finished_at end
            where user_id = ${v.userId} and course_id = ${courseId} and client_id = ${v.clientId} returning completed_count`),
        );
        completed = cp?.completed_count ?? completed + 1;
        await audit(tx, {
          actorId: v.userId,
          clientId: v.clientId,
          action: 'activity.finish',
          target: { type: 'activity', id: activityId },
        });
        const finishedAt = iso(row!.completed_at) ?? new Date().toISOString();
        const finish = { clientId: v.clientId, userId: v.userId, finishedAt };
        await events.emit(
          'learning.activity-finished',
          { ...finish, activityId, courseId, title: activity.title },
          { tx },
        );
        if (completed >= ctx.card.activity_count) {
          await audit(tx, {
            actorId: v.userId,
            clientId: v.clientId,
            action: 'course.finish',
            target: { type: 'course', id: courseId },
          });
        }
        // Only the report that crossed the line finishes the course: an activity added later and
        // finished after it does not finish it again.
        if (completed >= ctx.card.activity_count && completed - 1 < ctx.card.activity_count) {
          await emitCourseFinished(tx, v, courseId, finish);
        }
      } else if (wasFinished && !finished) {
        // The latest outcome took the finish back (a failed attempt): the course counts one activity less.
        const [cp] = rowsOf<{ completed_count: number }>(
          await tx.execute(sql`update course_progress set completed_count = greatest(0, completed_count - 1),
              finished_at = null, last_activity_at = now()
            where user_id = ${v.userId} and course_id = ${courseId} and client_id = ${v.clientId} returning completed_count`),
        );
        completed = cp?.completed_count ?? Math.max(0, completed - 1);
        await audit(tx, {
          actorId: v.userId,
          clientId: v.clientId,
          action: 'activity.reopen',
          target: { type: 'activity', id: activityId },
        });
      } else {
        await tx.execute(
          sql`update course_progress set last_activity_at = now()
            where user_id = ${v.userId} and course_id = ${courseId} and client_id = ${v.clientId}`,
        );
      }
      return { row: row!, completed };
    });

    const after = await contexts.load(v, courseId, trailId);
    const unlocked = after.activities
      .filter((a) => before.has(a.id) && !a.lock.locked)
      .map((a) => a.hierarchyOrder);
    const { row } = result;
    const authored =
      typeof activity.settings['durationSeconds'] === 'number'
        ? (activity.settings['durationSeconds'] as number)
        : null;
    const media = isMediaKind(activity.kind);
    return {
      activity: {
        status: row.status,
        percent: row.status === 'finished' ? 100 : row.percent,
        success: row.success,
        score: row.score,
        completedAt: iso(row.completed_at),
        watchedShare: media ? watchedShare(row.watched, authored ?? row.duration) : null,
        resumePosition: row.position,
        resumePage: row.page,
      },
      course: after.progress,
      unlocked,
    };
  }

  /** POST /api/learning/activities/:id/progress */
  async function report(v: Viewer, activityId: number, body: ActivityProgressBody, trailId?: number) {
    return write(v, activityId, trailId, async (current, _tx, activity) => {
      const kind = activity.kind;
      const settings = activity.settings;
      const mode = completionModeOf(kind, settings);
      const kept = { finished: false, percent: current?.percent ?? 0 };
      if (body.type === 'media') {
        if (!isMediaKind(kind)) throw new AppError('LEARNING_PROGRESS_KIND_MISMATCH', 400);
        const authored =
          typeof settings['durationSeconds'] === 'number' ? (settings['durationSeconds'] as number) : null;
        const duration = effectiveDuration(authored, current?.duration ?? null, body.duration);
        const before = mergeIntervals(current?.watched ?? [], duration);
        // Only what the wall time since the activity was opened (and since the last report) allows.
        const budget = mediaBudget({
          sinceLastReport: current?.since_seen ?? null,
          sinceOpened: current?.since_start ?? null,
          alreadyWatched: coveredSeconds(before),
        });
        const watched = mergeIntervals(
          [...before, ...admitIntervals(before, body.intervals, budget, duration)],
          duration,
        );
        const threshold =
          typeof settings['completionThreshold'] === 'number'
            ? (settings['completionThreshold'] as number)
            : DEFAULT_MEDIA_THRESHOLD;
        const share = watchedShare(watched, duration);
        return {
          finished: mediaCompleted(share, threshold),
          percent: percentOf(share),
          position: duration ? Math.min(body.position, duration) : body.position,
          watched,
          duration: authored ? null : duration,
        };
      }
      if (body.type === 'pdf') {
        if (kind !== 'pdf') throw new AppError('LEARNING_PROGRESS_KIND_MISMATCH', 400);
        // The page count measured at upload wins over the one the viewer reports.
        const known = typeof settings['pageCount'] === 'number' ? (settings['pageCount'] as number) : null;
        const pageCount = known ?? Math.max(body.pageCount, current?.page_count ?? 0);
        const page = Math.min(body.page, pageCount);
        const maxPage = Math.max(page, Math.round(((current?.percent ?? 0) / 100) * pageCount));
        if (mode !== 'last_page') return { ...kept, page, pageCount: known ? null : pageCount };
        return {
          finished: pdfCompleted(page, pageCount),
          percent: pdfPercent(maxPage, pageCount),
          page,
          pageCount: known ? null : pageCount,
        };
      }
      // Opening starts the clock of every kind; it completes nothing.
      if (body.type === 'open') return kept;
      if (mode === null || body.type === 'done') throw new AppError('LEARNING_PROGRESS_KIND_MISMATCH', 400);
      if (body.type === 'loaded') return mode === 'view' ? { finished: true, percent: 100 } : kept;
      // A heartbeat: the server counts the time since the previous report, whatever the player claims.
      const secondsSpent = (current?.seconds_spent ?? 0) + heartbeatSeconds(current?.since_seen ?? null);
      if (mode !== 'time') return { ...kept, secondsSpent };
      const minSeconds = minSecondsOf(settings);
      return {
        finished: secondsSpent >= minSeconds,
        percent: timePercent(secondsSpent, minSeconds),
        secondsSpent,
      };
    });
  }

  /**
   * GET /api/learning/activities/:id/download: the file is served by the API, so a download is a fact
   * the server saw. Records it (completing `download` activities) and returns what to stream.
   */
  async function download(v: Viewer, activityId: number, trailId?: number) {
    const found: { file?: { key: string; name: string; mime: string } } = {};
    const progress = await write(v, activityId, trailId, async (current, _tx, activity) => {
      const path = activity.content_path?.split('?')[0];
      if (!downloadableKinds.has(activity.kind) || !activity.content_prefix || !path)
        throw new AppError('LEARNING_ACTIVITY_NOT_READY', 409);
      found.file = {
        key: `${activity.content_prefix}/${path}`,
        name: activity.file_name ?? path.slice(path.lastIndexOf('/') + 1),
        mime: activity.file_mime ?? 'application/octet-stream',
      };
      if (completionModeOf(activity.kind, activity.settings) === 'download')
        return { finished: true, percent: 100 };
      return { finished: false, percent: current?.percent ?? 0 };
    });
    return { progress, file: found.file! };
  }

  /**
   * POST /api/learning/activities/:id/scorm/commit: merges the runtime data into the learner's attempt and
   * rules on the outcome (docs/scorm.md). A commit names its attempt: the next one starts only after a
   * normal exit and when the author allows it; an attempt that is over takes no more data.
   */
  async function commit(v: Viewer, activityId: number, body: ScormCommitBody, trailId?: number) {
    return write(v, activityId, trailId, async (current, tx, activity) => {
      if (activity.kind !== 'scorm' || !activity.scorm)
        throw new AppError('LEARNING_PROGRESS_KIND_MISMATCH', 400);
      const { version, masteryScore } = activity.scorm;
      const threshold = activity.scorm.completionThreshold ?? null;
      const wasFinished = current?.status === 'finished';
      const stored = await loadAttempt(tx, v, activityId, true);
      const launch = nextLaunch(version, stored, scormAttemptRules(activity.settings), wasFinished);
      const attempt = body.attempt ?? stored?.attempt ?? 1;
      let base: Record<string, string>;
      let totalSeconds: number;
      if (stored && launch.kind === 'new' && attempt === launch.attempt) {
        base = {};
        totalSeconds = 0;
      } else if (attempt === (stored?.attempt ?? 1) && !attemptOver(version, stored)) {
        base = stored?.cmi ?? {};
        totalSeconds = stored?.totalSeconds ?? 0;
      } else {
        throw new AppError('LEARNING_SCORM_ATTEMPT_OVER', 409);
      }
      const cmi = { ...base, ...writableElements(body.cmi) };
      const sessionKey = version === '1.2' ? 'cmi.core.session_time' : 'cmi.session_time';
      let added = 0;
      if (body.terminate) {
        Object.assign(cmi, finishDefaults(version, cmi, masteryScore));
        added = Math.min(MAX_SESSION_SECONDS, Math.round(sessionSeconds(version, cmi[sessionKey]) ?? 0));
      }
      // A session's time counts once, when it ends; the next session starts without it.
      delete cmi[sessionKey];
      const endedWith = body.terminate ? exitOf(version, cmi) : null;
      await tx.execute(sql`
        insert into scorm_runtime_data (user_id, activity_id, client_id, cmi, sessions, attempt, ended_with, total_seconds, updated_at)
        values (${v.userId}, ${activityId}, ${v.clientId}, ${JSON.stringify(storedCmi(cmi))}::jsonb, ${body.terminate ? 1 : 0},
          ${attempt}, ${endedWith}, ${totalSeconds + added}, now())
        on conflict (user_id, activity_id) do update set
          cmi = excluded.cmi, sessions = scorm_runtime_data.sessions + excluded.sessions, attempt = excluded.attempt,
          ended_with = excluded.ended_with, total_seconds = excluded.total_seconds, updated_at = now()`);
      // Ruled only on what the runtime data supports (vocabulary, passing score), never the player's word.
      const outcome = scormOutcome(
        version,
        supportedScormData(version, cmi, masteryScore, threshold),
        masteryScore,
      );
      // A failure counts at once; a completion when the session that reached it ends (a package that says
      // "completed" and then fails its quiz in the same session never finishes the activity); an attempt in
      // progress does not take away the finish of an earlier one.
      const finished =
        outcome.success !== 'failed' && (wasFinished || (outcome.completed && body.terminate === true));
      return {
        finished,
        percent: finished ? 100 : Math.min(99, outcome.percent),
        success: outcome.success,
        score: outcome.score,
        secondsSpent: (current?.seconds_spent ?? 0) + added,
        replace: true,
      };
    });
  }

  /**
   * A test's or quiz's outcome, decided by the assessments module from a graded attempt: finishes the
   * activity when `finished` (a pass, or a practice quiz submitted), so the activity's (and course's)
   * finish event and its awards run once, and keeps the counted score. Joins the caller's unit of work.
   */
  async function recordTest(
    v: Viewer,
    activityId: number,
    trailId: number | undefined,
    outcome: { finished: boolean; score: number | null; success: 'passed' | 'failed' | null },
  ) {
    return write(v, activityId, trailId, async (current, _tx, activity) => {
      if (!isTestActivityKind(activity.kind)) throw new AppError('ASSESSMENT_NOT_A_TEST', 400);
      return {
        finished: outcome.finished,
        percent: outcome.finished ? 100 : (current?.percent ?? 0),
        success: outcome.success,
        score: outcome.score,
      };
    });
  }

  /**
   * A reaction evaluation answered: finishes the activity (never a grade: no score, no success), so its
   * finish event, its awards and the course's finish run once. Joins the caller's unit of work (the
   * reactions service writes the answers in it).
   */
  async function recordReaction(v: Viewer, activityId: number, trailId: number | undefined) {
    return write(v, activityId, trailId, async (_current, _tx, activity) => {
      if (activity.kind !== 'reaction_evaluation') throw new AppError('REACTION_NOT_A_REACTION', 400);
      return { finished: true, percent: 100, success: null, score: null };
    });
  }

  /**
   * A game's attempt, replayed by the games module from the learner's moves: finishes the activity when
   * `finished` (won; flashcards: every card known), so its finish event and awards run once, and keeps
   * the best score. Joins the caller's unit of work.
   */
  async function recordGame(
    v: Viewer,
    activityId: number,
    trailId: number | undefined,
    outcome: { finished: boolean; score: number },
  ) {
    return write(v, activityId, trailId, async (current, _tx, activity) => {
      if (!isGameKind(activity.kind)) throw new AppError('GAME_NOT_A_GAME', 400);
      return {
        finished: outcome.finished,
        percent: outcome.finished ? 100 : (current?.percent ?? 0),
        success: outcome.finished ? 'passed' : null,
        score: Math.max(outcome.score, current?.score ?? 0),
      };
    });
  }

  return { report, commit, download, recordTest, recordReaction, recordGame };
}
export type ProgressService = ReturnType<typeof createProgressService>;
