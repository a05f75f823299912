import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCourse } from '@trilha/contracts/learning';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { learningOf, learningWorld, makeCourse, type World } from '../../../test/learning-helpers';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
});
afterAll(async () => {
  await t.close();
});

/** Each module as `title: activity titles`, with the positions checked to be 1..n in that order. */
function outline(course: AdminCourse) {
  expect(course.modules.map((m) => m.position)).toEqual(course.modules.map((_, i) => i + 1));
  return course.modules.map((m) => {
    expect(m.activities.map((a) => a.position)).toEqual(m.activities.map((_, i) => i + 1));
    expect(m.activities.map((a) => a.hierarchyOrder)).toEqual(
      m.activities.map((a) => `${m.position}.${a.position}`),
    );
    return `${m.title}: ${m.activities.map((a) => a.title).join(', ')}`;
  });
}

describe('order of modules and activities', () => {
  it('inserts at a position, moves, and closes the gap of a deletion, numbering 1..n', async () => {
    const { authoring } = learningOf(t);
    let c = await makeCourse(t, w, {
      activities: ['A', 'B', 'C'].map((title) => ({ kind: 'html' as const, title })),
      modules: 2,
    });
    const [m1, m2] = c.modules.map((m) => m.id);
    const id = (title: string) => c.modules.flatMap((m) => m.activities).find((a) => a.title === title)!.id;
    expect(outline(c)).toEqual(['Módulo 1: A, B, C', 'Módulo 2: ']);

    c = await authoring.addActivity(w.actor, m1!, { kind: 'html', title: 'First', position: 1 });
    c = await authoring.addActivity(w.actor, m1!, { kind: 'html', title: 'Far', position: 99 });
    c = await authoring.addActivity(w.actor, m2!, { kind: 'html', title: 'Only' });
    expect(outline(c)).toEqual(['Módulo 1: First, A, B, C, Far', 'Módulo 2: Only']);

    c = await authoring.updateActivity(w.actor, id('C'), { kind: 'html', title: 'C', position: 2 });
    c = await authoring.updateActivity(w.actor, id('First'), { kind: 'html', title: 'First', position: 3 });
    c = await authoring.updateActivity(w.actor, id('B'), { kind: 'html', title: 'B renamed' });
    expect(outline(c)).toEqual(['Módulo 1: C, A, First, B renamed, Far', 'Módulo 2: Only']);

    c = await authoring.deleteActivity(w.actor, id('A'));
    expect(outline(c)).toEqual(['Módulo 1: C, First, B renamed, Far', 'Módulo 2: Only']);

    c = await authoring.addModule(w.actor, c.id, { title: 'Intro', position: 1 });
    c = await authoring.updateModule(w.actor, m2!, { title: 'Módulo 2', position: 2 });
    expect(outline(c)).toEqual(['Intro: ', 'Módulo 2: Only', 'Módulo 1: C, First, B renamed, Far']);

    c = await authoring.deleteModule(w.actor, m2!);
    expect(outline(c)).toEqual(['Intro: ', 'Módulo 1: C, First, B renamed, Far']);
  });
});
