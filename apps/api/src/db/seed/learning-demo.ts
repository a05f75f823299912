import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RoleName } from '@trilha/contracts/session';
import type { Storage } from '../../lib/storage';
import { createAuthoringService, type Actor } from '../../modules/learning/authoring.service';
import { createCatalogRepo } from '../../modules/learning/catalog.repo';
import { createCatalogService } from '../../modules/learning/catalog.service';
import { createContentSigner } from '../../modules/learning/content-urls';
import { createCourseContextLoader } from '../../modules/learning/course-context';
import { createProgressService } from '../../modules/learning/progress.service';
import { createReportService } from '../../modules/learning/report.service';
import { createViewerLoader, type Viewer } from '../../modules/learning/viewer';
import type { Db } from '../client';
import { clients } from '../schema/core';
import { userClients, users } from '../schema/users';
import {
  courses,
  taxonomies,
  trails,
  type ClientSlug,
  type DemoActivity,
  type DemoCourse,
} from './learning-demo/content';
import { makeTrailCover } from './learning-demo/demo-files';
import { createDemoSources, demoAssetPath } from './learning-demo/sources';
import { fileSeeder, type FileSeederOptions } from './file-seeder';
import type { Seeder } from './run-seeders';

const DAY = 86_400_000;

export type LearningDemoOptions = FileSeederOptions;

/**
 * The demo's online courses and trails for Aurora Varejo and Nimbus Tech, built through the learning
 * back office's own service (so files go through the same checks, storage keys and SCORM import as an
 * upload), then some progress of learner@demo.example reported through the progress service.
 */
export function createLearningDemoSeeder(opts: LearningDemoOptions = {}): Seeder {
  return fileSeeder('learning-demo', opts, seedLearning);
}

export const learningDemoSeeder = createLearningDemoSeeder();

