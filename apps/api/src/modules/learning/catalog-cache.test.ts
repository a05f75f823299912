import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseListQuery, type CourseDetail, type CourseListQuery } from '@trilha/contracts/learning';
import { rowsOf } from '../../db/client';
import {
  courseEnrollments,
  courseProgress,
  learningFavorites,
  trailEnrollments,
} from '../../db/schema/learning';
import { createLocalPubSub } from '../../lib/pubsub';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { learningOf, learningWorld, makeCourse, type World } from '../../../test/learning-helpers';
import {
  CATALOG_CHANGED_CHANNEL,
  createCachedCatalogRepo,
  createCatalogCache,
  invalidateOnEvents,
  type RawViewerRow,
} from './catalog-cache';
import { createCatalogRepo, type CourseRow, type TrailRow } from './catalog.repo';
import { createCourseContextLoader, iso, type CourseContext } from './course-context';
import type { Viewer } from './viewer';
import type { DomainEvents } from '../../jobs/job-queue';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
});
afterAll(async () => {
  await t.close();
});

const list = async (query = '') => {
  const res = await t.app.inject({ url: `/api/learning/courses${query}`, headers: w.as.learner });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    total: number;
    items: { id: number; title: string; progress: { totalActivities: number } }[];
  };
};

describe('cached catalog', () => {
  it('shows back-office changes at once: publish, edit, audience, activities, unpublish', async () => {
    const { authoring } = learningOf(t);
    const course = await makeCourse(t, w, {
      course: { title: 'Atendimento ágil' },
      activities: [{ kind: 'html', title: 'Aula 1' }],
      publish: false,
    });
    const ids = async (q = '?pageSize=100') => (await list(q)).items.map((c) => c.id);
    expect(await ids()).not.toContain(course.id);

    await authoring.publishCourse(w.actor, course.id, true);
    expect(await ids()).toContain(course.id);
    expect(
      (await t.app.inject({ url: `/api/learning/courses/${course.id}`, headers: w.as.learner })).statusCode,
    ).toBe(200);

    await authoring.updateCourse(w.actor, course.id, { title: 'Negociação avançada' });
    expect(await ids('?search=negocia')).toEqual([course.id]);
    expect(await ids('?search=atendimento')).toEqual([]);

    await authoring.addActivity(w.actor, course.modules[0]!.id, { kind: 'html', title: 'Aula 2' });
    const card = (await list('?search=negocia')).items[0]!;
    expect(card.progress.totalActivities).toBe(2);

    await authoring.setCourseAudience(w.actor, course.id, { roles: ['manager'] });
    expect(await ids()).not.toContain(course.id);
    expect(
      (await t.app.inject({ url: `/api/learning/courses/${course.id}`, headers: w.as.learner })).statusCode,
    ).toBe(404);
    await authoring.setCourseAudience(w.actor, course.id, { roles: ['sales_agent'] });
    expect(await ids()).toContain(course.id);

    await authoring.publishCourse(w.actor, course.id, false);
    expect(await ids()).not.toContain(course.id);
    expect(
      (await t.app.inject({ url: `/api/learning/courses/${course.id}`, headers: w.as.learner })).statusCode,
    ).toBe(404);
  });

  it("shows the learner's own writes and a manager's enrollments at once", async () => {
    const { reports } = learningOf(t);
    const course = await makeCourse(t, w, {
      course: { title: 'Zeladoria própria', subscriptionMode: 'enrollment' },
      activities: [{ kind: 'html', title: 'Aula' }],
    });
    const ids = async (q: string) => (await list(`?search=zeladoria&${q}`)).items.map((c) => c.id);
    const call = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: w.as.learner, payload });
    expect(await ids('favorite=favorites')).toEqual([]);
    expect(await ids('subscription_type=subscribed')).toEqual([]);

    expect(
      (await call('PUT', `/api/learning/courses/${course.id}/favorite`, { favorite: true })).statusCode,
    ).toBe(200);
    expect(await ids('favorite=favorites')).toEqual([course.id]);

    await reports.enrollUsers(w.actor, course.id, [w.learner.id]);
    expect(await ids('subscription_type=subscribed')).toEqual([course.id]);
    await reports.removeEnrollment(w.actor, course.id, w.learner.id);
    expect(await ids('subscription_type=subscribed')).toEqual([]);

    expect((await call('POST', `/api/learning/courses/${course.id}/enrollment`)).statusCode).toBe(200);
    expect(await ids('subscription_type=subscribed')).toEqual([course.id]);
    expect(await ids('progress=finished')).toEqual([]);
    const activityId = course.modules[0]!.activities[0]!.id;
    const open = await call('POST', `/api/learning/activities/${activityId}/progress`, { type: 'loaded' });
    expect(open.statusCode).toBe(200);
    expect(await ids('progress=finished')).toEqual([course.id]);
    const page = await list('?search=zeladoria');
    expect(page.items[0]!.progress).toMatchObject({ status: 'finished', percent: 100 });
  });

  it("serves the course detail from the cached structure, fresh after every write and with the learner's own rows", async () => {
    const { authoring, authorizations } = learningOf(t);
    const course = await makeCourse(t, w, {
      course: { title: 'Estrutura viva' },
      activities: [
        { kind: 'html', title: 'Aula 1' },
        { kind: 'html', title: 'Aula 2', requiresPrevious: true },
        { kind: 'html', title: 'Aula 3', requiresAuthorization: true },
      ],
    });
    const [a1, a2, a3] = course.modules[0]!.activities.map((a) => a.id);
    const detail = async () => {
      const res = await t.app.inject({ url: `/api/learning/courses/${course.id}`, headers: w.as.learner });
      expect(res.statusCode).toBe(200);
      return res.json() as CourseDetail;
    };
    const outline = async () =>
      (await detail()).modules.map((m) => ({
        title: m.title,
        activities: m.activities.map(
          (a) => `${a.hierarchyOrder} ${a.title} ${a.progress.status}${a.lock.locked ? ' 🔒' : ''}`,
        ),
      }));
    expect(await outline()).toEqual([
      {
        title: 'Módulo 1',
        activities: ['1.1 Aula 1 not_started', '1.2 Aula 2 not_started 🔒', '1.3 Aula 3 not_started 🔒'],
      },
    ]);

    await authoring.updateActivity(w.actor, a1!, { kind: 'html', title: 'Abertura' });
    await authoring.addModule(w.actor, course.id, { title: 'Módulo 2' });
    expect(await outline()).toEqual([
      {
        title: 'Módulo 1',
        activities: ['1.1 Abertura not_started', '1.2 Aula 2 not_started 🔒', '1.3 Aula 3 not_started 🔒'],
      },
      { title: 'Módulo 2', activities: [] },
    ]);

    // The learner's own rows are never cached: progress and an instructor's authorization show at once.
    const open = await t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${a1}/progress`,
      headers: w.as.learner,
      payload: { type: 'loaded' },
    });
    expect(open.statusCode).toBe(200);
    await authorizations.authorize(w.client.id, w.actor.userId, a3!, w.learner.id);
    expect((await outline())[0]!.activities).toEqual([
      '1.1 Abertura finished',
      '1.2 Aula 2 not_started',
      '1.3 Aula 3 not_started',
    ]);
    expect((await detail()).progress).toMatchObject({ completedActivities: 1, totalActivities: 3 });

    await authoring.deleteActivity(w.actor, a2!);
    expect((await outline())[0]!.activities).toEqual(['1.1 Abertura finished', '1.2 Aula 3 not_started']);

    // The same context as a loader without the cache reads from the database alone.
    const viewer = await learningOf(t).viewers.load(w.learner.id, {
      clientId: w.client.id,
      roles: ['sales_agent'],
      isSuperuser: false,
      flags: {},
    });
    const db = t.database.db;
    const plain = createCourseContextLoader(db, createCatalogRepo(db));
    const normal = (c: CourseContext) => ({
      ...c,
      card: { ...c.card, enrolled_at: iso(c.card.enrolled_at) },
      activities: c.activities.map((a) => ({ ...a, completed_at: iso(a.completed_at) })),
    });
    expect(normal(await learningOf(t).contexts.load(viewer, course.id))).toEqual(
      normal(await plain.load(viewer, course.id)),
    );
    // Another client's learner never gets this course from the cache.
    const x = await learningWorld(t);
    const res = await t.app.inject({ url: `/api/learning/courses/${course.id}`, headers: x.as.learner });
    expect(res.statusCode).toBe(404);
  });

  it('drops the cached catalog through the learning.catalog-changed event once a publish commits', async () => {
    const { authoring } = learningOf(t);
    const seen: DomainEvents['learning.catalog-changed'][] = [];
    t.jobs.listen('learning.catalog-changed', (data) => {
      seen.push(data);
    });
    // Two caches on pub/sub channels of their own, so only the event can reach them: one listens to it.
    const listening = createCatalogCache(t.database.db, createLocalPubSub());
    invalidateOnEvents(t.jobs, listening);
    const deaf = createCatalogCache(t.database.db, createLocalPubSub());
    const course = await makeCourse(t, w, {
      course: { title: 'Evento de publicação' },
      activities: [{ kind: 'html', title: 'Aula 1' }],
      publish: false,
    });
    const published = async (cache: typeof listening) =>
      (await cache.catalogOf(w.client.id)).published.map((c) => c.id);
    expect(await published(listening)).not.toContain(course.id);
    expect(await published(deaf)).not.toContain(course.id);
    seen.length = 0;

    await authoring.publishCourse(w.actor, course.id, true);
    expect(seen).toEqual([{ clientId: w.client.id }]);
    expect(await published(listening)).toContain(course.id);
    // The cache that does not listen still holds the catalog it built before the publish.
    expect(await published(deaf)).not.toContain(course.id);

    // A write that fails rolls back and announces nothing.
    await expect(authoring.publishCourse(w.actor, 999_999_999, true)).rejects.toMatchObject({ status: 404 });
    expect(seen).toHaveLength(1);
  });

  it('drops its catalogs when another instance announces a change', async () => {
    const pubsub = createLocalPubSub();
    const cache = createCatalogCache(t.database.db, pubsub);
    const first = cache.catalogOf(w.client.id);
    expect(cache.catalogOf(w.client.id)).toBe(first);
    await first;
    await pubsub.publish(CATALOG_CHANGED_CHANNEL, {});
    expect(cache.catalogOf(w.client.id)).not.toBe(first);
    await pubsub.close();
  });

  it('lists exactly what the SQL statement lists, for every filter combination tried', async () => {
    const { authoring } = learningOf(t);
    const db = t.database.db;
    const x = await learningWorld(t);
    const tag = await authoring.addTaxonomy(x.actor, 'tags', 'Vendas');
    const other = await authoring.addTaxonomy(x.actor, 'tags', 'Liderança');
    const category = await authoring.addTaxonomy(x.actor, 'categories', 'Comercial');
    const area = await authoring.addTaxonomy(x.actor, 'areas', 'Norte');
    const made: { id: number }[] = [];
    for (let i = 0; i < 9; i++) {
      made.push(
        await makeCourse(t, x, {
          course: {
            title: `${i % 2 ? 'Vendas' : 'Gestão'} ${String.fromCharCode(90 - i)} ${i}`,
            tagIds: i % 3 === 0 ? [tag.id] : i % 3 === 1 ? [tag.id, other.id] : [],
            categoryId: i % 2 ? category.id : null,
            prerequisiteIds: i > 5 ? [made[0]!.id, made[1]!.id] : [],
            subscriptionMode: i % 4 === 0 ? 'enrollment' : 'open',
          },
          activities: Array.from({ length: 1 + (i % 3) }, (_, n) => ({
            kind: 'html' as const,
            title: `A${n}`,
          })),
          publish: i !== 8,
        }),
      );
    }
    await authoring.setCourseAudience(x.actor, made[2]!.id, { areaIds: [area.id] });
    await authoring.setCourseAudience(x.actor, made[3]!.id, { roles: ['manager'] });
    await authoring.setCourseAudience(x.actor, made[4]!.id, { countryIds: [1] });
    const userId = x.learner.id;
    const clientId = x.client.id;
    await db.insert(courseProgress).values([
      { userId, clientId, courseId: made[0]!.id, completedCount: 1 },
      { userId, clientId, courseId: made[1]!.id, completedCount: 0 },
      { userId, clientId, courseId: made[5]!.id, completedCount: 3 },
      { userId, clientId, courseId: made[7]!.id, completedCount: 1 },
      { userId, clientId, courseId: made[3]!.id, completedCount: 1 },
      { userId, clientId, courseId: made[8]!.id, completedCount: 0 },
    ]);
    await db.insert(courseEnrollments).values([
      { userId, clientId, courseId: made[0]!.id, source: 'self' },
      { userId, clientId, courseId: made[6]!.id, source: 'assigned' },
      { userId, clientId, courseId: made[2]!.id, source: 'self' },
    ]);
    await db.insert(learningFavorites).values([
      { userId, clientId, itemKind: 'course', itemId: made[1]!.id },
      { userId, clientId, itemKind: 'course', itemId: made[6]!.id },
    ]);

    const sqlRepo = createCatalogRepo(db);
    const pubsub = createLocalPubSub();
    const cached = createCachedCatalogRepo(db, createCatalogCache(db, pubsub), sqlRepo);
    const viewers: Viewer[] = [
      {
        userId,
        clientId,
        roles: ['sales_agent'],
        isSuperuser: false,
        countryId: null,
        areaIds: [],
        groupIds: [],
        firstName: '',
        lastName: '',
      },
      {
        userId,
        clientId,
        roles: ['manager'],
        isSuperuser: false,
        countryId: 1,
        areaIds: [area.id],
        groupIds: [],
        firstName: '',
        lastName: '',
      },
    ];
    const queries: CourseListQuery[] = [
      {},
      { pageSize: 3, page: 2 },
      { page: 9 },
      { search: 'VENDAS' },
      { search: '%' },
      { progress: 'in_progress' },
      { progress: 'finished' },
      { progress: 'not_started', pageSize: 2 },
      { favorite: 'favorites' },
      { subscription_type: 'subscribed' },
      { subscription_type: 'not_subscribed', progress: 'not_started' },
      { selected_tags: `${other.id}` },
      { selected_tags: `${tag.id},${other.id}`, selected_categories: `${category.id}` },
      { selected_areas: `${area.id}` },
      { search: 'gest', progress: 'in_progress', subscription_type: 'subscribed' },
    ];
    const normal = (r: { total: number; counts: unknown; items: CourseRow[] }) => ({
      ...r,
      items: r.items.map((i) => ({ ...i, enrolled_at: iso(i.enrolled_at) })),
    });
    // Unpublished (8) and audience-limited courses (2, 3, 4) are the difference between the viewers.
    expect((await cached.courseList(viewers[0]!, courseListQuery.parse({}))).total).toBe(5);
    expect((await cached.courseList(viewers[1]!, courseListQuery.parse({}))).total).toBe(8);
    for (const v of viewers) {
      for (const q of queries) {
        const f = courseListQuery.parse(q);
        expect(normal(await cached.courseList(v, f)), JSON.stringify(q)).toEqual(
          normal(await sqlRepo.courseList(v, f)),
        );
      }
      for (const c of made) {
        const a = await cached.courseCard(v, c.id);
        const b = await sqlRepo.courseCard(v, c.id);
        expect(a && { ...a, enrolled_at: iso(a.enrolled_at) }).toEqual(
          b && { ...b, enrolled_at: iso(b.enrolled_at) },
        );
        // The detail's path: the same card from the viewer's rows read in the caller's statement.
        const parts = await cached.cardParts!(v, c.id);
        const rows = parts ? rowsOf<RawViewerRow>(await db.execute(parts.rowsSql)) : [];
        const d = parts?.card(rows);
        expect(d && { ...d, enrolled_at: iso(d.enrolled_at) }).toEqual(
          b && { ...b, enrolled_at: iso(b.enrolled_at) },
        );
      }
    }
    await pubsub.close();
  });

  it("shows trail changes and the learner's own trail writes at once", async () => {
    const { authoring } = learningOf(t);
    const x = await learningWorld(t);
    const course = await makeCourse(t, x, {
      course: { title: 'Curso da trilha', subscriptionMode: 'open' },
      activities: [{ kind: 'html', title: 'Aula' }],
    });
    const trail = await authoring.createTrail(x.actor, {
      title: 'Trilha cacheada',
      subscriptionMode: 'enrollment',
    });
    const trails = async (q = '') => {
      const res = await t.app.inject({ url: `/api/learning/trails${q}`, headers: x.as.learner });
      expect(res.statusCode).toBe(200);
      return res.json() as {
        total: number;
        items: { id: number; itemCount: number; favorite: boolean; progress: { status: string } }[];
      };
    };
    const call = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: x.as.learner, payload });
    expect((await trails()).total).toBe(0);

    await authoring.publishTrail(x.actor, trail.id, true);
    expect((await trails()).items.map((i) => i.id)).toEqual([trail.id]);
    await authoring.setTrailItems(x.actor, trail.id, { items: [{ kind: 'course', itemId: course.id }] });
    expect((await trails()).items[0]!.itemCount).toBe(1);

    expect((await trails('?favorite=favorites')).total).toBe(0);
    expect(
      (await call('PUT', `/api/learning/trails/${trail.id}/favorite`, { favorite: true })).statusCode,
    ).toBe(200);
    expect((await trails('?favorite=favorites')).items.map((i) => i.id)).toEqual([trail.id]);

    expect((await trails('?subscription_type=subscribed')).total).toBe(0);
    expect((await call('POST', `/api/learning/trails/${trail.id}/enrollment`)).statusCode).toBe(200);
    expect((await trails('?subscription_type=subscribed')).total).toBe(1);

    const activityId = course.modules[0]!.activities[0]!.id;
    const open = await call('POST', `/api/learning/activities/${activityId}/progress`, { type: 'loaded' });
    expect(open.statusCode).toBe(200);
    expect((await trails('?progress=finished')).items.map((i) => i.id)).toEqual([trail.id]);
    const detail = await t.app.inject({ url: `/api/learning/trails/${trail.id}`, headers: x.as.learner });
    expect(detail.json()).toMatchObject({
      progress: { status: 'finished', percent: 100 },
      items: [{ itemId: course.id }],
    });

    await authoring.setTrailAudience(x.actor, trail.id, { roles: ['manager'] });
    expect((await trails()).total).toBe(0);
    expect(
      (await t.app.inject({ url: `/api/learning/trails/${trail.id}`, headers: x.as.learner })).statusCode,
    ).toBe(404);
  });

  it('lists and shows trails exactly as the SQL statements do, for every filter combination tried', async () => {
    const { authoring } = learningOf(t);
    const db = t.database.db;
    const x = await learningWorld(t);
    const tag = await authoring.addTaxonomy(x.actor, 'tags', 'Vendas');
    const other = await authoring.addTaxonomy(x.actor, 'tags', 'Liderança');
    const category = await authoring.addTaxonomy(x.actor, 'categories', 'Comercial');
    const area = await authoring.addTaxonomy(x.actor, 'areas', 'Norte');
    const courses: { id: number }[] = [];
    for (let i = 0; i < 6; i++) {
      courses.push(
        await makeCourse(t, x, {
          course: {
            title: `Curso ${String.fromCharCode(70 - i)}`,
            prerequisiteIds: i === 4 ? [courses[0]!.id, courses[1]!.id] : [],
            subscriptionMode: i % 2 ? 'enrollment' : 'open',
          },
          activities: Array.from({ length: 1 + (i % 3) }, (_, n) => ({
            kind: 'html' as const,
            title: `A${n}`,
          })),
          publish: i !== 5,
        }),
      );
    }
    const trails: { id: number }[] = [];
    for (let i = 0; i < 7; i++) {
      const trail = await authoring.createTrail(x.actor, {
        title: `${i % 2 ? 'Vendas' : 'Gestão'} ${String.fromCharCode(90 - i)}`,
        tagIds: i % 3 === 0 ? [tag.id] : i % 3 === 1 ? [tag.id, other.id] : [],
        categoryId: i % 2 ? category.id : null,
        subscriptionMode: i % 3 === 2 ? 'assigned' : i % 2 ? 'enrollment' : 'open',
        sequential: i % 2 === 0,
      });
      // Trail 5 holds the unpublished course; trail 6 holds none.
      const items = [[0, 1], [2], [1, 3, 4], [0, 2, 4], [3], [5, 0], []][i]!.map((n) => ({
        kind: 'course' as const,
        itemId: courses[n]!.id,
      }));
      await authoring.setTrailItems(x.actor, trail.id, { items });
      if (i !== 4) await authoring.publishTrail(x.actor, trail.id, true);
      trails.push(trail);
    }
    await authoring.setTrailAudience(x.actor, trails[2]!.id, { areaIds: [area.id] });
    await authoring.setTrailAudience(x.actor, trails[3]!.id, { roles: ['manager'] });
    const userId = x.learner.id;
    const clientId = x.client.id;
    await db.insert(courseProgress).values([
      { userId, clientId, courseId: courses[0]!.id, completedCount: 1 },
      { userId, clientId, courseId: courses[1]!.id, completedCount: 2 },
      { userId, clientId, courseId: courses[2]!.id, completedCount: 1 },
      { userId, clientId, courseId: courses[4]!.id, completedCount: 9 },
    ]);
    await db
      .insert(courseEnrollments)
      .values([{ userId, clientId, courseId: courses[1]!.id, source: 'self' }]);
    await db.insert(trailEnrollments).values([
      { userId, clientId, trailId: trails[0]!.id, source: 'self' },
      { userId, clientId, trailId: trails[2]!.id, source: 'assigned' },
    ]);
    await db.insert(learningFavorites).values([
      { userId, clientId, itemKind: 'trail', itemId: trails[1]!.id },
      { userId, clientId, itemKind: 'trail', itemId: trails[3]!.id },
      { userId, clientId, itemKind: 'course', itemId: trails[0]!.id },
    ]);

    const sqlRepo = createCatalogRepo(db);
    const pubsub = createLocalPubSub();
    const cached = createCachedCatalogRepo(db, createCatalogCache(db, pubsub), sqlRepo);
    const viewer = (roles: Viewer['roles'], areaIds: number[]): Viewer => ({
      userId,
      clientId,
      roles,
      isSuperuser: false,
      countryId: null,
      areaIds,
      groupIds: [],
      firstName: '',
      lastName: '',
    });
    const viewers = [viewer(['sales_agent'], []), viewer(['manager'], [area.id])];
    const queries: CourseListQuery[] = [
      {},
      { pageSize: 2, page: 2 },
      { page: 9 },
      { search: 'VENDAS' },
      { search: '%' },
      { progress: 'in_progress' },
      { progress: 'finished' },
      { progress: 'not_started', pageSize: 2 },
      { favorite: 'favorites' },
      { subscription_type: 'subscribed' },
      { subscription_type: 'not_subscribed', progress: 'in_progress' },
      { selected_tags: `${other.id}` },
      { selected_tags: `${tag.id},${other.id}`, selected_categories: `${category.id}` },
      { selected_areas: `${area.id}` },
    ];
    const keys: (keyof TrailRow)[] = [
      'id',
      'title',
      'description',
      'cover_key',
      'subscription_mode',
      'sequential',
      'item_count',
      'course_count',
      'finished_courses',
      'started_courses',
      'total_activities',
      'done_activities',
      'status',
      'enroll_source',
      'enrolled_at',
      'favorite',
      'category',
      'tags',
    ];
    const normal = (r: TrailRow) =>
      Object.fromEntries(keys.map((k) => [k, k === 'enrolled_at' ? iso(r.enrolled_at) : r[k]]));
    expect((await cached.trailList(viewers[0]!, courseListQuery.parse({}))).total).toBe(4);
    expect((await cached.trailList(viewers[1]!, courseListQuery.parse({}))).total).toBe(6);
    for (const v of viewers) {
      for (const q of queries) {
        const f = courseListQuery.parse(q);
        const a = await cached.trailList(v, f);
        const b = await sqlRepo.trailList(v, f);
        expect({ ...a, rows: a.rows.map(normal) }, JSON.stringify(q)).toEqual({
          ...b,
          rows: b.rows.map(normal),
        });
      }
      for (const trail of trails) {
        const a = await cached.trailDetail(v, trail.id);
        const b = await sqlRepo.trailDetail(v, trail.id);
        expect(a && { ...a, row: normal(a.row) }, `trail ${trail.id}`).toEqual(
          b && { ...b, row: normal(b.row) },
        );
      }
    }
    await pubsub.close();
  });
});
