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

describe('approving an account (the worked example of docs/ARCHITECTURE.md)', () => {
  it('activates the account, tells the user in the inbox and leaves an audit entry with the request id', async () => {
    const db = t.database.db;
    const client = await createClient(db, { name: 'Nimbus Tech' });
    const admin = await createUser(db, { clientIds: [client.id], roles: ['program_admin'] });
    const pending = await createUser(db, { clientIds: [client.id], status: 'awaiting_approval' });
    const adminToken = (await login(t, admin.username)).access_token;

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/users/${pending.id}/approve`,
      headers: { ...bearer(adminToken), 'x-request-id': 'approve-req-1' },
    });
    expect(res.statusCode, res.body).toBe(200);

    const userToken = (await login(t, pending.username)).access_token;
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/profile/inbox?page=1&pageSize=10',
      headers: bearer(userToken),
    });
    expect(inbox.json().items[0]).toMatchObject({
      title: 'Cadastro aprovado',
      body: 'Seu cadastro em Nimbus Tech foi aprovado. Boas-vindas!',
    });

    const trail = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-trail?action=user.approve',
      headers: bearer(adminToken),
    });
    expect(trail.json().items).toEqual([
      expect.objectContaining({
        action: 'user.approve',
        targetType: 'user',
        targetId: String(pending.id),
        before: 'awaiting_approval',
        after: 'active',
        requestId: 'approve-req-1',
      }),
    ]);
  });
});
