import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  demoAssetDir,
  learningOf,
  learningWorld,
  makeCourse,
  type World,
} from '../../../test/learning-helpers';
import { zipScormFolder } from './scorm/zip-folder';

// The SCORM run-time rules the server enforces (docs/scorm.md), on the demo packages.
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
});
afterAll(async () => {
  await t.close();
});

type Cmi = Record<string, string>;

async function scormCourse(version: '1.2' | '2004', settings: Record<string, unknown> = {}) {
  const folder = version === '1.2' ? 'scorm/retail-basics-scorm12' : 'scorm/product-knowledge-scorm2004';
  const course = await makeCourse(t, w, {
    activities: [
      {
        kind: 'scorm',
        title: 'Pacote',
        settings,
        file: { data: Buffer.from(zipScormFolder(demoAssetDir(folder))), name: 'pacote.zip' },
      } as never,
    ],
  });
  const id = course.modules[0]!.activities[0]!.id;
  const commit = (cmi: Cmi, opts: { terminate?: boolean; attempt?: number } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${id}/scorm/commit`,
      headers: w.as.learner,
      payload: { cmi, ...opts },
    });
  const launch = async () => {
    const res = await t.app.inject({
      url: `/api/learning/courses/${course.id}/activities/1.1`,
      headers: w.as.learner,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().content as {
      cmi: Cmi;
      entry: string;
      attempt: number;
      mode: 'normal' | 'review';
      maxAttempts: number | null;
    };
  };
  const courseRow = async () => {
    const [row] = rowsOf<{ completed_count: number; finished_at: Date | null }>(
      await t.database.db.execute(sql`select completed_count, finished_at from course_progress
        where user_id = ${w.learner.id} and course_id = ${course.id}`),
    );
    return row!;
  };
  return { course, id, commit, launch, courseRow };
}

describe('a failed attempt never becomes a finished course', () => {
  it('SCORM 1.2: "completed" then failed in the same session never finishes, and shows its real progress', async () => {
    const { commit, courseRow } = await scormCourse('1.2');
    // Every page seen: the package says completed; the session is still open, nothing is finished yet.
    const seen = await commit({ 'cmi.core.lesson_status': 'completed', 'cmi.core.lesson_location': '4' });
    expect(seen.json().activity).toMatchObject({ status: 'in_progress' });
    // The quiz: 1 of 3 (33 %) under the mastery score of 60.
    const failed = await commit(
      { 'cmi.core.lesson_status': 'failed', 'cmi.core.score.raw': '33', 'cmi.core.exit': '' },
      { terminate: true },
    );
    expect(failed.json().activity).toMatchObject({
      status: 'in_progress',
      success: 'failed',
      score: 33,
      percent: 0,
    });
    expect(failed.json().course.percent).toBe(0);
    expect((await courseRow()).completed_count).toBe(0);
  });

  it('a failure after a finish reopens the activity and the course, and says so in the audit trail', async () => {
    const { id, commit, courseRow } = await scormCourse('1.2');
    const done = await commit(
      { 'cmi.core.lesson_status': 'completed', 'cmi.core.exit': 'suspend' },
      { terminate: true },
    );
    expect(done.json().activity.status).toBe('finished');
    expect(await courseRow()).toMatchObject({ completed_count: 1 });
    expect((await courseRow()).finished_at).not.toBeNull();

    // The suspended attempt resumes; its quiz fails: the latest outcome of the attempt counts.
    const failed = await commit(
      { 'cmi.core.lesson_status': 'failed', 'cmi.core.score.raw': '20', 'cmi.core.exit': '' },
      { terminate: true },
    );
    expect(failed.json().activity).toMatchObject({
      status: 'in_progress',
      success: 'failed',
      completedAt: null,
    });
    expect(failed.json().course.percent).toBe(0);
    expect(await courseRow()).toMatchObject({ completed_count: 0, finished_at: null });
    const [audit] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from audit_log
        where action = 'activity.reopen' and entity_id = ${String(id)} and actor_id = ${w.learner.id}`),
    );
    expect(audit!.n).toBe(1);
  });

  it('SCORM 2004: an attempt in progress keeps an earlier finish; a retake that fails takes it back', async () => {
    const { commit, launch, courseRow } = await scormCourse('2004', { retakeAfterPass: true });
    await commit(
      { 'cmi.completion_status': 'completed', 'cmi.score.scaled': '0.9', 'cmi.exit': 'normal' },
      { terminate: true },
    );
    expect((await courseRow()).completed_count).toBe(1);
    const second = await launch();
    expect(second).toMatchObject({ attempt: 2, entry: 'ab-initio', mode: 'normal' });
    const going = await commit(
      { 'cmi.completion_status': 'incomplete', 'cmi.location': '2' },
      { attempt: 2 },
    );
    expect(going.json().activity.status).toBe('finished');
    const fails = await commit(
      { 'cmi.completion_status': 'completed', 'cmi.score.scaled': '0.3', 'cmi.exit': 'normal' },
      { attempt: 2, terminate: true },
    );
    expect(fails.json().activity).toMatchObject({ status: 'in_progress', success: 'failed', score: 30 });
    expect((await courseRow()).completed_count).toBe(0);
  });
});

