import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createClient, createUser } from '../../test/factories';
import { bearer, login } from '../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('back office: jobs', () => {
  it('shows superusers the queues, with the nightly purge and its schedule', async () => {
    const su = await createUser(t.database.db, { isSuperuser: true });
    const { access_token } = await login(t, su.username);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: bearer(access_token) });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ queues: { name: string; cron: string | null }[]; failures: unknown[] }>();
    expect(body.queues).toContainEqual(
      expect.objectContaining({ name: 'maintenance.purge-expired', cron: '17 3 * * *' }),
    );
    expect(body.failures).toEqual([]);

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/jobs/maintenance.purge-expired/5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f/retry',
      headers: bearer(access_token),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses everyone else, a program administrator included', async () => {
    const client = await createClient(t.database.db);
    const admin = await createUser(t.database.db, {
      clientIds: [client.id],
      roles: ['program_admin'],
    });
    const { access_token } = await login(t, admin.username);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: bearer(access_token) });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(401);
  });
});
