import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function learnerIn(flags: Record<string, boolean>) {
  const client = await createClient(t.database.db, { flags });
  const user = await createUser(t.database.db, { clientIds: [client.id] });
  return bearer((await login(t, user.username)).access_token);
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe("learning routes follow the client's modules, not only its screens", () => {
  it('answers 404 for courses and trails in a client without them', async () => {
    const as = await learnerIn({ has_news: true });
    for (const url of ['/api/learning/filters', '/api/learning/courses', '/api/learning/trails']) {
      expect((await get(url, as)).statusCode, url).toBe(404);
    }
    const progress = await t.app.inject({
      method: 'POST',
      url: '/api/learning/activities/1/progress',
      headers: as,
      payload: { type: 'open' },
    });
    expect(progress.statusCode).toBe(404);
  });

  it('opens only the module a client has', async () => {
    const trailsOnly = await learnerIn({ has_trails: true });
    expect((await get('/api/learning/trails', trailsOnly)).statusCode).toBe(200);
    expect((await get('/api/learning/courses', trailsOnly)).statusCode).toBe(404);
    expect((await get('/api/learning/filters', trailsOnly)).statusCode).toBe(200);

    const coursesOnly = await learnerIn({ has_courses: true });
    expect((await get('/api/learning/courses', coursesOnly)).statusCode).toBe(200);
    expect((await get('/api/learning/trails', coursesOnly)).statusCode).toBe(404);
  });
});
