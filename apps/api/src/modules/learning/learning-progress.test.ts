import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  demoAsset,
  learningWorld,
  makeCourse,
  threePagePdf,
  demoAssetDir,
  type World,
} from '../../../test/learning-helpers';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
});
afterAll(async () => {
  await t.close();
});

const progress = (activityId: number, body: unknown, who: 'learner' | 'manager' = 'learner') =>
  t.app.inject({
    method: 'POST',
    url: `/api/learning/activities/${activityId}/progress`,
    headers: w.as[who],
    payload: body as object,
  });

/** Moves the learner's clock of an activity back: as if its last report (and its opening) were `seconds` ago. */
const elapse = async (activityId: number, seconds: number, opts: { sinceOpened?: number } = {}) => {
  await t.database.db.execute(sql`update activity_progress
    set last_seen_at = last_seen_at - make_interval(secs => ${seconds}),
        started_at = started_at - make_interval(secs => ${opts.sinceOpened ?? seconds})
    where activity_id = ${activityId} and user_id = ${w.learner.id}`);
};

const playerOf = (courseId: number, order = '1.1') =>
  t.app.inject({ url: `/api/learning/courses/${courseId}/activities/${order}`, headers: w.as.learner });

describe('progress rules enforced by the server', () => {
  it('video completes only when the union of watched intervals reaches the threshold; seeking to the end does not', async () => {
    const course = await makeCourse(t, w, {
      activities: [
        {
          kind: 'video',
          title: 'Vídeo',
          settings: { durationSeconds: 100 },
          file: { data: demoAsset('media/demo-video.mp4'), name: 'aula.mp4' },
        },
      ],
    });
    const id = course.modules[0]!.activities[0]!.id;

    expect((await progress(id, { type: 'open' })).json().activity.status).toBe('in_progress');
    await elapse(id, 5);
    const seek = await progress(id, { type: 'media', intervals: [[0, 5]], position: 99, duration: 100 });
    expect(seek.statusCode, seek.body).toBe(200);
    expect(seek.json().activity).toMatchObject({ status: 'in_progress', percent: 5, resumePosition: 99 });

    // Watching the same stretch again adds nothing: it is a union, not a sum.
    const again = await progress(id, {
      type: 'media',
      intervals: [
        [0, 5],
        [2, 5],
      ],
      position: 5,
      duration: 100,
    });
    expect(again.json().activity.percent).toBe(5);

    // A shorter duration reported by the player does not shrink the authored one.
    await elapse(id, 5);
    const cheat = await progress(id, { type: 'media', intervals: [[5, 10]], position: 10, duration: 10 });
    expect(cheat.json().activity.status).toBe('in_progress');

    for (let from = 10; from < 89; from += 20) {
      await elapse(id, 10);
      const to = Math.min(from + 20, 89);
      const step = await progress(id, {
        type: 'media',
        intervals: [[from, to]],
        position: to,
        duration: 100,
      });
      expect(step.json().activity).toMatchObject({ status: 'in_progress', percent: to });
    }
    await elapse(id, 2);
    const done = await progress(id, {
      type: 'media',
      intervals: [[89, 90.5]],
      position: 90.5,
      duration: 100,
    });
    expect(done.json().activity.status).toBe('finished');
    expect(done.json().course).toMatchObject({ status: 'finished', percent: 100 });

    const player = await t.app.inject({
      url: `/api/learning/courses/${course.id}/activities/1.1`,
      headers: w.as.learner,
    });
    expect(player.statusCode, player.body).toBe(200);
    expect(player.json().content).toMatchObject({
      kind: 'video',
      resumePosition: 90.5,
      completionThreshold: 0.9,
    });
    expect(player.json().content.watchedIntervals).toEqual([[0, 90.5]]);
  });

  it('pdf completes on the last page and resumes at the page shown', async () => {
    const course = await makeCourse(t, w, {
      activities: [{ kind: 'pdf', title: 'Guia', file: { data: threePagePdf(), name: 'guia.pdf' } }],
    });
    const id = course.modules[0]!.activities[0]!.id;
    expect(course.modules[0]!.activities[0]!.settings.pageCount).toBe(3);
    const p2 = await progress(id, { type: 'pdf', page: 2, pageCount: 2 });
    // The page count read at upload wins over the player's.
    expect(p2.json().activity).toMatchObject({ status: 'in_progress', resumePage: 2 });
    const player = await t.app.inject({
      url: `/api/learning/courses/${course.id}/activities/1.1`,
      headers: w.as.learner,
    });
    expect(player.json().content).toMatchObject({ kind: 'pdf', pageCount: 3, resumePage: 2 });
    const p3 = await progress(id, { type: 'pdf', page: 3, pageCount: 3 });
    expect(p3.json().activity.status).toBe('finished');
  });

  it('a media report claiming the whole video in one call, or more than the wall time allows, does not complete', async () => {
    const course = await makeCourse(t, w, {
      activities: [
        {
          kind: 'video',
          title: 'Vídeo',
          settings: { durationSeconds: 100 },
          file: { data: demoAsset('media/demo-video.mp4'), name: 'aula.mp4' },
        },
      ],
    });
    const id = course.modules[0]!.activities[0]!.id;
    // Without opening the activity first, there is no wall time to watch anything in.
    const cold = await progress(id, { type: 'media', intervals: [[0, 100]], position: 100, duration: 100 });
    expect(cold.statusCode, cold.body).toBe(200);
    expect(cold.json().activity.status).toBe('in_progress');
    expect(cold.json().activity.percent).toBeLessThanOrEqual(3);

    // Opened long ago: one call still cannot claim the whole video.
    await elapse(id, 600);
    const whole = await progress(id, { type: 'media', intervals: [[0, 100]], position: 100, duration: 100 });
    expect(whole.json().activity.status).toBe('in_progress');
    expect(whole.json().activity.percent).toBeLessThan(90);

    // Many calls in a burst add nothing beyond what the elapsed time allows (2x playback at most).
    let last = whole;
    for (let i = 0; i < 5; i++) {
      last = await progress(id, { type: 'media', intervals: [[0, 100]], position: 100, duration: 100 });
    }
    expect(last.json().activity.status).toBe('in_progress');
    expect(last.json().activity.percent).toBeLessThan(whole.json().activity.percent + 10);
    expect(last.json().course.percent).toBe(0);
  });

  it('intervals beyond the wall time since the activity was opened are dropped', async () => {
    const course = await makeCourse(t, w, {
      activities: [
        {
          kind: 'audio',
          title: 'Áudio',
          settings: { durationSeconds: 60 },
          file: { data: demoAsset('media/demo-audio.mp3'), name: 'aula.mp3' },
        },
      ],
    });
    const id = course.modules[0]!.activities[0]!.id;
    await progress(id, { type: 'open' });
    // 10 s after opening, 30 s of audio cannot have been heard (at most 2x and a second of rounding).
    await elapse(id, 10);
    const r = await progress(id, { type: 'media', intervals: [[0, 30]], position: 30, duration: 60 });
    // 21 of 60 seconds (10 s at 2x, plus one) is 35 %; the time the request itself takes adds a little on a
    // slow machine, but never the 30 s claimed (50 %).
    expect(r.json().activity.percent).toBeGreaterThanOrEqual(35);
    expect(r.json().activity.percent).toBeLessThan(50);
    expect(r.json().activity.status).toBe('in_progress');
  });

  it('opening a PPT, file, flash, SlideShare or HTML activity completes nothing; "mark as done" is refused', async () => {
    const course = await makeCourse(t, w, {
      activities: [
        { kind: 'html', title: 'Lição' },
        { kind: 'file', title: 'Guia', file: { data: threePagePdf(), name: 'guia.pdf' } },
        { kind: 'file', title: 'Vídeo', file: { data: demoAsset('media/demo-video.mp4'), name: 'v.mp4' } },
        {
          kind: 'slideshare',
          title: 'Deck',
          settings: { embedUrl: 'https://www.slideshare.net/slideshow/embed_code/key/abc123' },
        },
      ],
    });
    for (const [index, a] of course.modules[0]!.activities.entries()) {
      const payload = await playerOf(course.id, a.hierarchyOrder);
      expect(payload.statusCode, payload.body).toBe(200);
      expect(payload.json().activity.canMarkDone).toBe(false);
      const opened = await progress(a.id, { type: 'open' });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json().activity, `activity ${index}`).toMatchObject({
        status: 'in_progress',
        percent: 0,
      });
      const done = await progress(a.id, { type: 'done' });
      expect(done.statusCode).toBe(400);
      expect(done.json().error.code).toBe('LEARNING_PROGRESS_KIND_MISMATCH');
    }
    const detail = await t.app.inject({ url: `/api/learning/courses/${course.id}`, headers: w.as.learner });
    expect(detail.json().progress).toMatchObject({ percent: 0, completedActivities: 0 });

    // The files' default is "on download": a loaded viewer does not complete them either.
    const [html, pdfFile, , deck] = course.modules[0]!.activities;
    expect((await progress(pdfFile!.id, { type: 'loaded' })).json().activity.status).toBe('in_progress');
    // HTML and SlideShare complete once their frame really loaded (the player reports it only then).
    expect((await progress(html!.id, { type: 'loaded' })).json().activity.status).toBe('finished');
    expect((await progress(deck!.id, { type: 'loaded' })).json().activity.status).toBe('finished');
  });

  it('a download-mode activity completes when the API serves its file, not before', async () => {
    const course = await makeCourse(t, w, {
      activities: [
        { kind: 'file', title: 'Guia', file: { data: threePagePdf(), name: 'guia.pdf' } },
        {
          kind: 'file',
          title: 'Guia visto',
          settings: { completion: 'view' },
          file: { data: threePagePdf(), name: 'visto.pdf' },
        },
      ],
    });
    const [byDownload, byView] = course.modules[0]!.activities;
    const payload = (await playerOf(course.id)).json();
    expect(payload.activity.completion).toEqual({ mode: 'download', minSeconds: null });
    expect(payload.content.downloadUrl).toBe(`/api/learning/activities/${byDownload!.id}/download`);
    expect((await progress(byDownload!.id, { type: 'open' })).json().activity.status).toBe('in_progress');

    // A signed-out request gets nothing and records nothing.
    const anonymous = await t.app.inject({ url: payload.content.downloadUrl });
    expect(anonymous.statusCode).toBe(401);
    const file = await t.app.inject({ url: payload.content.downloadUrl, headers: w.as.learner });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body.startsWith('%PDF-1.4')).toBe(true);
    expect(file.headers['content-disposition']).toContain("attachment; filename*=UTF-8''guia.pdf");
    expect(file.headers['cache-control']).toBe('no-store');
    const after = (await playerOf(course.id)).json();
    expect(after.activity.progress).toMatchObject({ status: 'finished' });

    // In "view" mode a download is not a view.
    const other = await t.app.inject({
      url: `/api/learning/activities/${byView!.id}/download`,
      headers: w.as.learner,
    });
    expect(other.statusCode).toBe(200);
    expect((await playerOf(course.id, '1.2')).json().activity.progress.status).not.toBe('finished');
    expect((await progress(byView!.id, { type: 'loaded' })).json().activity.status).toBe('finished');
  });

  it('time-spent mode counts only the time between heartbeats the server receives', async () => {
    const course = await makeCourse(t, w, {
      activities: [{ kind: 'html', title: 'Leitura', settings: { completion: 'time', minSeconds: 30 } }],
    });
    const id = course.modules[0]!.activities[0]!.id;
    expect((await playerOf(course.id)).json().activity.completion).toEqual({ mode: 'time', minSeconds: 30 });
    await progress(id, { type: 'open' });
    // A loaded frame is not enough in this mode, and heartbeats in a burst count nothing.
    expect((await progress(id, { type: 'loaded' })).json().activity.status).toBe('in_progress');
    for (let i = 0; i < 10; i++) await progress(id, { type: 'heartbeat', seconds: 3600 });
    let beat = await progress(id, { type: 'heartbeat' });
    expect(beat.json().activity).toMatchObject({ status: 'in_progress', percent: 0 });
    // A gap longer than the heartbeat period means the learner was away: it counts nothing.
    await elapse(id, 600);
    beat = await progress(id, { type: 'heartbeat' });
    expect(beat.json().activity).toMatchObject({ status: 'in_progress', percent: 0 });
    await elapse(id, 15);
    beat = await progress(id, { type: 'heartbeat' });
    // 15 s moved back plus the real time between the two statements (more than 0.3 s on a loaded
    // machine): half of the 30 s or a little more.
    expect(beat.json().activity.status).toBe('in_progress');
    expect(beat.json().activity.percent).toBeGreaterThanOrEqual(50);
    expect(beat.json().activity.percent).toBeLessThan(70);
    await elapse(id, 15);
    beat = await progress(id, { type: 'heartbeat' });
    expect(beat.json().activity.status).toBe('finished');
  });

  it('the author picks a completion mode the kind offers; others are refused', async () => {
    const course = await makeCourse(t, w, { activities: [{ kind: 'html', title: 'Lição' }], publish: false });
    const moduleId = course.modules[0]!.id;
    const add = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/learning/modules/${moduleId}/activities`,
        headers: w.as.manager,
        payload: body,
      });
    const refused = await add({ kind: 'html', title: 'X', settings: { completion: 'download' } });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json().error.details)).toContain('completion');
    expect((await add({ kind: 'video', title: 'V', settings: { completion: 'view' } })).statusCode).toBe(400);
    expect(
      (await add({ kind: 'ppt', title: 'P', settings: { completion: 'time', minSeconds: 5 } })).statusCode,
    ).toBe(400);
    const ok = await add({ kind: 'ppt', title: 'P', settings: { completion: 'time', minSeconds: 120 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().modules[0].activities.at(-1).settings).toMatchObject({
      completion: 'time',
      minSeconds: 120,
    });
  });
});

describe('SCORM completion stays with the runtime data', () => {
  const scormCourse = async (folder: string) => {
    const { zipScormFolder } = await import('./scorm/zip-folder');
    const course = await makeCourse(t, w, {
      activities: [
        {
          kind: 'scorm',
          title: 'Pacote',
          file: { data: Buffer.from(zipScormFolder(demoAssetDir(folder))), name: 'pacote.zip' },
        },
      ],
    });
    const id = course.modules[0]!.activities[0]!.id;
    // Each commit ends a suspended session: a completion counts when its session ends (docs/scorm.md).
    const commit = (cmi: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/learning/activities/${id}/scorm/commit`,
        headers: w.as.learner,
        payload: {
          cmi: {
            ...cmi,
            [cmi['cmi.core.lesson_status'] !== undefined ? 'cmi.core.exit' : 'cmi.exit']: 'suspend',
          },
          terminate: true,
        },
      });
    return { course, commit };
  };

  it('SCORM 1.2: a status outside the runtime vocabulary or a pass below the mastery score does not complete', async () => {
    const { commit } = await scormCourse('scorm/retail-basics-scorm12');
    const forged = await commit({ 'cmi.core.lesson_status': 'COMPLETED' });
    expect(forged.json().activity.status).toBe('in_progress');
    const low = await commit({ 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '40' });
    expect(low.json().activity).toMatchObject({ status: 'in_progress', success: 'failed', score: 40 });
    const good = await commit({ 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '80' });
    expect(good.json().activity).toMatchObject({ status: 'finished', success: 'passed' });
  });

  it('SCORM 2004: success is the LMS ruling from the scaled score against the passing score', async () => {
    const { course, commit } = await scormCourse('scorm/product-knowledge-scorm2004');
    // The package's passing score (0.6, its primary objective's minNormalizedMeasure), read at import.
    expect(course.modules[0]!.activities[0]!.id).toBeGreaterThan(0);
    // "passed" with no score at all is not supported by the data.
    const claimed = await commit({ 'cmi.success_status': 'passed' });
    expect(claimed.json().activity.status).toBe('in_progress');
    // Completed with a score under the passing score (0.6): failed, not finished.
    const low = await commit({
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'passed',
      'cmi.score.scaled': '0.4',
    });
    expect(low.json().activity).toMatchObject({ status: 'in_progress', success: 'failed' });
    const good = await commit({ 'cmi.score.scaled': '0.8' });
    expect(good.json().activity).toMatchObject({ status: 'finished', success: 'passed', score: 80 });
  });
});
