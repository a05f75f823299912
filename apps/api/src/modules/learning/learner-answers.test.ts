import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  aboutTeam,
  activityAuthorizationList,
  adminCourse,
  adminCourseListPage,
  adminTrail,
  adminTrailListPage,
  courseDetail,
  courseReportPage,
  enrollmentPage,
  courseListPage,
  learningFilterOptions,
  learningTaxonomy,
  playerPayload,
  portfolioCourse,
  portfolioPage,
  trailDetail,
  trailListPage,
  type AdminCourseListPage,
  type AdminTrailListPage,
  type CourseListPage,
  type PortfolioPage,
  type TrailListPage,
} from '@trilha/contracts/learning';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, login } from '../../../test/http';
import { learningOf } from '../../../test/learning-helpers';
import { DEMO_PASSWORD, demoSeeder } from '../../db/seed/demo';
import { aboutTeamDemoSeeder } from '../../db/seed/about-team-demo';
import { createLearningDemoSeeder } from '../../db/seed/learning-demo';
import { runSeeders } from '../../db/seed/run-seeders';

/**
 * The learner's reads are written by compiled serializers (lib/response-serializer.ts). Over the demo's
 * catalog (covers, categories, tags, progress, locks, trails, every player kind), each answer on the wire
 * is compared with what the route answered before: the same service object checked by zod's encode, then
 * JSON.stringify. The service objects are the real ones, caught on their way to the serializer.
 */

let t: TestApp;
let learner: { authorization: string };
let instructor: { authorization: string };
let manager: { authorization: string };
/** The last object a wrapped service method returned. */
let last: unknown;

type Method = (...args: never[]) => Promise<unknown>;
/** Wraps a service method so that the test sees what it returns, optionally changed. */
function watch<T extends object>(service: T, name: keyof T, change: (value: unknown) => unknown = (v) => v) {
  const original = (service[name] as Method).bind(service);
  return vi.spyOn(service, name as never).mockImplementation((async (...args: never[]) => {
    last = change(await original(...args));
    return last;
  }) as never);
}

const zodText = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data as never));

async function sameAsBefore(url: string, schema: z.ZodType, as = learner) {
  last = undefined;
  const res = await t.app.inject({ url, headers: as });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  expect(last, url).toBeDefined();
  expect(res.body, url).toBe(zodText(schema, last));
  return JSON.parse(res.body) as unknown;
}

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.database.db, [demoSeeder]);
  await runSeeders(t.database.db, [
    createLearningDemoSeeder({
      storage: t.deps.storage,
      maxUploadBytes: t.config.MAX_UPLOAD_MB * 1024 * 1024,
    }),
  ]);
  await runSeeders(t.database.db, [aboutTeamDemoSeeder]);
  learner = bearer((await login(t, 'learner', DEMO_PASSWORD)).access_token);
  instructor = bearer((await login(t, 'instructor', DEMO_PASSWORD)).access_token);
  manager = bearer((await login(t, 'manager', DEMO_PASSWORD)).access_token);
  // The demo seed uploads and converts files: on a busy machine it can take longer than the default.
}, 180_000);
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t?.close();
});

describe("the learner's reads answer the same JSON as before", () => {
  it('filters, course lists (every filter) and every course detail', async () => {
    const { catalog } = learningOf(t);
    watch(catalog, 'filterOptions');
    watch(catalog, 'courseList');
    watch(catalog, 'courseDetail');
    await sameAsBefore('/api/learning/filters', learningFilterOptions);
    const page = (await sameAsBefore('/api/learning/courses?pageSize=100', courseListPage)) as CourseListPage;
    expect(page.items.length).toBeGreaterThan(3);
    // Real data covers the contract's cases: covers and none, categories and none, locks and progress.
    expect(page.items.some((c) => c.coverUrl !== null)).toBe(true);
    expect(page.items.some((c) => c.lock.locked)).toBe(true);
    expect(page.items.some((c) => c.progress.status !== 'not_started')).toBe(true);
    for (const query of [
      'page=2&pageSize=2',
      'progress=in_progress',
      'subscription_type=subscribed',
      'favorite=favorites',
      'search=atendimento',
    ]) {
      await sameAsBefore(`/api/learning/courses?${query}`, courseListPage);
    }
    for (const course of page.items) await sameAsBefore(`/api/learning/courses/${course.id}`, courseDetail);
  });

  it('trail list, every trail, every course inside a trail', async () => {
    const { catalog } = learningOf(t);
    watch(catalog, 'trailList');
    watch(catalog, 'trailDetail');
    watch(catalog, 'courseDetail');
    const page = (await sameAsBefore('/api/learning/trails?pageSize=100', trailListPage)) as TrailListPage;
    expect(page.items.length).toBeGreaterThan(0);
    await sameAsBefore('/api/learning/trails?progress=not_started', trailListPage);
    for (const trail of page.items) {
      const detail = (await sameAsBefore(`/api/learning/trails/${trail.id}`, trailDetail)) as {
        items: { kind: string; itemId: number }[];
      };
      for (const item of detail.items.filter((i) => i.kind === 'course')) {
        await sameAsBefore(`/api/learning/trails/${trail.id}/courses/${item.itemId}`, courseDetail);
      }
    }
  });

  it('the player of every activity of every course, and the instructor list of authorizations', async () => {
    const { player, authorizations } = learningOf(t);
    watch(player, 'payload');
    watch(authorizations, 'list');
    const page = (
      await t.app.inject({ url: '/api/learning/courses?pageSize=100', headers: learner })
    ).json<CourseListPage>();
    const kinds = new Set<string>();
    for (const course of page.items) {
      const detail = (
        await t.app.inject({ url: `/api/learning/courses/${course.id}`, headers: learner })
      ).json<{ modules: { activities: { id: number; hierarchyOrder: string; kind: string }[] }[] }>();
      for (const activity of detail.modules.flatMap((m) => m.activities)) {
        await sameAsBefore(
          `/api/learning/courses/${course.id}/activities/${activity.hierarchyOrder}`,
          playerPayload,
        );
        kinds.add(activity.kind);
        await sameAsBefore(
          `/api/learning/activities/${activity.id}/authorizations`,
          activityAuthorizationList,
          instructor,
        );
      }
    }
    expect(kinds.size).toBeGreaterThan(4);
  });
});