describe('SCORM 1.2 status on LMSFinish', () => {
  it('a session ended without a status is completed', async () => {
    const { commit, launch } = await scormCourse('1.2');
    const res = await commit({ 'cmi.core.lesson_location': '1' }, { terminate: true });
    expect(res.json().activity).toMatchObject({ status: 'finished', success: null });
    // A completed lesson left normally is over: reviewed next time (the author allows no retake).
    expect(await launch()).toMatchObject({ mode: 'review', entry: '' });
    const stored = await launch();
    expect(stored.cmi).toMatchObject({
      'cmi.core.lesson_status': 'completed',
      'cmi.core.credit': 'no-credit',
      'cmi.core.lesson_mode': 'review',
    });
  });

  it('with a score, passed or failed against the mastery score', async () => {
    const low = await scormCourse('1.2');
    expect(
      (await low.commit({ 'cmi.core.score.raw': '50' }, { terminate: true })).json().activity,
    ).toMatchObject({ status: 'in_progress', success: 'failed', score: 50 });
    const high = await scormCourse('1.2');
    expect(
      (await high.commit({ 'cmi.core.score.raw': '60' }, { terminate: true })).json().activity,
    ).toMatchObject({ status: 'finished', success: 'passed', score: 60 });
  });

  it('a status the package set is kept, and before the session ends nothing is defaulted', async () => {
    const { commit } = await scormCourse('1.2');
    expect((await commit({ 'cmi.core.lesson_location': '1' })).json().activity.status).toBe('in_progress');
    expect(
      (await commit({ 'cmi.core.lesson_status': 'incomplete' }, { terminate: true })).json().activity.status,
    ).toBe('in_progress');
  });
});

