import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type {
  ActivityBody,
  ActivitySettings,
  ModuleBody,
  ParsedActivityBody,
} from '@trilha/contracts/learning';
import { activityBody, isGameKind, isTestActivityKind } from '@trilha/contracts/learning';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { activities, courseModules } from '../../db/schema/learning';
import { AppError, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { audit } from '../audit/audit';
import { receiveUpload, temporaryUploadKey } from '../../lib/uploads';
import {
  isHlsUrl,
  slideshareUrl,
  storeActivityFile,
  vimeoId,
  youtubeId,
  type StoreOptions,
} from './activity-files';
import { intArrayParam } from './viewer';
import type { Actor, SharedWrites } from './authoring-shared';
import type { CourseAuthoring } from './course-authoring';

/**
 * Modules and activities of a course, the activities' settings per kind and their uploaded files. Every
 * write answers the course as the back office sees it.
 */
export function createContentAuthoring(
  deps: { db: Db; storage: Storage; maxUploadBytes: number },
  kit: Pick<SharedWrites, 'changeCatalog'>,
  course: Pick<CourseAuthoring, 'courseRow' | 'adminCourse'>,
) {
  const { db, storage, maxUploadBytes } = deps;
  const { changeCatalog } = kit;
  const { courseRow, adminCourse } = course;

  /**
   * Numbers the modules of a course (or the activities of a module) 1..n in their order, with `moved`
   * put at `position` (1-based, clamped to the list; undefined keeps its place).
   */
  async function renumber(
    tx: DbOrTx,
    table: 'course_modules' | 'activities',
    parentId: number,
    moved?: { id: number; position: number | undefined },
  ) {
    const parent = sql.raw(table === 'course_modules' ? 'course_id' : 'module_id');
    const ids = rowsOf<{ id: number }>(
      await tx.execute(
        sql`select id from ${sql.raw(table)} where ${parent} = ${parentId} order by position, id`,
      ),
    ).map((r) => Number(r.id));
    const order = moved ? placed(ids, moved.id, moved.position) : ids;
    if (order.length === 0) return;
    await tx.execute(sql`update ${sql.raw(table)} t set position = o.n
      from unnest(${intArrayParam(order)}::int[]) with ordinality as o(id, n) where t.id = o.id`);
  }

  function placed(ids: number[], id: number, position: number | undefined): number[] {
    const others = ids.filter((x) => x !== id);
    const at = position === undefined ? ids.indexOf(id) + 1 || others.length + 1 : position;
    others.splice(Math.min(Math.max(at - 1, 0), others.length), 0, id);
    return others;
  }

  /** Where a new module or activity is inserted before `renumber` puts it in its place: last. */
  const APPEND = 2_000_000_000;

  /**
   * Keeps the course's activity count and every learner's completed count in step with its activities
   * (an activity added to a finished course reopens it; one removed may finish it).
   */
  async function recount(tx: DbOrTx, clientId: number, courseId: number) {
    await tx.execute(sql`update courses set activity_count = (select count(*) from activities
        where course_id = ${courseId} and client_id = ${clientId}),
      updated_at = now() where id = ${courseId} and client_id = ${clientId}`);
    await tx.execute(sql`
      update course_progress cp set completed_count = x.n,
        finished_at = case when x.n >= c.activity_count and c.activity_count > 0 then coalesce(cp.finished_at, now()) else null end
      from courses c, (select cp2.user_id, count(ap.activity_id)::int as n from course_progress cp2
          left join activity_progress ap on ap.user_id = cp2.user_id and ap.course_id = cp2.course_id and ap.status = 'finished'
          where cp2.course_id = ${courseId} group by cp2.user_id) x
      where cp.course_id = ${courseId} and cp.client_id = ${clientId} and c.id = cp.course_id and x.user_id = cp.user_id`);
  }

  async function moduleRow(tx: DbOrTx, clientId: number, moduleId: number) {
    const [m] = await tx
      .select()
      .from(courseModules)
      .where(and(eq(courseModules.id, moduleId), eq(courseModules.clientId, clientId)));
    if (!m) throw notFound();
    return m;
  }

  async function addModule(actor: Actor, courseId: number, body: ModuleBody) {
    await changeCatalog(actor.clientId, async (tx) => {
      await courseRow(actor.clientId, courseId, tx);
      const [m] = await tx
        .insert(courseModules)
        .values({ clientId: actor.clientId, courseId, position: APPEND, title: body.title })
        .returning({ id: courseModules.id });
      await renumber(tx, 'course_modules', courseId, { id: m!.id, position: body.position });
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'module.create',
        target: { type: 'module', id: m!.id },
      });
    });
    return adminCourse(actor.clientId, courseId);
  }

  async function updateModule(actor: Actor, moduleId: number, body: ModuleBody) {
    const courseId = await changeCatalog(actor.clientId, async (tx) => {
      const m = await moduleRow(tx, actor.clientId, moduleId);
      await tx
        .update(courseModules)
        .set({ title: body.title })
        .where(and(eq(courseModules.id, moduleId), eq(courseModules.clientId, actor.clientId)));
      if (body.position !== undefined)
        await renumber(tx, 'course_modules', m.courseId, { id: moduleId, position: body.position });
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'module.update',
        target: { type: 'module', id: moduleId },
      });
      return m.courseId;
    });
    return adminCourse(actor.clientId, courseId);
  }

  async function deleteModule(actor: Actor, moduleId: number) {
    const { courseId, prefixes } = await changeCatalog(actor.clientId, async (tx) => {
      const m = await moduleRow(tx, actor.clientId, moduleId);
      const gone = await tx
        .select({ prefix: activities.contentPrefix })
        .from(activities)
        .where(and(eq(activities.moduleId, moduleId), eq(activities.clientId, actor.clientId)));
      await tx
        .delete(courseModules)
        .where(and(eq(courseModules.id, moduleId), eq(courseModules.clientId, actor.clientId)));
      await renumber(tx, 'course_modules', m.courseId);
      await recount(tx, actor.clientId, m.courseId);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'module.delete',
        target: { type: 'module', id: moduleId },
      });
      return { courseId: m.courseId, prefixes: gone.map((g) => g.prefix).filter((p): p is string => !!p) };
    });
    for (const p of prefixes) await storage.removePrefix(p);
    return adminCourse(actor.clientId, courseId);
  }

  /** Checks and normalizes the kind's settings (video ids, stream and embed URLs); unset fields are left out. */
  function normalizeSettings(body: ParsedActivityBody): ActivitySettings {
    const out: ActivitySettings = Object.fromEntries(
      Object.entries(body.settings).filter(([, value]) => value !== undefined),
    );
    switch (body.kind) {
      case 'youtube':
      case 'vimeo': {
        const raw = body.settings.videoId ?? '';
        if (raw) {
          const id = body.kind === 'youtube' ? youtubeId(raw) : vimeoId(raw);
          if (!id)
            throw new AppError('LEARNING_INVALID_VIDEO_ID', 400, { details: [{ path: 'settings.videoId' }] });
          out.videoId = id;
        }
        break;
      }
      case 'wowza':
        if (body.settings.streamUrl && !isHlsUrl(body.settings.streamUrl))
          throw new AppError('LEARNING_INVALID_STREAM_URL', 400);
        break;
      case 'slideshare':
        if (body.settings.embedUrl) {
          const url = slideshareUrl(body.settings.embedUrl);
          if (!url) throw new AppError('LEARNING_INVALID_EMBED_URL', 400);
          out.embedUrl = url;
        }
        break;
    }
    return out;
  }

  /**
   * A test's fixed questions must be questions of the client's bank (a drawn test is checked when an
   * attempt draws: the bank may grow after the test is written).
   */
  async function checkTestQuestions(tx: DbOrTx, clientId: number, body: ParsedActivityBody) {
    if (!isTestActivityKind(body.kind)) return;
    const selection = (body.settings as { questions: { mode: string; questionIds?: number[] } }).questions;
    if (selection.mode !== 'fixed' || !selection.questionIds) return;
    const ids = selection.questionIds;
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from questions
        where client_id = ${clientId} and id = any(${intArrayParam(ids)}::int[])`),
    );
    if ((row?.n ?? 0) !== ids.length)
      throw new AppError('ASSESSMENT_QUESTION_NOT_IN_BANK', 400, {
        details: [{ path: 'settings.questions.questionIds' }],
      });
  }

  /** A reaction evaluation's questions' kinds and option counts: what its answers depend on. */
  async function checkReactionStructure(
    tx: DbOrTx,
    clientId: number,
    activityId: number,
    before: Record<string, unknown>,
    after: { questions: { kind: string; options: unknown[] }[] },
  ) {
    const shape = (qs: unknown) =>
      JSON.stringify(
        (Array.isArray(qs) ? (qs as { kind: string; options?: unknown[] }[]) : []).map((q) => [
          q.kind,
          q.options?.length ?? 0,
        ]),
      );
    if (shape(before['questions']) === shape(after.questions)) return;
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from reaction_responses
        where client_id = ${clientId} and activity_id = ${activityId}`),
    );
    if ((row?.n ?? 0) > 0) throw new AppError('SURVEY_HAS_RESPONSES', 409);
  }

  async function addActivity(actor: Actor, moduleId: number, input: ActivityBody) {
    const body = activityBody.parse(input);
    const settings = normalizeSettings(body);
    await checkTestQuestions(db, actor.clientId, body);
    const courseId = await changeCatalog(actor.clientId, async (tx) => {
      const m = await moduleRow(tx, actor.clientId, moduleId);
      const [a] = await tx
        .insert(activities)
        .values({
          clientId: actor.clientId,
          courseId: m.courseId,
          moduleId,
          position: APPEND,
          kind: body.kind,
          title: body.title,
          description: body.description,
          requiresPrevious: body.requiresPrevious,
          requiresAuthorization: body.requiresAuthorization,
          settings,
        })
        .returning({ id: activities.id });
      await renumber(tx, 'activities', moduleId, { id: a!.id, position: body.position });
      await recount(tx, actor.clientId, m.courseId);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'activity.create',
        target: { type: 'activity', id: a!.id },
        details: { kind: body.kind },
      });
      return m.courseId;
    });
    return adminCourse(actor.clientId, courseId);
  }

  async function activityRow(tx: DbOrTx, clientId: number, activityId: number) {
    const [a] = await tx
      .select()
      .from(activities)
      .where(and(eq(activities.id, activityId), eq(activities.clientId, clientId)));
    if (!a) throw notFound();
    return a;
  }

  async function updateActivity(actor: Actor, activityId: number, input: ActivityBody) {
    const body = activityBody.parse(input);
    await checkTestQuestions(db, actor.clientId, body);
    const courseId = await changeCatalog(actor.clientId, async (tx) => {
      const a = await activityRow(tx, actor.clientId, activityId);
      if (a.kind !== body.kind && a.contentPrefix)
        throw new AppError('LEARNING_KIND_CHANGE_NOT_ALLOWED', 409);
      // Once a reaction evaluation has answers, its questions keep their kinds and options (texts may change).
      if (body.kind === 'reaction_evaluation' && a.kind === 'reaction_evaluation')
        await checkReactionStructure(tx, actor.clientId, activityId, a.settings, body.settings);
      // Learned settings (page count of the uploaded PDF) stay unless the author sets them; a test's
      // (or a reaction's) settings are the whole of its settings.
      const settings =
        isTestActivityKind(body.kind) || body.kind === 'reaction_evaluation' || isGameKind(body.kind)
          ? normalizeSettings(body)
          : { ...pick(a.settings, ['pageCount']), ...normalizeSettings(body) };
      await tx
        .update(activities)
        .set({
          kind: body.kind,
          title: body.title,
          description: body.description,
          requiresPrevious: body.requiresPrevious,
          requiresAuthorization: body.requiresAuthorization,
          settings,
          updatedAt: new Date(),
        })
        .where(and(eq(activities.id, activityId), eq(activities.clientId, actor.clientId)));
      if (body.position !== undefined)
        await renumber(tx, 'activities', a.moduleId, { id: activityId, position: body.position });
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'activity.update',
        target: { type: 'activity', id: activityId },
      });
      return a.courseId;
    });
    return adminCourse(actor.clientId, courseId);
  }

  async function deleteActivity(actor: Actor, activityId: number) {
    const { courseId, prefix } = await changeCatalog(actor.clientId, async (tx) => {
      const a = await activityRow(tx, actor.clientId, activityId);
      await tx
        .delete(activities)
        .where(and(eq(activities.id, activityId), eq(activities.clientId, actor.clientId)));
      await renumber(tx, 'activities', a.moduleId);
      await recount(tx, actor.clientId, a.courseId);
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'activity.delete',
        target: { type: 'activity', id: activityId },
      });
      return { courseId: a.courseId, prefix: a.contentPrefix };
    });
    if (prefix) await storage.removePrefix(prefix);
    return adminCourse(actor.clientId, courseId);
  }

  /**
   * Stores the upload of an activity and replaces its previous content. The upload streams into storage
   * (its size limit enforced on the way), is checked by its content, then moved or unpacked in place.
   */
  async function uploadActivityFile(
    actor: Actor,
    activityId: number,
    data: Buffer | Readable,
    fileName: string | undefined,
    options: StoreOptions = {},
  ) {
    const a = await activityRow(db, actor.clientId, activityId);
    const prefix = `learning/c${actor.clientId}/activities/${activityId}/${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    const upload = await receiveUpload(storage, data, temporaryUploadKey(), maxUploadBytes);
    let stored;
    try {
      stored = await storeActivityFile(storage, a.kind, upload, fileName, prefix, options);
    } catch (error) {
      await storage.removePrefix(prefix);
      throw error;
    } finally {
      await storage.remove(upload.key);
    }
    await changeCatalog(actor.clientId, async (tx) => {
      await tx
        .update(activities)
        .set({
          contentPrefix: prefix,
          contentPath: stored.contentPath,
          fileName: stored.fileName,
          fileMime: stored.fileMime,
          fileSize: stored.fileSize,
          fileGroup: stored.fileGroup,
          scorm: stored.scorm,
          settings: { ...a.settings, ...stored.settings },
          updatedAt: new Date(),
        })
        .where(and(eq(activities.id, activityId), eq(activities.clientId, actor.clientId)));
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'activity.upload',
        target: { type: 'activity', id: activityId },
        details: { kind: a.kind, size: upload.size },
      });
    });
    if (a.contentPrefix) await storage.removePrefix(a.contentPrefix);
    return adminCourse(actor.clientId, a.courseId);
  }

  return {
    addModule,
    updateModule,
    deleteModule,
    addActivity,
    updateActivity,
    deleteActivity,
    uploadActivityFile,
  };
}

function pick(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
}
