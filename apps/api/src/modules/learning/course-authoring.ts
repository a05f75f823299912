import { and, eq, sql } from 'drizzle-orm';
import type {
  AdminCourse,
  AdminCourseListPage,
  AudienceBody,
  CourseBody,
  FileGroup,
} from '@trilha/contracts/learning';
import {
  courseBody,
  gameSettingsByKind,
  isGameKind,
  isTestActivityKind,
  reactionSettings,
  testSettings,
} from '@trilha/contracts/learning';
import type { RoleName } from '@trilha/contracts/session';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { activities, courseModules, courses } from '../../db/schema/learning';
import { AppError, notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import { coverUrlOf } from './catalog.service';
import type { ContentSigner } from './content-urls';
import { iso } from './course-context';
import type { Actor, SharedWrites } from './authoring-shared';

/** Courses: their list, the back office's view of one, their fields, cover, publishing and audience. */
export function createCourseAuthoring(deps: { db: Db; signer: ContentSigner }, kit: SharedWrites) {
  const { db, signer } = deps;
  const { changeCatalog, assertIds, setItemCover, setItemPublished, setItemAudience } = kit;

  async function courseRow(clientId: number, courseId: number, tx: DbOrTx = db) {
    const [row] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.id, courseId), eq(courses.clientId, clientId)));
    if (!row) throw notFound();
    return row;
  }

  async function adminCourse(clientId: number, courseId: number): Promise<AdminCourse> {
    const c = await courseRow(clientId, courseId);
    const mods = await db
      .select()
      .from(courseModules)
      .where(and(eq(courseModules.courseId, courseId), eq(courseModules.clientId, clientId)))
      .orderBy(courseModules.position, courseModules.id);
    const acts = await db
      .select()
      .from(activities)
      .where(and(eq(activities.courseId, courseId), eq(activities.clientId, clientId)))
      .orderBy(activities.position, activities.id);
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from course_enrollments
        where course_id = ${courseId} and client_id = ${clientId}`),
    );
    return {
      id: c.id,
      title: c.title,
      description: c.description,
      coverUrl: coverUrlOf(signer, c.coverKey),
      workloadMinutes: c.workloadMinutes,
      categoryId: c.categoryId,
      tagIds: c.tagIds,
      subscriptionMode: c.subscriptionMode as AdminCourse['subscriptionMode'],
      prerequisiteIds: c.prerequisiteIds,
      isPublic: c.isPublic,
      published: c.published,
      publishedAt: iso(c.publishedAt),
      audience: {
        areaIds: c.audienceAreaIds,
        groupIds: c.audienceGroupIds,
        countryIds: c.audienceCountryIds,
        roles: c.audienceRoles as RoleName[],
      },
      modules: mods.map((m) => ({
        id: m.id,
        position: m.position,
        title: m.title,
        activities: acts
          .filter((a) => a.moduleId === m.id)
          .map((a) => ({
            id: a.id,
            moduleId: a.moduleId,
            hierarchyOrder: `${m.position}.${a.position}`,
            position: a.position,
            kind: a.kind as AdminCourse['modules'][number]['activities'][number]['kind'],
            title: a.title,
            description: a.description,
            requiresPrevious: a.requiresPrevious,
            requiresAuthorization: a.requiresAuthorization,
            settings: a.settings,
            file:
              a.fileName && a.fileMime
                ? {
                    name: a.fileName,
                    mime: a.fileMime,
                    size: a.fileSize ?? 0,
                    fileGroup: (a.fileGroup as FileGroup | null) ?? null,
                  }
                : null,
            scorm: a.scorm
              ? {
                  version: a.scorm.version,
                  title: a.scorm.title,
                  launchHref: a.scorm.launchHref,
                  fileCount: a.scorm.fileCount,
                  // Packages imported before the import report have none of these.
                  scoCount: a.scorm.scoCount ?? null,
                  sequencing: a.scorm.sequencing ?? null,
                  size: a.scorm.size ?? null,
                }
              : null,
            ready: isReady(a.kind, a.settings, a.contentPrefix, a.scorm !== null),
            test: isTestActivityKind(a.kind) ? (testSettings.safeParse(a.settings).data ?? null) : null,
            reaction:
              a.kind === 'reaction_evaluation' ? (reactionSettings.safeParse(a.settings).data ?? null) : null,
            game: isGameKind(a.kind) ? a.settings : null,
          })),
      })),
      enrollmentCount: count?.n ?? 0,
      createdAt: iso(c.createdAt)!,
      updatedAt: iso(c.updatedAt)!,
    };
  }

  async function listCourses(
    clientId: number,
    q: { search: string; published: 'all' | 'published' | 'draft'; page: number; pageSize: number },
  ): Promise<AdminCourseListPage> {
    const filters = [sql`c.client_id = ${clientId}`];
    if (q.search)
      filters.push(
        sql`lower(c.title) like ${`%${q.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`,
      );
    if (q.published !== 'all') filters.push(sql`c.published = ${q.published === 'published'}`);
    const rows = rowsOf<{
      id: number;
      title: string;
      cover_key: string | null;
      published: boolean;
      is_public: boolean;
      subscription_mode: AdminCourse['subscriptionMode'];
      activity_count: number;
      enrollment_count: number;
      updated_at: string | Date;
      total: number;
    }>(
      await db.execute(sql`
        select c.id, c.title, c.cover_key, c.published, c.is_public, c.subscription_mode, c.activity_count, c.updated_at,
          (select count(*)::int from course_enrollments e where e.course_id = c.id and e.client_id = c.client_id) as enrollment_count,
          count(*) over ()::int as total
        from courses c where ${sql.join(filters, sql` and `)}
        order by c.updated_at desc, c.id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
    );
    return {
      items: rows.map((r) => ({
        id: r.id,
        title: r.title,
        coverUrl: coverUrlOf(signer, r.cover_key),
        published: r.published,
        isPublic: r.is_public,
        subscriptionMode: r.subscription_mode,
        activityCount: r.activity_count,
        enrollmentCount: r.enrollment_count,
        updatedAt: iso(r.updated_at)!,
      })),
      total: rows[0]?.total ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** Refuses a prerequisite graph with a cycle through `courseId`. */
  async function assertNoCycle(tx: DbOrTx, clientId: number, courseId: number, prerequisiteIds: number[]) {
    if (prerequisiteIds.includes(courseId)) throw new AppError('LEARNING_PREREQUISITE_CYCLE', 400);
    const rows = rowsOf<{ id: number; prerequisite_ids: number[] }>(
      await tx.execute(sql`select id, prerequisite_ids from courses where client_id = ${clientId}`),
    );
    const graph = new Map(rows.map((r) => [r.id, r.prerequisite_ids]));
    graph.set(courseId, prerequisiteIds);
    const seen = new Set<number>();
    const stack = [...prerequisiteIds];
    while (stack.length) {
      const next = stack.pop()!;
      if (next === courseId) throw new AppError('LEARNING_PREREQUISITE_CYCLE', 400);
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(graph.get(next) ?? []));
    }
  }

  async function checkCourseRefs(tx: DbOrTx, clientId: number, body: ReturnType<typeof courseBody.parse>) {
    if (body.categoryId)
      await assertIds(tx, 'learning_categories', clientId, [body.categoryId], 'categoryId');
    await assertIds(tx, 'learning_tags', clientId, body.tagIds, 'tagIds');
    await assertIds(tx, 'courses', clientId, body.prerequisiteIds, 'prerequisiteIds');
  }

  async function createCourse(actor: Actor, input: CourseBody) {
    const body = courseBody.parse(input);
    const id = await changeCatalog(actor.clientId, async (tx) => {
      await checkCourseRefs(tx, actor.clientId, body);
      const [row] = await tx
        .insert(courses)
        .values({
          clientId: actor.clientId,
          title: body.title,
          description: body.description,
          workloadMinutes: body.workloadMinutes,
          categoryId: body.categoryId,
          tagIds: [...new Set(body.tagIds)],
          subscriptionMode: body.subscriptionMode,
          prerequisiteIds: [...new Set(body.prerequisiteIds)],
          isPublic: body.isPublic,
          createdBy: actor.userId,
        })
        .returning({ id: courses.id });
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'course.create',
        target: { type: 'course', id: row!.id },
      });
      return row!.id;
    });
    return adminCourse(actor.clientId, id);
  }

  async function updateCourse(actor: Actor, courseId: number, input: CourseBody) {
    const body = courseBody.parse(input);
    await changeCatalog(actor.clientId, async (tx) => {
      await courseRow(actor.clientId, courseId, tx);
      await checkCourseRefs(tx, actor.clientId, body);
      await assertNoCycle(tx, actor.clientId, courseId, body.prerequisiteIds);
      await tx
        .update(courses)
        .set({
          title: body.title,
          description: body.description,
          workloadMinutes: body.workloadMinutes,
          categoryId: body.categoryId,
          tagIds: [...new Set(body.tagIds)],
          subscriptionMode: body.subscriptionMode,
          prerequisiteIds: [...new Set(body.prerequisiteIds)],
          isPublic: body.isPublic,
          updatedAt: new Date(),
        })
        .where(and(eq(courses.id, courseId), eq(courses.clientId, actor.clientId)));
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'course.update',
        target: { type: 'course', id: courseId },
      });
    });
    return adminCourse(actor.clientId, courseId);
  }

  async function setCourseCover(actor: Actor, courseId: number, data: Buffer) {
    await setItemCover(actor, 'course', courseId, data);
    return adminCourse(actor.clientId, courseId);
  }

  async function publishCourse(actor: Actor, courseId: number, published: boolean) {
    await setItemPublished(actor, 'course', courseId, published);
    return adminCourse(actor.clientId, courseId);
  }

  async function setCourseAudience(actor: Actor, courseId: number, input: AudienceBody) {
    await setItemAudience(actor, 'course', courseId, input);
    return adminCourse(actor.clientId, courseId);
  }

  return {
    courseRow,
    adminCourse,
    listCourses,
    createCourse,
    updateCourse,
    setCourseCover,
    publishCourse,
    setCourseAudience,
  };
}
export type CourseAuthoring = ReturnType<typeof createCourseAuthoring>;

function isReady(
  kind: string,
  settings: Record<string, unknown>,
  prefix: string | null,
  hasScorm: boolean,
): boolean {
  switch (kind) {
    case 'youtube':
    case 'vimeo':
      return typeof settings['videoId'] === 'string' && settings['videoId'] !== '';
    case 'slideshare':
      return typeof settings['embedUrl'] === 'string' && settings['embedUrl'] !== '';
    case 'wowza':
      return (typeof settings['streamUrl'] === 'string' && settings['streamUrl'] !== '') || prefix !== null;
    case 'scorm':
      return hasScorm;
    case 'reaction_evaluation':
      return reactionSettings.safeParse(settings).success;
    default:
      if (isTestActivityKind(kind)) return testSettings.safeParse(settings).success;
      if (isGameKind(kind)) return gameSettingsByKind[kind].safeParse(settings).success;
      return prefix !== null;
  }
}