describe('entry, attempts and total time', () => {
  it('only a suspend resumes; a normal exit starts a new attempt, the old one takes no more data', async () => {
    const { commit, launch } = await scormCourse('2004');
    expect(await launch()).toMatchObject({ attempt: 1, entry: 'ab-initio', maxAttempts: null });
    await commit(
      {
        'cmi.location': '3',
        'cmi.suspend_data': 'p=3',
        'cmi.exit': 'suspend',
        'cmi.session_time': 'PT1M30S',
      },
      { terminate: true, attempt: 1 },
    );
    const resumed = await launch();
    expect(resumed).toMatchObject({ attempt: 1, entry: 'resume' });
    expect(resumed.cmi).toMatchObject({
      'cmi.entry': 'resume',
      'cmi.location': '3',
      'cmi.suspend_data': 'p=3',
      'cmi.total_time': 'PT0H1M30S',
    });
    expect(resumed.cmi['cmi.exit']).toBeUndefined();
    expect(resumed.cmi['cmi.session_time']).toBeUndefined();

    await commit(
      { 'cmi.location': '4', 'cmi.exit': 'normal', 'cmi.session_time': 'PT2M' },
      { terminate: true, attempt: 1 },
    );
    const next = await launch();
    expect(next).toMatchObject({ attempt: 2, entry: 'ab-initio', mode: 'normal' });
    expect(next.cmi['cmi.location']).toBeUndefined();
    expect(next.cmi['cmi.total_time']).toBe('PT0H0M0S');

    const late = await commit({ 'cmi.location': '5' }, { attempt: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('LEARNING_SCORM_ATTEMPT_OVER');
    const skipped = await commit({ 'cmi.location': '5' }, { attempt: 3 });
    expect(skipped.statusCode).toBe(409);
    expect((await commit({ 'cmi.location': '1' }, { attempt: 2 })).statusCode).toBe(200);
    expect((await launch()).cmi['cmi.location']).toBe('1');
  });

  it('the author limits attempts: after the last one the lesson opens in review and records nothing', async () => {
    const { commit, launch } = await scormCourse('2004', { maxAttempts: 2 });
    expect((await launch()).maxAttempts).toBe(2);
    await commit({ 'cmi.exit': 'normal' }, { terminate: true, attempt: 1 });
    expect((await launch()).attempt).toBe(2);
    await commit({ 'cmi.exit': '', 'cmi.location': '2' }, { terminate: true, attempt: 2 });
    const review = await launch();
    expect(review).toMatchObject({ attempt: 2, mode: 'review', entry: '' });
    expect(review.cmi).toMatchObject({
      'cmi.mode': 'review',
      'cmi.credit': 'no-credit',
      'cmi.location': '2',
    });
    expect((await commit({ 'cmi.completion_status': 'completed' }, { attempt: 2 })).statusCode).toBe(409);
    expect((await commit({ 'cmi.completion_status': 'completed' }, { attempt: 3 })).statusCode).toBe(409);
  });

  it('SCORM 1.2: total time adds up each session time, once per session; a bad value adds nothing', async () => {
    const { id, commit, launch } = await scormCourse('1.2');
    await commit({ 'cmi.core.session_time': '00:01:30', 'cmi.core.exit': 'suspend' }, { terminate: true });
    // A commit inside a session does not count its session time.
    await commit({ 'cmi.core.session_time': '00:05:00' });
    await commit({ 'cmi.core.session_time': '00:02:00', 'cmi.core.exit': 'suspend' }, { terminate: true });
    await commit({ 'cmi.core.session_time': 'two minutes', 'cmi.core.exit': 'suspend' }, { terminate: true });
    expect((await launch()).cmi['cmi.core.total_time']).toBe('0000:03:30.00');
    const [row] = rowsOf<{ seconds_spent: number }>(
      await t.database.db.execute(sql`select seconds_spent from activity_progress
        where user_id = ${w.learner.id} and activity_id = ${id}`),
    );
    expect(row!.seconds_spent).toBe(210);
  });

  it('SCORM 1.2: a lesson left normally without an outcome goes on with its data, not as a resume', async () => {
    const { commit, launch } = await scormCourse('1.2');
    await commit(
      { 'cmi.core.lesson_status': 'incomplete', 'cmi.core.lesson_location': '2' },
      { terminate: true },
    );
    const again = await launch();
    expect(again).toMatchObject({ attempt: 1, entry: '', mode: 'normal' });
    expect(again.cmi).toMatchObject({ 'cmi.core.entry': '', 'cmi.core.lesson_location': '2' });
  });
});

describe('passing score and completion threshold from the manifest', () => {
  it('SCORM 2004: the primary objective passing score reaches the package and rules success', async () => {
    const { commit, launch } = await scormCourse('2004');
    expect((await launch()).cmi['cmi.scaled_passing_score']).toBe('0.6');
    const low = await commit(
      { 'cmi.completion_status': 'completed', 'cmi.success_status': 'passed', 'cmi.score.scaled': '0.5' },
      { terminate: true },
    );
    expect(low.json().activity).toMatchObject({ status: 'in_progress', success: 'failed', score: 50 });
  });

  it('SCORM 2004: above the passing score, success is passed although the package left it unknown', async () => {
    const { commit } = await scormCourse('2004');
    const res = await commit(
      { 'cmi.completion_status': 'completed', 'cmi.score.scaled': '0.8', 'cmi.exit': 'suspend' },
      { terminate: true },
    );
    expect(res.json().activity).toMatchObject({ status: 'finished', success: 'passed', score: 80 });
  });

  it('SCORM 2004: with a completion threshold, the progress measure decides completion', async () => {
    const { id, commit, launch } = await scormCourse('2004');
    await t.database.db.execute(sql`update activities
      set scorm = scorm || '{"completionThreshold": 0.8, "masteryScore": null}'::jsonb where id = ${id}`);
    await learningOf(t).catalogCache.invalidate();
    expect((await launch()).cmi['cmi.completion_threshold']).toBe('0.8');
    const short = await commit(
      { 'cmi.completion_status': 'completed', 'cmi.progress_measure': '0.5', 'cmi.exit': 'suspend' },
      { terminate: true },
    );
    expect(short.json().activity).toMatchObject({ status: 'in_progress', percent: 50 });
    const enough = await commit(
      { 'cmi.completion_status': 'incomplete', 'cmi.progress_measure': '0.85', 'cmi.exit': 'suspend' },
      { terminate: true },
    );
    expect(enough.json().activity.status).toBe('finished');
  });

  it('SCORM 1.2: the mastery score reaches the package', async () => {
    const { launch } = await scormCourse('1.2');
    expect((await launch()).cmi['cmi.student_data.mastery_score']).toBe('60');
  });
});

describe('concurrency', () => {
  it('the same session ended five times at once finishes the activity once and ends the attempt once', async () => {
    const { id, commit, courseRow } = await scormCourse('2004');
    const cmi = { 'cmi.completion_status': 'completed', 'cmi.exit': 'normal', 'cmi.session_time': 'PT1M' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => commit(cmi, { terminate: true, attempt: 1 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await courseRow()).completed_count).toBe(1);
    const [row] = rowsOf<{ total_seconds: number; finishes: number }>(
      await t.database.db.execute(sql`select total_seconds,
          (select count(*)::int from audit_log where action = 'activity.finish' and entity_id = ${String(id)}) as finishes
        from scorm_runtime_data where user_id = ${w.learner.id} and activity_id = ${id}`),
    );
    expect(row).toEqual({ total_seconds: 60, finishes: 1 });
  });
});

describe('the import report', () => {
  const upload = async (activityId: number, data: Buffer, language = 'pt-BR') => {
    const boundary = 'scorm-boundary';
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/learning/activities/${activityId}/file`,
      headers: {
        ...w.as.manager,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'accept-language': language,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pacote.zip"\r\nContent-Type: application/zip\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  };

  it('tells the author the version, SCO count, sequencing and size of what was imported', async () => {
    const course = await makeCourse(t, w, {
      activities: [
        { kind: 'scorm', title: 'Varejo' },
        { kind: 'scorm', title: 'Notebooks' },
      ],
    });
    const [v12, v2004] = course.modules[0]!.activities;
    const zip12 = Buffer.from(zipScormFolder(demoAssetDir('scorm/retail-basics-scorm12')));
    const first = await upload(v12!.id, zip12);
    expect(first.statusCode, first.body).toBe(200);
    const report12 = first.json().modules[0].activities[0].scorm;
    expect(report12).toMatchObject({ version: '1.2', scoCount: 1, sequencing: false });
    expect(report12.size).toBeGreaterThan(1000);
    const second = await upload(
      v2004!.id,
      Buffer.from(zipScormFolder(demoAssetDir('scorm/product-knowledge-scorm2004'))),
    );
    expect(second.json().modules[0].activities[1].scorm).toMatchObject({
      version: '2004',
      scoCount: 1,
      sequencing: true,
    });
  });

  it('refuses with a translated reason a schema it cannot run, or a package with nothing to launch', async () => {
    const { zipSync, strToU8 } = await import('fflate');
    const course = await makeCourse(t, w, { activities: [{ kind: 'scorm', title: 'Outro' }] });
    const id = course.modules[0]!.activities[0]!.id;
    const manifest = (metadata: string, resource: string) =>
      `<?xml version="1.0"?><manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1">
        <metadata>${metadata}</metadata>
        <organizations default="O"><organization identifier="O"><title>T</title>
          <item identifier="I" identifierref="R"><title>T</title></item></organization></organizations>
        <resources><resource identifier="R" type="webcontent" ${resource}><file href="a.html"/></resource></resources>
      </manifest>`;
    const cartridge = Buffer.from(
      zipSync({
        'imsmanifest.xml': strToU8(
          manifest(
            '<schema>IMS Common Cartridge</schema><schemaversion>1.1.0</schemaversion>',
            'href="a.html"',
          ),
        ),
        'a.html': strToU8('<p>a</p>'),
      }),
    );
    const refused = await upload(id, cartridge, 'en-US');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('LEARNING_SCORM_UNSUPPORTED_SCHEMA');
    expect(refused.json().error.message).toBe(
      'SCORM package refused: the manifest uses a schema the platform cannot run (IMS Common Cartridge 1.1.0). Export it as SCORM 1.2 or SCORM 2004.',
    );
    const nothing = Buffer.from(
      zipSync({
        'imsmanifest.xml': strToU8(
          manifest('<schema>ADL SCORM</schema><schemaversion>1.2</schemaversion>', ''),
        ),
        'a.html': strToU8('<p>a</p>'),
      }),
    );
    const empty = await upload(id, nothing, 'pt-BR');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('LEARNING_SCORM_NO_LAUNCHABLE_RESOURCE');
    expect(empty.json().error.message).toContain('nenhum item do manifesto');
  });
});
