import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { demoAssetDir, learningWorld, makeCourse, type World } from '../../../../test/learning-helpers';
import { rowsOf } from '../../../db/client';
import { escapeCmiValue, readCmi, storedCmi, unescapeCmiValue } from './scorm-storage';
import { zipScormFolder } from './zip-folder';

describe('SCORM runtime data escaping', () => {
  const samples = [
    '',
    'page=3',
    '\u0000',
    'a\u0000b\u0000\u0000c',
    '\uE000',
    '\uE000\uE000',
    '\uE0000',
    '\uE000\u0000x\uE000',
    'x\uE000y',
    '{"slides":[1,2],"bin":"\u0000\u0001\u0002"}',
  ];

  it('reads back exactly what was stored, for any text', () => {
    for (const value of samples) expect(unescapeCmiValue(escapeCmiValue(value))).toBe(value);
  });

  it('stores no NUL, and keeps values without one as they are (data saved before reads the same)', () => {
    for (const value of samples) expect(escapeCmiValue(value)).not.toContain('\u0000');
    expect(escapeCmiValue('page=3')).toBe('page=3');
    expect(escapeCmiValue('x\uE000y')).toBe('x\uE000y');
    expect(unescapeCmiValue('page=3')).toBe('page=3');
    expect(readCmi(storedCmi({ 'cmi.suspend_data': 'a\u0000b', 'cmi.core.lesson_location': '3' }))).toEqual({
      'cmi.suspend_data': 'a\u0000b',
      'cmi.core.lesson_location': '3',
    });
  });
});

describe('SCORM commit with NUL in the runtime data', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await learningWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('saves the progress and resumes with the data exactly as the package sent it', async () => {
    const zip = Buffer.from(zipScormFolder(demoAssetDir('scorm/retail-basics-scorm12')));
    const course = await makeCourse(t, w, {
      activities: [{ kind: 'scorm', title: 'Atendimento', file: { data: zip, name: 'pacote.zip' } }],
    });
    const id = course.modules[0]!.activities[0]!.id;
    const suspend = 'v1\u0000slides=1,2,3\u0000\uE000end';
    const commit = await t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${id}/scorm/commit`,
      headers: w.as.learner,
      payload: {
        cmi: {
          'cmi.core.lesson_status': 'incomplete',
          'cmi.suspend_data': suspend,
          'cmi.core.lesson_location': 'slide\u00003',
        },
      },
    });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json().activity.status).toBe('in_progress');

    // A second commit (the session's end, suspended) merges with the stored (escaped) data and still
    // rules on the real values.
    const passed = await t.app.inject({
      method: 'POST',
      url: `/api/learning/activities/${id}/scorm/commit`,
      headers: w.as.learner,
      payload: {
        cmi: { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '90', 'cmi.core.exit': 'suspend' },
        terminate: true,
      },
    });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json().activity).toMatchObject({ status: 'finished', success: 'passed', score: 90 });

    const player = await t.app.inject({
      url: `/api/learning/courses/${course.id}/activities/1.1`,
      headers: w.as.learner,
    });
    expect(player.statusCode, player.body).toBe(200);
    expect(player.json().content.entry).toBe('resume');
    expect(player.json().content.cmi).toMatchObject({
      'cmi.suspend_data': suspend,
      'cmi.core.lesson_location': 'slide\u00003',
    });

    const [row] = rowsOf<{ cmi: Record<string, string> }>(
      await t.database.db.execute(
        sql`select cmi from scorm_runtime_data where user_id = ${w.learner.id} and activity_id = ${id}`,
      ),
    );
    expect(row!.cmi['cmi.suspend_data']).not.toContain('\u0000');
  });

  it('still refuses NUL in the query of the same route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/learning/activities/1/scorm/commit?trailId=%00',
      headers: { ...w.as.learner, 'accept-language': 'en-US' },
      payload: { cmi: {} },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('TEXT_INVALID_CHARACTER');
  });
});
