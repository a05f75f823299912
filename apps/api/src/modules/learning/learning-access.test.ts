import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import {
  demoAsset,
  demoAssetDir,
  learningOf,
  learningWorld,
  makeCourse,
  threePagePdf,
  type World,
} from '../../../test/learning-helpers';
import { zipScormFolder } from './scorm/zip-folder';

let t: TestApp;
let w: World;
let other: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
  other = await learningWorld(t);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });

describe('scoping', () => {
  it("never shows another client's course: list, detail, player and files answer as if it did not exist", async () => {
    const course = await makeCourse(t, other, {
      course: { title: 'Curso secreto' },
      activities: [{ kind: 'pdf', title: 'PDF', file: { data: threePagePdf(), name: 'a.pdf' } }],
    });
    const list = await get('/api/learning/courses?search=secreto', w.as.learner);
    expect(list.json().total).toBe(0);
    expect((await get(`/api/learning/courses/${course.id}`, w.as.learner)).statusCode).toBe(404);
    expect((await get(`/api/learning/courses/${course.id}/activities/1.1`, w.as.learner)).statusCode).toBe(
      404,
    );
    const id = course.modules[0]!.activities[0]!.id;
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${id}/progress`,
      headers: w.as.learner,
      payload: { type: 'loaded' },
    });
    expect(report.statusCode).toBe(404);
    // The owner's learner sees it, and its file through the signed URL, with Range.
    const player = await get(`/api/learning/courses/${course.id}/activities/1.1`, other.as.learner);
    const url = player.json().content.url as string;
    const ranged = await t.app.inject({ url, headers: { range: 'bytes=0-7' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe('%PDF-1.4');
    expect(ranged.headers['content-range']).toMatch(/^bytes 0-7\/\d+$/);
    // A tampered token opens nothing.
    // (The first character of the signature is changed to another one, never to itself.)
    const tampered = url.replace(
      /(\/api\/learning\/content\/[\w-]+)\.([\w-])/,
      (_all, head: string, first: string) => `${head}.${first === 'x' ? 'y' : 'x'}`,
    );
    expect(tampered).not.toBe(url);
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(404);
  });

  it('limits content to its audience (profiles and groups), by id too', async () => {
    const { authoring } = learningOf(t);
    const course = await makeCourse(t, w, {
      course: { title: 'Só para gerentes' },
      activities: [{ kind: 'html', title: 'x' }],
    });
    await authoring.setCourseAudience(w.actor, course.id, { roles: ['manager'] });
    expect((await get(`/api/learning/courses/${course.id}`, w.as.learner)).statusCode).toBe(404);
    expect((await get(`/api/learning/courses/${course.id}`, w.as.manager)).statusCode).toBe(200);

    const group = await authoring.addTaxonomy(w.actor, 'groups', 'Loja Centro');
    await authoring.setCourseAudience(w.actor, course.id, { groupIds: [group.id] });
    expect((await get(`/api/learning/courses/${course.id}`, w.as.learner)).statusCode).toBe(404);
    await authoring.setUserAudience(w.actor, w.learner.id, { areaIds: [], groupIds: [group.id] });
    expect((await get(`/api/learning/courses/${course.id}`, w.as.learner)).statusCode).toBe(200);
    const filtered = await get(`/api/learning/courses?selected_groups=${group.id}`, w.as.learner);
    expect(filtered.json().items.map((c: { id: number }) => c.id)).toEqual([course.id]);
  });
});

describe('enrollment and locks', () => {
  it('needs enrollment, then the prerequisite, and says why', async () => {
    const first = await makeCourse(t, w, {
      course: { title: 'Primeiro' },
      activities: [{ kind: 'html', title: 'a' }],
    });
    const second = await makeCourse(t, w, {
      course: { title: 'Segundo', subscriptionMode: 'enrollment', prerequisiteIds: [first.id] },
      activities: [{ kind: 'html', title: 'b' }],
    });
    let detail = (await get(`/api/learning/courses/${second.id}`, w.as.learner)).json();
    expect(detail.lock).toMatchObject({ locked: true, reason: 'prerequisite' });
    expect(detail.lock.prerequisites).toEqual([{ id: first.id, title: 'Primeiro', finished: false }]);
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${second.modules[0]!.activities[0]!.id}/progress`,
      headers: w.as.learner,
      payload: { type: 'loaded' },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('LEARNING_PREREQUISITE_PENDING');

    await t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${first.modules[0]!.activities[0]!.id}/progress`,
      headers: w.as.learner,
      payload: { type: 'loaded' },
    });
    detail = (await get(`/api/learning/courses/${second.id}`, w.as.learner)).json();
    expect(detail.lock.reason).toBe('enrollment_required');
    const enrolled = await t.app.inject({
      method: 'POST',
      url: `/api/learning/courses/${second.id}/enrollment`,
      headers: w.as.learner,
    });
    expect(enrolled.json()).toMatchObject({
      enrollment: { state: 'enrolled', canUnenroll: true },
      lock: { locked: false },
    });
    const un = await t.app.inject({
      method: 'DELETE',
      url: `/api/learning/courses/${second.id}/enrollment`,
      headers: w.as.learner,
    });
    expect(un.json().enrollment.state).toBe('not_enrolled');
  });

  it('locks an activity until the previous ones are done and one until an instructor authorizes it', async () => {
    const course = await makeCourse(t, w, {
      activities: [
        { kind: 'html', title: 'Primeira' },
        { kind: 'html', title: 'Segunda', requiresPrevious: true },
        { kind: 'html', title: 'Prática', requiresAuthorization: true },
      ],
    });
    const [a1, a2, a3] = course.modules[0]!.activities;
    const player = (await get(`/api/learning/courses/${course.id}/activities/1.2`, w.as.learner)).json();
    expect(player.activity.lock.reason).toBe('previous_activities');
    expect(player.content).toBeNull();
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${a1!.id}/progress`,
      headers: w.as.learner,
      payload: { type: 'loaded' },
    });
    expect(done.json().unlocked).toEqual(['1.2']);
    expect(
      (await get(`/api/learning/courses/${course.id}/activities/1.2`, w.as.learner)).json().activity.lock
        .locked,
    ).toBe(false);

    expect(
      (await get(`/api/learning/courses/${course.id}/activities/1.3`, w.as.learner)).json().activity.lock
        .reason,
    ).toBe('awaiting_authorization');
    // A learner cannot authorize; an instructor of the client can.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${a3!.id}/authorizations`,
      headers: w.as.learner,
      payload: { userId: w.learner.id },
    });
    expect(refused.statusCode).toBe(403);
    const instructor = await createUser(t.database.db, { clientIds: [w.client.id], roles: ['instructor'] });
    const token = (await login(t, instructor.username)).access_token;
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${a3!.id}/authorizations`,
      headers: bearer(token),
      payload: { userId: w.learner.id },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      (await get(`/api/learning/courses/${course.id}/activities/1.3`, w.as.learner)).json().activity.lock
        .locked,
    ).toBe(false);
    void a2;
  });
});

describe('trails', () => {
  it('derives trail progress from its courses and locks the next course of a sequential trail', async () => {
    const { authoring } = learningOf(t);
    const c1 = await makeCourse(t, w, {
      course: { title: 'Trilha 1' },
      activities: [{ kind: 'html', title: 'a' }],
    });
    const c2 = await makeCourse(t, w, {
      course: { title: 'Trilha 2' },
      activities: [{ kind: 'html', title: 'b' }],
    });
    const trail = await authoring.createTrail(w.actor, { title: 'Trilha do vendedor', sequential: true });
    await authoring.setTrailItems(w.actor, trail.id, {
      items: [
        { kind: 'course', itemId: c1.id },
        { kind: 'course', itemId: c2.id },
      ],
    });
    await authoring.publishTrail(w.actor, trail.id, true);

    let detail = (await get(`/api/learning/trails/${trail.id}`, w.as.learner)).json();
    expect(detail.progress.status).toBe('not_started');
    expect(detail.items[1].lock.reason).toBe('prerequisite');
    const locked = await get(
      `/api/learning/trails/${trail.id}/courses/${c2.id}/activities/1.1`,
      w.as.learner,
    );
    expect(locked.json().activity.lock.reason).toBe('prerequisite');

    await t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${c1.modules[0]!.activities[0]!.id}/progress?trailId=${trail.id}`,
      headers: w.as.learner,
      payload: { type: 'loaded' },
    });
    detail = (await get(`/api/learning/trails/${trail.id}`, w.as.learner)).json();
    expect(detail.progress).toMatchObject({ status: 'in_progress', percent: 50 });
    expect(detail.items[1].lock.locked).toBe(false);
  });
});

