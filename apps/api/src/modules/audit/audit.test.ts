import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { audit } from './audit';
import { csvCell } from './audit.routes';

let t: TestApp;
let adminToken: string;
let clientA: { id: number };
let target: { id: number };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  clientA = await createClient(db);
  const clientB = await createClient(db);
  const admin = await createUser(db, {
    clientIds: [clientA.id],
    roles: ['program_admin'],
    firstName: 'Ana',
    lastName: 'Lima',
  });
  target = await createUser(db, { clientIds: [clientA.id], firstName: 'Bruno', lastName: '=SUM(A1)' });
  adminToken = (await login(t, admin.username)).access_token;

  await audit(db, {
    actorId: admin.id,
    clientId: clientA.id,
    action: 'user.roles',
    target: { type: 'user', id: target.id },
    before: ['sales_agent'],
    after: ['sales_agent', 'promoter'],
  });
  await audit(db, {
    actorId: admin.id,
    clientId: clientA.id,
    action: 'course.publish',
    target: { type: 'course', id: 12 },
  });
  await audit(db, {
    actorId: admin.id,
    clientId: clientB.id,
    action: 'user.block',
    target: { type: 'user', id: target.id },
    details: { reason: 'another client' },
  });
  await audit(db, {
    actorId: null,
    clientId: null,
    action: 'user.block_everywhere',
    target: { type: 'user', id: target.id },
  });
});

afterAll(async () => {
  await t?.close();
});

const list = (query = '', token = adminToken) =>
  t.app.inject({ method: 'GET', url: `/api/admin/audit-trail${query}`, headers: bearer(token) });

describe('audit trail', () => {
  it('lists the selected client’s entries, newest first, with names instead of ids', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: Record<string, unknown>[]; total: number }>();
    expect(body.total).toBe(2);
    expect(body.items.map((i) => i.action)).toEqual(['course.publish', 'user.roles']);
    expect(body.items[1]).toMatchObject({
      actor: { name: 'Ana Lima' },
      targetType: 'user',
      targetName: 'Bruno =SUM(A1)',
      before: ['sales_agent'],
      after: ['sales_agent', 'promoter'],
    });
  });

  it('filters by action, target, actor and dates', async () => {
    expect((await list('?action=user.roles')).json().total).toBe(1);
    expect((await list('?targetType=course&targetId=12')).json().total).toBe(1);
    expect((await list('?actor=lima')).json().total).toBe(2);
    expect((await list('?actor=nobody')).json().total).toBe(0);
    expect((await list('?from=2000-01-01&to=2000-01-02')).json().total).toBe(0);
    const bad = await list('?action=user.delete_everything');
    expect(bad.statusCode).toBe(400);
  });

  it('exports the filtered trail as CSV that a spreadsheet cannot run', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-trail.csv?action=user.roles',
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      'at,actor,actor_email,action,target_type,target_id,target_name,before,after,details,request_id',
    );
    expect(lines[1]).toContain('"user.roles"');
    expect(lines[1]).toContain('"Bruno =SUM(A1)"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(['a'])).toBe('"[""a""]"');
  });

  it('is for program administrators only', async () => {
    const learner = await createUser(t.database.db, { clientIds: [clientA.id] });
    const token = (await login(t, learner.username)).access_token;
    expect((await list('', token)).statusCode).toBe(403);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-trail.csv',
      headers: bearer(token),
    });
    expect(csv.statusCode).toBe(403);
  });

  it('shows a superuser the client’s entries and those that span clients', async () => {
    const su = await createUser(t.database.db, { isSuperuser: true, clientIds: [clientA.id] });
    const token = (await login(t, su.username)).access_token;
    const body = (await list('', token)).json<{ items: { action: string }[] }>();
    expect(body.items.map((i) => i.action)).toEqual([
      'user.block_everywhere',
      'course.publish',
      'user.roles',
    ]);
  });
});
