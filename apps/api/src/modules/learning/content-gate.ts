import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { CatalogCache } from './catalog-cache';
import type { ContentGrant } from './content-urls';

interface CourseAccess {
  published: boolean;
  open: boolean;
}

interface Enrollments {
  courses: Set<number>;
  trails: Set<number>;
  /** Courses the user is blocked in by a block test (docs/assessments.md): none of their files is served. */
  blocked: Set<number>;
}

/**
 * Whether a signed content URL may still be served. A URL is a bearer capability (media elements and
 * frames cannot send the session's token), so it is tied to the login that asked for it: it stops working
 * when that login ends (logout, block, refresh-token reuse, expiry) and when the user can no longer open
 * the course (unenrolled from a course that needs enrollment, course unpublished). Public images (covers,
 * portfolio photos) carry no login.
 *
 * It runs for every file a lesson loads (a SCORM package's pages and assets, each HLS segment), so the
 * course's flags and the user's enrollments come from the catalog cache, dropped by the writes that
 * change them (back-office writes, the user's enrollments) on every instance.
 */
export function createContentGate(deps: {
  db: Db;
  cache: CatalogCache;
  isSessionLive: (sessionId: string) => Promise<boolean>;
}) {
  const { db, cache, isSessionLive } = deps;

  const courseAccess = (courseId: number) =>
    cache.cachedCourseAccess(courseId, async (): Promise<CourseAccess | null> => {
      const [row] = rowsOf<CourseAccess>(
        await db.execute(sql`
          select c.published, c.subscription_mode = 'open' as open from courses c where c.id = ${courseId}`),
      );
      return row ? { published: Boolean(row.published), open: Boolean(row.open) } : null;
    });

  const enrollments = (userId: number) =>
    cache.cachedEnrollments(userId, async (): Promise<Enrollments> => {
      const rows = rowsOf<{ k: number; id: number }>(
        await db.execute(sql`
          select 0 as k, course_id as id from course_enrollments where user_id = ${userId}
          union all
          select 1, trail_id from trail_enrollments where user_id = ${userId}
          union all
          select 2, course_id from assessment_course_states where user_id = ${userId} and blocked_at is not null`),
      );
      const out: Enrollments = { courses: new Set(), trails: new Set(), blocked: new Set() };
      for (const r of rows) [out.courses, out.trails, out.blocked][Number(r.k)]?.add(Number(r.id));
      return out;
    });

  /**
   * Published, the user not blocked in it by a test, and open or the user is enrolled in it or in the
   * trail it was opened from.
   */
  async function courseOpen(userId: number, courseId: number, trailId?: number): Promise<boolean> {
    const course = await courseAccess(courseId);
    if (!course?.published) return false;
    const mine = await enrollments(userId);
    if (mine.blocked.has(courseId)) return false;
    if (course.open) return true;
    return mine.courses.has(courseId) || (trailId !== undefined && mine.trails.has(trailId));
  }

  return {
    async allows(grant: ContentGrant): Promise<boolean> {
      if (grant.userId === 0) return grant.mode === 'file';
      if (!grant.sessionId || !(await isSessionLive(grant.sessionId))) return false;
      if (grant.courseId === undefined) return true;
      return courseOpen(grant.userId, grant.courseId, grant.trailId);
    },
  };
}
export type ContentGate = ReturnType<typeof createContentGate>;
