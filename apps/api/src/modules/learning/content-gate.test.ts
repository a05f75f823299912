import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createLocalPubSub } from '../../lib/pubsub';
import { createCatalogCache } from './catalog-cache';
import { createContentGate } from './content-gate';
import type { ContentGrant } from './content-urls';

/** A database that answers the gate's two reads from plain values and counts them. */
function fakeDb(state: { published: boolean; open: boolean; courses: number[]; trails: number[] }) {
  let reads = 0;
  const db = {
    async execute(query: { queryChunks: unknown[] }) {
      reads++;
      const text = JSON.stringify(query.queryChunks);
      if (text.includes('from courses')) return { rows: [{ published: state.published, open: state.open }] };
      return {
        rows: [...state.courses.map((id) => ({ k: 0, id })), ...state.trails.map((id) => ({ k: 1, id }))],
      };
    },
  };
  return { db: db as unknown as Db, reads: () => reads };
}

const grant = (extra: Partial<ContentGrant> = {}): ContentGrant => ({
  prefix: 'learning/1',
  userId: 7,
  expires: 0,
  mode: 'scorm',
  sessionId: 's1',
  courseId: 3,
  ...extra,
});

describe('content gate', () => {
  it('reads the course and the enrollments once for every file of a lesson', async () => {
    const state = { published: true, open: false, courses: [3], trails: [] };
    const { db, reads } = fakeDb(state);
    const cache = createCatalogCache(db, createLocalPubSub());
    const gate = createContentGate({ db, cache, isSessionLive: async () => true });
    for (let i = 0; i < 50; i++) expect(await gate.allows(grant())).toBe(true);
    expect(reads()).toBe(2);
  });

  it('refuses once the user is unenrolled or the course unpublished, after the writes say so', async () => {
    const state = { published: true, open: false, courses: [3], trails: [9] };
    const { db } = fakeDb(state);
    const cache = createCatalogCache(db, createLocalPubSub());
    const gate = createContentGate({ db, cache, isSessionLive: async () => true });
    expect(await gate.allows(grant())).toBe(true);

    state.courses = [];
    await cache.viewerRowsChanged(7);
    expect(await gate.allows(grant())).toBe(false);
    // Enrolled in the trail the course was opened from.
    expect(await gate.allows(grant({ trailId: 9 }))).toBe(true);

    state.published = false;
    await cache.invalidate();
    expect(await gate.allows(grant({ trailId: 9 }))).toBe(false);
  });

  it('lets an open course through without enrollment, and never an ended login', async () => {
    const { db } = fakeDb({ published: true, open: true, courses: [], trails: [] });
    const cache = createCatalogCache(db, createLocalPubSub());
    let live = true;
    const gate = createContentGate({ db, cache, isSessionLive: async () => live });
    expect(await gate.allows(grant())).toBe(true);
    live = false;
    expect(await gate.allows(grant())).toBe(false);
  });
});
