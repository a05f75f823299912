import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';

/** Google sign-in that is not set up: a browser gets the app's screen, an API client the 404. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('google start without Google sign-in', () => {
  it('sends a browser to the translated login-redirect screen instead of answering JSON', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/google/start',
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login-redirect-v2?error=ACCOUNTS_GOOGLE_UNAVAILABLE');
  });

  it('keeps the 404 for an API client', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/accounts/google/start' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