async function seedLearning(db: Db, storage: Storage, maxUploadBytes: number) {
  const clientRows = await db
    .select({ id: clients.id, slug: clients.slug })
    .from(clients)
    .where(inArray(clients.slug, ['aurora', 'nimbus']));
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['manager@demo.example', 'learner@demo.example']));
  const manager = people.find((u) => u.email === 'manager@demo.example');
  const learner = people.find((u) => u.email === 'learner@demo.example');
  const clientIds = Object.fromEntries(clientRows.map((c) => [c.slug, c.id])) as Partial<
    Record<ClientSlug, number>
  >;
  if (!manager || !learner || !clientIds.aurora || !clientIds.nimbus) return;

  // Signed URLs in the authoring answers are thrown away here, so any key signs them.
  const signer = createContentSigner(randomBytes(32), 3600);
  const authoring = createAuthoringService({
    db,
    storage,
    signer,
    maxUploadBytes,
    onAudienceChange: () => {},
  });
  const reports = createReportService(db);
  const repo = createCatalogRepo(db);
  const contexts = createCourseContextLoader(db, repo);
  const catalog = createCatalogService({ db, repo, contexts, signer });
  const progress = createProgressService({ db, contexts });
  const viewers = createViewerLoader(db);
  const source = createDemoSources();

  // Image encoding (covers) is the slow part and runs off the main thread in sharp, so covers are set
  // while the rest is written. Their statements then interleave with the others in this transaction,
  // which is safe: a cover call only sets the cover of its own course or trail.
  const covers: Promise<unknown>[] = [];
  let coverError: unknown;
  const inBackground = (work: () => Promise<unknown>) =>
    covers.push(
      work().catch((error: unknown) => {
        coverError ??= error;
      }),
    );

  const courseIds = new Map<string, number>();
  const activityIds = new Map<string, number>();
  const trailIds = new Map<string, number>();

  for (const slug of ['aurora', 'nimbus'] as const) {
    const clientId = clientIds[slug]!;
    const actor: Actor = { userId: manager.id, clientId };
    const tax = taxonomies[slug];
    const ids = {
      areas: new Map<string, number>(),
      groups: new Map<string, number>(),
      tags: new Map<string, number>(),
      categories: new Map<string, number>(),
    };
    for (const kind of ['areas', 'groups', 'tags', 'categories'] as const) {
      for (const name of tax[kind]) ids[kind].set(name, (await authoring.addTaxonomy(actor, kind, name)).id);
    }
    const idsOf = (map: Map<string, number>, names: string[]) => names.map((n) => map.get(n)!);
    await authoring.setUserAudience(actor, learner.id, {
      areaIds: idsOf(ids.areas, tax.learner.areas),
      groupIds: idsOf(ids.groups, tax.learner.groups),
    });

    for (const c of courses.filter((x) => x.client === slug)) {
      const id = await createCourse(actor, c, ids.categories.get(c.category)!, idsOf(ids.tags, c.tags));
      courseIds.set(c.key, id);
      if (c.audience) {
        await authoring.setCourseAudience(actor, id, {
          areaIds: idsOf(ids.areas, c.audience.areas),
          groupIds: idsOf(ids.groups, c.audience.groups),
        });
      }
      await authoring.publishCourse(actor, id, true);
    }

    for (const t of trails.filter((x) => x.client === slug)) {
      const trail = await authoring.createTrail(actor, {
        title: t.title,
        description: t.description,
        categoryId: ids.categories.get(t.category) ?? null,
        tagIds: idsOf(ids.tags, t.tags),
        subscriptionMode: t.mode ?? 'open',
        sequential: t.sequential,
      });
      trailIds.set(t.key, trail.id);
      await authoring.setTrailItems(actor, trail.id, {
        items: t.courses.map((key) => ({ kind: 'course' as const, itemId: courseIds.get(key)! })),
      });
      const minutes = t.courses.reduce(
        (sum, key) => sum + (courses.find((c) => c.key === key)?.workloadMinutes ?? 0),
        0,
      );
      const subtitle = `${t.courses.length} cursos · ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
      inBackground(async () =>
        authoring.setTrailCover(actor, trail.id, await makeTrailCover(t.title, subtitle, t.colors)),
      );
      await authoring.publishTrail(actor, trail.id, true);
    }
  }

  async function createCourse(actor: Actor, c: DemoCourse, categoryId: number, tagIds: number[]) {
    const course = await authoring.createCourse(actor, {
      title: c.title,
      description: c.description,
      workloadMinutes: c.workloadMinutes,
      categoryId,
      tagIds,
      subscriptionMode: c.mode ?? 'open',
      prerequisiteIds: (c.prerequisites ?? []).map((key) => courseIds.get(key)!),
      isPublic: c.isPublic ?? false,
    });
    inBackground(() =>
      authoring.setCourseCover(actor, course.id, readFileSync(demoAssetPath(`covers/${c.cover}`))),
    );
    for (const [m, mod] of c.modules.entries()) {
      const withModule = await authoring.addModule(actor, course.id, { title: mod.title });
      const moduleId = withModule.modules.at(-1)!.id;
      for (const [a, activity] of mod.activities.entries()) {
        const id = await addActivity(actor, moduleId, activity);
        activityIds.set(`${c.key}:${m + 1}.${a + 1}`, id);
      }
    }
    return course.id;
  }

  async function addActivity(actor: Actor, moduleId: number, a: DemoActivity) {
    const { file: _file, ...body } = a;
    const course = await authoring.addActivity(actor, moduleId, body);
    const id = course.modules.find((m) => m.id === moduleId)!.activities.at(-1)!.id;
    if (a.file) await authoring.uploadActivityFile(actor, id, await source(a.file.source), a.file.name);
    return id;
  }

  // ------------------------------------------------------------------ learner@demo.example's progress

  const viewerIn = async (slug: ClientSlug): Promise<Viewer> => {
    const clientId = clientIds[slug]!;
    const [membership] = await db
      .select({ roles: userClients.roles })
      .from(userClients)
      .where(and(eq(userClients.userId, learner.id), eq(userClients.clientId, clientId)));
    return viewers.load(learner.id, {
      clientId,
      roles: (membership?.roles ?? []) as RoleName[],
      isSuperuser: false,
      flags: {},
    });
  };
  const activity = (ref: string) => activityIds.get(ref)!;
  const course = (key: string) => courseIds.get(key)!;

  await Promise.all(covers);
  if (coverError) throw coverError;

  /**
   * Plays `upTo` seconds of a video or audio as the learner did some days ago: the server admits no more
   * than the wall time it saw pass (docs/completion.md), so the history is reported in 40-second steps,
   * each one dated 40 seconds after the one before.
   */
  const play = async (v: Viewer, activityId: number, upTo: number, duration: number) => {
    await progress.report(v, activityId, { type: 'open' });
    for (let from = 0; from < upTo; from += 40) {
      await db.execute(sql`update activity_progress
          set started_at = started_at - interval '40 seconds', last_seen_at = last_seen_at - interval '40 seconds'
          where user_id = ${learner.id} and activity_id = ${activityId}`);
      const to = Math.min(upTo, from + 40);
      await progress.report(v, activityId, {
        type: 'media',
        intervals: [[from, to]],
        position: to,
        duration,
      });
    }
  };

  const aurora = await viewerIn('aurora');
  // Finished: every activity of "Atendimento que encanta", the SCORM lesson passed with full marks.
  await play(aurora, activity('atendimento:1.1'), 20, 20);
  await progress.report(aurora, activity('atendimento:1.2'), { type: 'pdf', page: 4, pageCount: 4 });
  await progress.commit(aurora, activity('atendimento:2.1'), {
    cmi: {
      'cmi.core.lesson_status': 'passed',
      'cmi.core.score.raw': '100',
      'cmi.core.score.min': '0',
      'cmi.core.score.max': '100',
      'cmi.core.lesson_location': '4',
      'cmi.suspend_data': JSON.stringify({
        page: 4,
        visited: [1, 2, 3, 4],
        answers: { q1: 'b', q2: 'c', q3: 'a' },
      }),
    },
    terminate: true,
  });
  // The trail it opens, and the next course half done: the film watched, the podcast half heard.
  await catalog.enroll(aurora, 'trail', trailIds.get('consultor')!);
  await play(aurora, activity('vendas:1.1'), 596, 596);
  await play(aurora, activity('vendas:1.2'), 10, 20);
  // Assigned by the manager, not started; and a favourite.
  await reports.enrollUsers({ userId: manager.id, clientId: clientIds.aurora }, course('pos-venda'), [
    learner.id,
  ]);
  await catalog.setFavorite(aurora, 'course', course('experiencia'), true);

  const nimbus = await viewerIn('nimbus');
  // Halfway through the SCORM 2004 lesson, suspended on page 3 (the lesson resumes there).
  await progress.commit(nimbus, activity('notebooks:1.1'), {
    cmi: {
      'cmi.completion_status': 'incomplete',
      'cmi.location': '3',
      'cmi.suspend_data': JSON.stringify({ page: 3, visited: [1, 2, 3], answers: {} }),
      'cmi.progress_measure': '0.60',
      'cmi.exit': 'suspend',
    },
    terminate: true,
  });

  // Spread the history over the past weeks, so lists and reports read like real use.
  await backdate(db, learner.id, course('atendimento'), 12);
  await backdate(db, learner.id, course('vendas'), 2);
  await backdate(db, learner.id, course('notebooks'), 4);
  await db.execute(sql`update trail_enrollments set enrolled_at = now() - interval '12 days'
    where user_id = ${learner.id} and trail_id = ${trailIds.get('consultor')!}`);
  await db.execute(sql`update course_enrollments set enrolled_at = now() - interval '6 days'
    where user_id = ${learner.id} and course_id = ${course('pos-venda')}`);
}

/** Moves one user's progress and enrollment in a course `days` back, keeping the order of events. */
async function backdate(db: Db, userId: number, courseId: number, days: number) {
  const shift = sql`${days * DAY} * interval '1 millisecond'`;
  await db.execute(sql`update activity_progress set started_at = started_at - ${shift},
      completed_at = completed_at - ${shift}, updated_at = updated_at - ${shift}
    where user_id = ${userId} and course_id = ${courseId}`);
  await db.execute(sql`update course_progress set started_at = started_at - ${shift},
      finished_at = finished_at - ${shift}, last_activity_at = last_activity_at - ${shift}
    where user_id = ${userId} and course_id = ${courseId}`);
  await db.execute(sql`update course_enrollments set enrolled_at = enrolled_at - ${shift}
    where user_id = ${userId} and course_id = ${courseId}`);
}
