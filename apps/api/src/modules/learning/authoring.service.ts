import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type {
  ActivityBody,
  ActivitySettings,
  AdminCourse,
  AdminCourseListPage,
  Audience,
  AudienceBody,
  CourseBody,
  FileGroup,
  ModuleBody,
  ParsedActivityBody,
  TaxonomyKind,
  UserAudienceBody,
} from '@trilha/contracts/learning';
import { activityBody, audienceBody, courseBody } from '@trilha/contracts/learning';
import type { RoleName } from '@trilha/contracts/session';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../../db/client';
import { eventsOutsideTheApp, type EventSink } from '../../jobs/job-queue';
import {
  activities,
  audienceAreaMembers,
  audienceGroupMembers,
  courseModules,
  courses,
  trails,
} from '../../db/schema/learning';
import { AppError, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { audit } from '../audit/audit';
import {
  imageRefusal,
  readImage,
  receiveUpload,
  sniffUpload,
  temporaryUploadKey,
  tooLarge,
  uploadRefused,
} from '../../lib/uploads';
import {
  isHlsUrl,
  slideshareUrl,
  storeActivityFile,
  vimeoId,
  youtubeId,
  type StoreOptions,
} from './activity-files';
import { coverUrlOf } from './catalog.service';
import type { ContentSigner } from './content-urls';
import { iso } from './course-context';
import { intArrayParam } from './viewer';
import { createTrailAuthoring } from './trail-authoring';

export interface Actor {
  userId: number;
  clientId: number;
}

const COVER_MAX_BYTES = 10 * 1024 * 1024;
const taxonomyTable = {
  areas: 'audience_areas',
  groups: 'audience_groups',
  tags: 'learning_tags',
  categories: 'learning_categories',
} as const;

/**
 * The learning back office: courses, modules, activities of every kind with their files, trails,
 * audiences and publishing. Every read and write is scoped to the actor's client; ids of another client
 * answer 404, references to them LEARNING_INVALID_REFERENCE.
 */
export function createAuthoringService(deps: {
  db: Db;
  storage: Storage;
  signer: ContentSigner;
  maxUploadBytes: number;
  /** Called after a change users' audience facts depend on. */
  onAudienceChange: () => void;
  /** Opens the writes' transactions and emits their domain events. */
  events?: EventSink;
}) {
  const { db, storage, signer, maxUploadBytes } = deps;
  const events = deps.events ?? eventsOutsideTheApp();

  /**
   * The transaction of a write to what a client's learners see (content, publishing, audiences,
   * taxonomy): it emits learning.catalog-changed, which drops the cached catalogs once it commits.
   */
  function changeCatalog<T>(clientId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
    return events.transaction(db, async (tx) => {
      const result = await work(tx);
      await events.emit('learning.catalog-changed', { clientId }, { tx });
      return result;
    });
  }

  async function assertIds(
    tx: DbOrTx,
    table: string,
    clientId: number,
    ids: readonly number[],
    field: string,
  ) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const clientFilter = table === 'countries' ? sql`` : sql` and client_id = ${clientId}`;
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`select count(*)::int as n from ${sql.raw(table)} where id = any(${intArrayParam(unique)}::int[])${clientFilter}`,
      ),
    );
    if ((row?.n ?? 0) !== unique.length)
      throw new AppError('LEARNING_INVALID_REFERENCE', 400, { details: { field } });
  }

  // ---------------------------------------------------------------- taxonomy and user audiences

  async function taxonomy(clientId: number) {
    const rows = rowsOf<{ kind: TaxonomyKind; id: number; name: string }>(
      await db.execute(sql`
        select 'areas' as kind, id, name from audience_areas where client_id = ${clientId}
        union all select 'groups', id, name from audience_groups where client_id = ${clientId}
        union all select 'tags', id, name from learning_tags where client_id = ${clientId}
        union all select 'categories', id, name from learning_categories where client_id = ${clientId}
        order by 1, 3`),
    );
    const of = (kind: TaxonomyKind) =>
      rows.filter((r) => r.kind === kind).map(({ id, name }) => ({ id, name }));
    return { areas: of('areas'), groups: of('groups'), tags: of('tags'), categories: of('categories') };
  }

  async function addTaxonomy(actor: Actor, kind: TaxonomyKind, name: string) {
    const table = sql.raw(taxonomyTable[kind]);
    const rows = await changeCatalog(actor.clientId, async (tx) =>
      rowsOf<{ id: number; name: string }>(
        await tx.execute(
          sql`insert into ${table} (client_id, name) values (${actor.clientId}, ${name}) on conflict do nothing returning id, name`,
        ),
      ),
    );
    if (!rows[0]) throw new AppError('NOT_UNIQUE', 409);
    return rows[0];
  }

  async function setUserAudience(actor: Actor, userId: number, body: UserAudienceBody) {
    await changeCatalog(actor.clientId, async (tx) => {
      const [member] = rowsOf(
        await tx.execute(
          sql`select 1 from user_clients where user_id = ${userId} and client_id = ${actor.clientId}`,
        ),
      );
      if (!member) throw notFound();
      await assertIds(tx, 'audience_areas', actor.clientId, body.areaIds, 'areaIds');
      await assertIds(tx, 'audience_groups', actor.clientId, body.groupIds, 'groupIds');
      await tx.execute(sql`delete from audience_area_members m using audience_areas a
        where a.id = m.area_id and a.client_id = ${actor.clientId} and m.user_id = ${userId}`);
      await tx.execute(sql`delete from audience_group_members m using audience_groups g
        where g.id = m.group_id and g.client_id = ${actor.clientId} and m.user_id = ${userId}`);
      for (const areaId of new Set(body.areaIds))
        await tx.insert(audienceAreaMembers).values({ areaId, userId });
      for (const groupId of new Set(body.groupIds))
        await tx.insert(audienceGroupMembers).values({ groupId, userId });
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'user.set_audience',
        target: { type: 'user', id: userId },
        details: body,
      });
    });
    deps.onAudienceChange();
    return { userId, areaIds: [...new Set(body.areaIds)], groupIds: [...new Set(body.groupIds)] };
  }

  // ---------------------------------------------------------------- courses

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
      .where(eq(courseModules.courseId, courseId))
      .orderBy(courseModules.position, courseModules.id);
    const acts = await db
      .select()
      .from(activities)
      .where(eq(activities.courseId, courseId))
      .orderBy(activities.position, activities.id);
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from course_enrollments where course_id = ${courseId}`),
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
                }
              : null,
            ready: isReady(a.kind, a.settings, a.contentPrefix, a.scorm !== null),
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
          (select count(*)::int from course_enrollments e where e.course_id = c.id) as enrollment_count,
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
        .where(eq(courses.id, courseId));
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: 'course.update',
        target: { type: 'course', id: courseId },
      });
    });
    return adminCourse(actor.clientId, courseId);
  }

  /** Resizes a cover to 1200×675 WebP (cropped to fill) and stores it under a fresh key. */
  async function storeCover(clientId: number, owner: string, data: Buffer): Promise<string> {
    if (data.length === 0) throw uploadRefused('UPLOAD_EMPTY', 400);
    if (data.length > COVER_MAX_BYTES) throw tooLarge(COVER_MAX_BYTES);
    await sniffUpload(data, ['image']);
    let webp: Buffer;
    try {
      // The same reader as avatars: the same pixel limit, a corrupt file refused rather than guessed.
      webp = await readImage(data)
        .rotate()
        .resize(1200, 675, { fit: 'cover', position: 'attention' })
        .webp({ quality: 80 })
        .toBuffer();
    } catch (error) {
      throw imageRefusal(error);
    }
    const key = `learning/c${clientId}/${owner}/cover-${randomBytes(6).toString('hex')}/cover.webp`;
    await storage.put(key, webp);
    return key;
  }

  // ---------------------------------------------------------------- writes courses and trails share

  /**
   * The table of a course or a trail for the writes both have: the same columns (id, client, cover,
   * publishing, audience, updated at) under the same names (checked when this compiles, by `SameItemColumns`).
   */
  const itemTable = (kind: ItemKind) => (kind === 'course' ? courses : (trails as unknown as typeof courses));

  async function itemCoverKey(kind: ItemKind, clientId: number, id: number, tx: DbOrTx = db) {
    const t = itemTable(kind);
    const [row] = await tx
      .select({ coverKey: t.coverKey })
      .from(t)
      .where(and(eq(t.id, id), eq(t.clientId, clientId)));
    if (!row) throw notFound();
    return row.coverKey;
  }

  /** A new cover (the old one's files are removed once the new one is in place). */
  async function setItemCover(actor: Actor, kind: ItemKind, id: number, data: Buffer) {
    const old = await itemCoverKey(kind, actor.clientId, id);
    const key = await storeCover(actor.clientId, `${kind}s/${id}`, data);
    const t = itemTable(kind);
    await changeCatalog(actor.clientId, async (tx) => {
      await tx.update(t).set({ coverKey: key, updatedAt: new Date() }).where(eq(t.id, id));
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: `${kind}.set_cover`,
        target: { type: kind, id },
      });
    });
    if (old) await storage.removePrefix(old.slice(0, old.lastIndexOf('/')));
  }

  async function setItemPublished(actor: Actor, kind: ItemKind, id: number, published: boolean) {
    const t = itemTable(kind);
    await changeCatalog(actor.clientId, async (tx) => {
      await itemCoverKey(kind, actor.clientId, id, tx);
      await tx
        .update(t)
        .set({ published, publishedAt: published ? new Date() : null, updatedAt: new Date() })
        .where(eq(t.id, id));
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: published ? `${kind}.publish` : `${kind}.unpublish`,
        target: { type: kind, id },
      });
    });
  }

  /** Areas, groups and countries must be the client's; every list empty means everyone. */
  async function setItemAudience(actor: Actor, kind: ItemKind, id: number, input: AudienceBody) {
    const a = audienceBody.parse(input);
    const t = itemTable(kind);
    await changeCatalog(actor.clientId, async (tx) => {
      await itemCoverKey(kind, actor.clientId, id, tx);
      await checkAudience(tx, actor.clientId, a);
      await tx
        .update(t)
        .set({ ...audienceValues(a), updatedAt: new Date() })
        .where(eq(t.id, id));
      await audit(tx, {
        actorId: actor.userId,
        clientId: actor.clientId,
        action: `${kind}.set_audience`,
        target: { type: kind, id },
        details: a,
      });
    });
  }

  async function setCourseCover(actor: Actor, courseId: number, data: Buffer) {
    await setItemCover(actor, 'course', courseId, data);
    return adminCourse(actor.clientId, courseId);
  }

  async function publishCourse(actor: Actor, courseId: number, published: boolean) {
    await setItemPublished(actor, 'course', courseId, published);
    return adminCourse(actor.clientId, courseId);
  }

  async function checkAudience(tx: DbOrTx, clientId: number, a: Audience) {
    await assertIds(tx, 'audience_areas', clientId, a.areaIds, 'areaIds');
    await assertIds(tx, 'audience_groups', clientId, a.groupIds, 'groupIds');
    await assertIds(tx, 'countries', clientId, a.countryIds, 'countryIds');
  }
  const audienceValues = (a: Audience) => ({
    audienceAreaIds: [...new Set(a.areaIds)],
    audienceGroupIds: [...new Set(a.groupIds)],
    audienceCountryIds: [...new Set(a.countryIds)],
    audienceRoles: [...new Set(a.roles)],
  });

  async function setCourseAudience(actor: Actor, courseId: number, input: AudienceBody) {
    await setItemAudience(actor, 'course', courseId, input);
    return adminCourse(actor.clientId, courseId);
  }

  // ---------------------------------------------------------------- modules and activities

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
  async function recount(tx: DbOrTx, courseId: number) {
    await tx.execute(sql`update courses set activity_count = (select count(*) from activities where course_id = ${courseId}),
      updated_at = now() where id = ${courseId}`);
    await tx.execute(sql`
      update course_progress cp set completed_count = x.n,
        finished_at = case when x.n >= c.activity_count and c.activity_count > 0 then coalesce(cp.finished_at, now()) else null end
      from courses c, (select cp2.user_id, count(ap.activity_id)::int as n from course_progress cp2
          left join activity_progress ap on ap.user_id = cp2.user_id and ap.course_id = cp2.course_id and ap.status = 'finished'
          where cp2.course_id = ${courseId} group by cp2.user_id) x
      where cp.course_id = ${courseId} and c.id = cp.course_id and x.user_id = cp.user_id`);
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
      await tx.update(courseModules).set({ title: body.title }).where(eq(courseModules.id, moduleId));
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
        .where(eq(activities.moduleId, moduleId));
      await tx.delete(courseModules).where(eq(courseModules.id, moduleId));
      await renumber(tx, 'course_modules', m.courseId);
      await recount(tx, m.courseId);
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

  async function addActivity(actor: Actor, moduleId: number, input: ActivityBody) {
    const body = activityBody.parse(input);
    const settings = normalizeSettings(body);
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
      await recount(tx, m.courseId);
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
    const courseId = await changeCatalog(actor.clientId, async (tx) => {
      const a = await activityRow(tx, actor.clientId, activityId);
      if (a.kind !== body.kind && a.contentPrefix)
        throw new AppError('LEARNING_KIND_CHANGE_NOT_ALLOWED', 409);
      // Learned settings (page count of the uploaded PDF) stay unless the author sets them.
      const settings = { ...pick(a.settings, ['pageCount']), ...normalizeSettings(body) };
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
        .where(eq(activities.id, activityId));
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
      await tx.delete(activities).where(eq(activities.id, activityId));
      await renumber(tx, 'activities', a.moduleId);
      await recount(tx, a.courseId);
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
        .where(eq(activities.id, activityId));
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
    taxonomy,
    addTaxonomy,
    setUserAudience,
    listCourses,
    adminCourse,
    createCourse,
    updateCourse,
    setCourseCover,
    publishCourse,
    setCourseAudience,
    addModule,
    updateModule,
    deleteModule,
    addActivity,
    updateActivity,
    deleteActivity,
    uploadActivityFile,
    ...createTrailAuthoring(
      { db, signer },
      { assertIds, changeCatalog, setItemCover, setItemPublished, setItemAudience },
    ),
  };
}
export type AuthoringService = ReturnType<typeof createAuthoringService>;

type ItemKind = 'course' | 'trail';
// A compile error here means trails no longer have every column the shared writes use on courses.
true satisfies SameItemColumns;
type ItemColumns =
  | 'id'
  | 'clientId'
  | 'coverKey'
  | 'published'
  | 'publishedAt'
  | 'updatedAt'
  | 'audienceAreaIds'
  | 'audienceGroupIds'
  | 'audienceCountryIds'
  | 'audienceRoles';
/** `true` while trails have every column the shared writes use on courses, with the same types. */
type SameItemColumns =
  Pick<typeof trails.$inferSelect, ItemColumns> extends Pick<typeof courses.$inferSelect, ItemColumns>
    ? Pick<typeof courses.$inferSelect, ItemColumns> extends Pick<typeof trails.$inferSelect, ItemColumns>
      ? true
      : never
    : never;

function pick(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
}

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
    default:
      return prefix !== null;
  }
}
