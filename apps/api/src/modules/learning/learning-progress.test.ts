import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  demoAsset,
  learningWorld,
  makeCourse,
  threePagePdf,
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
    const cheat = await progress(id, { type: 'media', intervals: [[5, 10]], position: 10, duration: 10 });
    expect(cheat.json().activity.status).toBe('in_progress');

    const most = await progress(id, { type: 'media', intervals: [[10, 89]], position: 89, duration: 100 });
    expect(most.json().activity).toMatchObject({ status: 'in_progress', percent: 89 });
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

  it('html, file and similar kinds complete on open; media kinds refuse an "open" report', async () => {
    const course = await makeCourse(t, w, {
      activities: [
        {
          kind: 'html',
          title: 'Lição',
          file: { data: demoAsset('files/html-lesson/index.html'), name: 'index.html' },
        },
        {
          kind: 'youtube',
          title: 'YouTube',
          settings: { videoId: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
        },
      ],
    });
    const [html, yt] = course.modules[0]!.activities;
    expect(yt!.settings.videoId).toBe('dQw4w9WgXcQ');
    expect((await progress(html!.id, { type: 'open' })).json().activity.status).toBe('finished');
    const refused = await progress(yt!.id, { type: 'done' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('LEARNING_PROGRESS_KIND_MISMATCH');
  });
});
