import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ActivityBody, CourseBody } from '@trilha/contracts/learning';
import type { TestApp } from './build-test-app';
import { createClient, createUser } from './factories';
import { bearer, login } from './http';

export const demoAsset = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../demo-assets/${path}`, import.meta.url)));
export const demoAssetDir = (path: string) =>
  fileURLToPath(new URL(`../demo-assets/${path}`, import.meta.url));

export const learningOf = (t: TestApp) => t.modules.learning;

/** A client with a manager and a learner, both logged in. */
export async function learningWorld(t: TestApp) {
  const client = await createClient(t.database.db, { flags: { has_courses: true, has_trails: true } });
  const manager = await createUser(t.database.db, { clientIds: [client.id], roles: ['manager'] });
  const learner = await createUser(t.database.db, { clientIds: [client.id], roles: ['sales_agent'] });
  const managerToken = (await login(t, manager.username)).access_token;
  const learnerToken = (await login(t, learner.username)).access_token;
  return {
    client,
    manager,
    learner,
    actor: { userId: manager.id, clientId: client.id },
    as: {
      manager: bearer(managerToken),
      learner: bearer(learnerToken),
    },
  };
}

export type World = Awaited<ReturnType<typeof learningWorld>>;

/**
 * A published course with one module and the given activities (created through the authoring service,
 * files uploaded through the same path as the back office).
 */
export async function makeCourse(
  t: TestApp,
  w: World,
  opts: {
    course?: Partial<CourseBody>;
    activities: (ActivityBody & { file?: { data: Buffer; name: string } })[];
    modules?: number;
    publish?: boolean;
  },
) {
  const { authoring } = learningOf(t);
  let course = await authoring.createCourse(w.actor, { title: 'Curso de teste', ...opts.course });
  for (let m = 0; m < (opts.modules ?? 1); m++) {
    course = await authoring.addModule(w.actor, course.id, { title: `Módulo ${m + 1}` });
  }
  const moduleId = course.modules[0]!.id;
  for (const { file: given, ...body } of opts.activities) {
    const file =
      given ??
      (body.kind === 'html'
        ? { data: demoAsset('files/html-lesson/index.html'), name: 'index.html' }
        : undefined);
    course = await authoring.addActivity(w.actor, moduleId, body);
    const created = course.modules[0]!.activities.at(-1)!;
    if (file) course = await authoring.uploadActivityFile(w.actor, created.id, file.data, file.name);
  }
  if (opts.publish !== false) course = await authoring.publishCourse(w.actor, course.id, true);
  return course;
}

/** A 3-page PDF 1.4 (enough structure for the page count to be read from the bytes). */
export function threePagePdf(): Buffer {
  const page = (n: number) => `${n} 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n`;
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >> endobj\n${page(3)}${page(4)}${page(5)}trailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}