describe('the back office and public reads answer the same JSON as before', () => {
  it('taxonomy, course and trail lists, every course and trail, enrollments and reports', async () => {
    const { authoring, reports } = learningOf(t);
    for (const name of ['taxonomy', 'listCourses', 'adminCourse', 'listTrails', 'adminTrail'] as const) {
      watch(authoring, name);
    }
    watch(reports, 'enrollments');
    watch(reports, 'report');
    await sameAsBefore('/api/admin/learning/taxonomy', learningTaxonomy, manager);
    const courses = (await sameAsBefore(
      '/api/admin/learning/courses?pageSize=100',
      adminCourseListPage,
      manager,
    )) as AdminCourseListPage;
    expect(courses.items.length).toBeGreaterThan(3);
    for (const course of courses.items) {
      await sameAsBefore(`/api/admin/learning/courses/${course.id}`, adminCourse, manager);
      await sameAsBefore(`/api/admin/learning/courses/${course.id}/enrollments`, enrollmentPage, manager);
      await sameAsBefore(`/api/admin/learning/courses/${course.id}/report`, courseReportPage, manager);
    }
    const trails = (await sameAsBefore(
      '/api/admin/learning/trails',
      adminTrailListPage,
      manager,
    )) as AdminTrailListPage;
    expect(trails.items.length).toBeGreaterThan(0);
    for (const trail of trails.items) {
      await sameAsBefore(`/api/admin/learning/trails/${trail.id}`, adminTrail, manager);
    }
  });

  it('the public portfolio, its courses and the about-team page', async () => {
    // These handlers build their answer inline (no service to catch it from): the answer on the wire,
    // read back, is written again by zod + JSON.stringify and must come out the same, byte for byte.
    const site = await t.services.site.forHost('localhost');
    await t.services.site.update(site.siteId, { ...site, portfolio: true });
    const roundTrip = async (url: string, schema: z.ZodType) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.body, url).toBe(zodText(schema, JSON.parse(res.body)));
      return JSON.parse(res.body) as unknown;
    };
    const page = (await roundTrip('/api/public/portfolio?pageSize=100', portfolioPage)) as PortfolioPage;
    expect(page.items.length).toBeGreaterThan(0);
    for (const course of page.items) {
      await roundTrip(`/api/public/portfolio/courses/${course.slug}`, portfolioCourse);
    }
    const team = (await roundTrip('/api/public/about-team', aboutTeam)) as { members: unknown[] };
    expect(team.members.length).toBeGreaterThan(0);
  });
});

describe('the compiled writers', () => {
  it("write the learner's reads: values are no longer checked against the contract on the way out", async () => {
    const { catalog } = learningOf(t);
    // 101 is past the contract's bound of 100: zod's encode refused the answer (a 500); the compiled
    // writer writes what the service gave, which only these routes' serializers do.
    watch(catalog, 'courseList', (value) => {
      const page = value as CourseListPage;
      return { ...page, items: page.items.map((c) => ({ ...c, progress: { ...c.progress, percent: 101 } })) };
    });
    const res = await t.app.inject({ url: '/api/learning/courses', headers: learner });
    expect(res.statusCode).toBe(200);
    expect(() => zodText(courseListPage, last)).toThrow();
    expect(res.json<CourseListPage>().items.every((c) => c.progress.percent === 101)).toBe(true);
  });
});

describe('nothing the contract does not declare reaches the wire', () => {
  const marker = { passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$leaked', clientId: 987_654_321 };
  /** The service's answer with a password hash and another client's id added to every object in it. */
  const withExtras = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(withExtras)
      : value !== null && typeof value === 'object'
        ? {
            ...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withExtras(v)])),
            ...marker,
          }
        : value;

  it('course list, course detail, trail list and trail detail drop fields added at every depth', async () => {
    const { catalog } = learningOf(t);
    for (const name of ['courseList', 'courseDetail', 'trailList', 'trailDetail'] as const) {
      watch(catalog, name, withExtras);
    }
    const page = (
      await t.app.inject({ url: '/api/learning/courses', headers: learner })
    ).json<CourseListPage>();
    const trails = (
      await t.app.inject({ url: '/api/learning/trails', headers: learner })
    ).json<TrailListPage>();
    const urls = [
      '/api/learning/courses',
      `/api/learning/courses/${page.items[0]!.id}`,
      '/api/learning/trails',
      `/api/learning/trails/${trails.items[0]!.id}`,
    ];
    const schemas = [courseListPage, courseDetail, trailListPage, trailDetail];
    for (const [i, url] of urls.entries()) {
      const res = await t.app.inject({ url, headers: learner });
      expect(res.statusCode).toBe(200);
      // The service did carry them…
      expect(JSON.stringify(last)).toContain('leaked');
      // …and the answer is what zod's strip made of it, without them.
      expect(res.body).not.toMatch(/passwordHash|leaked|987654321/);
      expect(res.body).toBe(zodText(schemas[i]!, last));
    }
  });
});
