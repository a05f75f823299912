import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { learningWorld, makeCourse, type World } from '../../../test/learning-helpers';

/**
 * The instructor's screen (docs/assessments.md, "Back office"): an instructor without the content area
 * lists the client's courses that have tests and opens each one's attempts and blocked learners.
 */
let t: TestApp;
let w: World;
let instructor: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
  const user = await createUser(t.database.db, { clientIds: [w.client.id], roles: ['instructor'] });
  instructor = bearer((await login(t, user.username)).access_token);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });

async function courseWithTest(title: string, actor = w.actor) {
  const q = await t.modules.assessments.questionBank.create(actor, {
    kind: 'true_false',
    stem: 'O céu é azul.',
    answer: true,
  });
  const { authoring } = t.modules.learning;
  let course = await authoring.createCourse(actor, { title });
  course = await authoring.addModule(actor, course.id, { title: 'Módulo' });
  course = await authoring.addActivity(actor, course.modules[0]!.id, {
    kind: 'block_test',
    title: `Prova de ${title}`,
    settings: { questions: { mode: 'fixed', questionIds: [q.id] }, passMark: 1, maxAttempts: 1 },
  });
  return course;
}

describe('the courses that have tests, for instructors', () => {
  it('lists only the courses of the client that have tests, with their tests; paged and searched', async () => {
    const a = await courseWithTest('Atendimento ao cliente');
    const b = await courseWithTest('Vendas 100% consultivas');
    await makeCourse(t, w, {
      course: { title: 'Sem provas' },
      activities: [{ kind: 'html', title: 'Aula' }],
    });
    const foreignClient = await createClient(t.database.db, { flags: { has_courses: true } });
    const foreignManager = await createUser(t.database.db, {
      clientIds: [foreignClient.id],
      roles: ['manager'],
    });
    await courseWithTest('Atendimento de outro cliente', {
      userId: foreignManager.id,
      clientId: foreignClient.id,
    });

    const list = await get('/api/admin/assessments/courses', instructor);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(list.json().items).toEqual([
      {
        id: a.id,
        title: 'Atendimento ao cliente',
        published: false,
        tests: [
          {
            id: a.modules[0]!.activities[0]!.id,
            kind: 'block_test',
            title: 'Prova de Atendimento ao cliente',
            hierarchyOrder: '1.1',
          },
        ],
        pendingGrading: 0,
        blocked: 0,
      },
      expect.objectContaining({ id: b.id, title: 'Vendas 100% consultivas' }),
    ]);

    const searched = await get('/api/admin/assessments/courses?search=100%25', instructor);
    expect(searched.json().items.map((c: { id: number }) => c.id)).toEqual([b.id]);
    const second = await get('/api/admin/assessments/courses?pageSize=1&page=2', instructor);
    expect(second.json()).toMatchObject({ total: 2, items: [{ id: b.id }] });
    const tooBig = await get('/api/admin/assessments/courses?pageSize=1000', instructor);
    expect(tooBig.statusCode).toBe(400);

    const one = await get(`/api/admin/assessments/courses/${a.id}`, instructor);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().course).toMatchObject({ id: a.id, tests: [{ kind: 'block_test' }] });
  });

  it('lets an instructor read attempts and blocks; a learner gets 403; another client’s course 404', async () => {
    const course = await courseWithTest('Curso do instrutor');
    const test = course.modules[0]!.activities[0]!.id;
    expect((await get(`/api/admin/assessments/activities/${test}/attempts`, instructor)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/admin/assessments/courses/${course.id}/blocks`, instructor)).statusCode).toBe(
      200,
    );

    for (const url of [
      '/api/admin/assessments/courses',
      `/api/admin/assessments/courses/${course.id}`,
      `/api/admin/assessments/courses/${course.id}/blocks`,
    ]) {
      const res = await get(url, w.as.learner);
      expect(res.statusCode, url).toBe(403);
    }

    const foreignClient = await createClient(t.database.db, { flags: { has_courses: true } });
    const foreignManager = await createUser(t.database.db, {
      clientIds: [foreignClient.id],
      roles: ['manager'],
    });
    const foreign = await courseWithTest('Curso alheio', {
      userId: foreignManager.id,
      clientId: foreignClient.id,
    });
    expect((await get(`/api/admin/assessments/courses/${foreign.id}`, instructor)).statusCode).toBe(404);
    expect((await get(`/api/admin/assessments/courses/${foreign.id}/blocks`, instructor)).statusCode).toBe(
      404,
    );
    const foreignTest = foreign.modules[0]!.activities[0]!.id;
    expect(
      (await get(`/api/admin/assessments/activities/${foreignTest}/attempts`, instructor)).statusCode,
    ).toBe(404);
    // A course of the client without tests is not on this screen either.
    const plain = await makeCourse(t, w, { activities: [{ kind: 'html', title: 'Aula' }] });
    expect((await get(`/api/admin/assessments/courses/${plain.id}`, instructor)).statusCode).toBe(404);
  });
});