describe('SCORM', () => {
  it('imports a package through the upload route, restores runtime data and takes the outcome from cmi', async () => {
    const course = await makeCourse(t, w, { activities: [{ kind: 'scorm', title: 'Atendimento' }] });
    const id = course.modules[0]!.activities[0]!.id;
    const zip = Buffer.from(zipScormFolder(demoAssetDir('scorm/retail-basics-scorm12')));
    const boundary = 'x-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pacote.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      zip,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/admin/learning/activities/${id}/file`,
      headers: { ...w.as.manager, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().modules[0].activities[0].scorm).toMatchObject({
      version: '1.2',
      launchHref: 'index.html',
    });

    const broken = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.zip"\r\n\r\n`),
      Buffer.from(zipScormFolder(demoAssetDir('files/html-lesson'))),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/learning/activities/${id}/file`,
      headers: {
        ...w.as.manager,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'accept-language': 'pt-BR',
      },
      payload: broken,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('LEARNING_SCORM_NO_MANIFEST');
    expect(refused.json().error.message).toContain('imsmanifest.xml');

    let player = (await get(`/api/learning/courses/${course.id}/activities/1.1`, w.as.learner)).json();
    expect(player.content).toMatchObject({ kind: 'scorm', version: '1.2', entry: 'ab-initio' });
    const launch = await t.app.inject({ url: player.content.launchUrl });
    expect(launch.statusCode).toBe(200);
    expect(launch.headers['content-security-policy']).toContain(
      'sandbox allow-scripts allow-same-origin allow-forms allow-modals',
    );

    const commit = (cmi: Record<string, string>, terminate = false) =>
      t.app.inject({
        method: 'POST',
        url: `/api/learning/activities/${id}/scorm/commit`,
        headers: w.as.learner,
        payload: { cmi, terminate },
      });
    const first = await commit({
      'cmi.core.lesson_status': 'incomplete',
      'cmi.suspend_data': 'page=3',
      'cmi.core.lesson_location': '3',
    });
    expect(first.json().activity.status).toBe('in_progress');
    player = (await get(`/api/learning/courses/${course.id}/activities/1.1`, w.as.learner)).json();
    expect(player.content.entry).toBe('resume');
    expect(player.content.cmi).toMatchObject({
      'cmi.suspend_data': 'page=3',
      'cmi.core.lesson_location': '3',
      'cmi.core.entry': 'resume',
    });
    // The pass finishes the activity when the session ends.
    const passed = await commit({ 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '100' }, true);
    expect(passed.json().activity).toMatchObject({ status: 'finished', success: 'passed', score: 100 });
  });
});

describe('back office', () => {
  it('checks role and client on every authoring route', async () => {
    const body = { title: 'Novo curso' };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/learning/courses',
          headers: w.as.learner,
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/learning/courses',
      headers: w.as.manager,
      payload: body,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    // A manager of another client does not find it.
    expect((await get(`/api/admin/learning/courses/${id}`, other.as.manager)).statusCode).toBe(404);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/learning/courses/${id}`,
      headers: other.as.manager,
      payload: body,
    });
    expect(edit.statusCode).toBe(404);
  });

  it('exports the progress report as CSV with a BOM and escaped fields', async () => {
    const course = await makeCourse(t, w, {
      course: { title: 'Relatório' },
      activities: [{ kind: 'html', title: 'a' }],
    });
    const tricky = await createUser(t.database.db, {
      clientIds: [w.client.id],
      firstName: '=HYPERLINK("x")',
      lastName: 'Silva; Jr',
    });
    await learningOf(t).reports.enrollUsers(w.actor, course.id, [tricky.id, w.learner.id]);
    const page = await get(`/api/admin/learning/courses/${course.id}/report`, w.as.manager);
    expect(page.json().total).toBe(2);
    const csv = await get(`/api/admin/learning/courses/${course.id}/report.csv`, {
      ...w.as.manager,
      'accept-language': 'pt-BR',
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('"\'=HYPERLINK(""x"") Silva; Jr"');
    expect(csv.body.split('\r\n')[0]).toContain('Nome;E-mail');
  });
});

void demoAsset;
