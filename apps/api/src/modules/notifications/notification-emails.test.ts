import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { learningWorld, makeCourse, type World } from '../../../test/learning-helpers';
import { rowsOf } from '../../db/client';
import { languages } from '../../db/schema/core';
import { users } from '../../db/schema/users';
import { unitOfWork } from '../../db/unit-of-work';
import { captureDir, readCaptured } from '../messaging/capture';

/** Notification preferences (own only, defaults, validation) and the e-mail of a notification. */
let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
});
afterAll(async () => {
  await t?.close();
});

const url = '/api/profile/notification-preferences';
const none = { awards: false, certificate_expiry: false, adjustments: false, reconciliation: false };

async function learner() {
  const user = await createUser(t.database.db, { clientIds: [w.client.id] });
  return { user, headers: bearer((await login(t, user.username)).access_token) };
}

const put = (headers: object, payload: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { ...(headers as Record<string, string>), ...extra },
    payload: payload as object,
  });

/** Runs the queued notification e-mails and delivers what they queued; answers the user's notification e-mails. */
async function mailOf(email: string) {
  await t.jobs.runQueued('notifications.email');
  await t.modules.messaging.deliverQueued();
  return (await readCaptured(captureDir(t.config.DATA_DIR), email)).filter(
    (m) => m.template === 'notification',
  );
}

async function courseWithPoints(points: number, title: string) {
  const course = await makeCourse(t, w, { course: { title }, activities: [{ kind: 'html', title: 'Aula' }] });
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/awards/course/${course.id}`,
    headers: w.as.manager,
    payload: { points, xp: 0, badgeId: null, certificate: false },
  });
  expect(res.statusCode, res.body).toBe(200);
  return course;
}

const finish = (course: { id: number; title: string }, userId: number) =>
  t.modules.rewards.awards.awards.onFinish({
    clientId: w.client.id,
    userId,
    targetType: 'course',
    targetId: course.id,
    title: course.title,
    workloadMinutes: 60,
    categoryId: null,
    finishedAt: new Date().toISOString(),
  });

describe('notification preferences', () => {
  it('start with no e-mail for any group, and save the caller’s own choices only', async () => {
    const a = await learner();
    const b = await learner();
    const read = await t.app.inject({ method: 'GET', url, headers: a.headers });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ email: none });

    const chosen = { email: { ...none, awards: true, adjustments: true } };
    const saved = await put(a.headers, chosen);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(chosen);
    expect((await t.app.inject({ method: 'GET', url, headers: a.headers })).json()).toEqual(chosen);
    // Saving again with other choices replaces them.
    const changed = { email: { ...none, certificate_expiry: true } };
    expect((await put(a.headers, changed)).json()).toEqual(changed);
    // Another user's choices are untouched: each reads and writes their own.
    expect((await t.app.inject({ method: 'GET', url, headers: b.headers })).json()).toEqual({ email: none });
  });

  it('refuses a missing, unknown or non-boolean choice with a translated field error, and a guest', async () => {
    const a = await learner();
    for (const payload of [
      { email: { ...none, awards: 'yes' } },
      { email: { awards: true } },
      { email: { ...none, marketing: true } },
      {},
    ]) {
      const res = await put(a.headers, payload, { 'accept-language': 'en-US' });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const { error } = res.json<{
        error: { code: string; details: { code?: string; message: string }[] };
      }>();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details.length).toBeGreaterThan(0);
      expect(error.details[0]).toMatchObject({ code: 'PROFILE_FIELD_INVALID', message: expect.any(String) });
    }
    // Nothing was saved by the refused requests.
    expect((await t.app.inject({ method: 'GET', url, headers: a.headers })).json()).toEqual({ email: none });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await put({}, { email: none })).statusCode).toBe(401);
  });
});

describe('the e-mail of a notification', () => {
  it('sends exactly one e-mail, in the user’s language, once the award commits', async () => {
    const a = await learner();
    const [spanish] = await t.database.db.select().from(languages).where(eq(languages.code, 'es'));
    await t.database.db.update(users).set({ languageId: spanish!.id }).where(eq(users.id, a.user.id));
    expect((await put(a.headers, { email: { ...none, awards: true } })).statusCode).toBe(200);
    const course = await courseWithPoints(50, 'Curso de Vendas');

    expect((await finish(course, a.user.id)).granted).toBe(true);
    const mail = await mailOf(a.user.email!);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: 'email', subject: '¡Ganaste puntos!' });
    expect(mail[0]!.body).toContain('Curso de Vendas');
    expect(mail[0]!.body).toContain(`${t.config.PUBLIC_URL}/profile?tab=preferences`);
    // The inbox has the message too.
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/profile/inbox/unread-count',
      headers: a.headers,
    });
    expect(inbox.json()).toEqual({ count: 1 });

    // A second delivery of the same finish gives nothing and sends nothing more.
    expect((await finish(course, a.user.id)).granted).toBe(false);
    expect(await mailOf(a.user.email!)).toHaveLength(1);
  });

  it('sends nothing when the award rolls back, nor to a user who did not ask', async () => {
    const wants = await learner();
    const silent = await learner();
    expect((await put(wants.headers, { email: { ...none, awards: true } })).statusCode).toBe(200);
    const course = await courseWithPoints(30, 'Curso desfeito');

    await expect(
      unitOfWork(t.database.db).run(async () => {
        await finish(course, wants.user.id);
        throw new Error('the caller failed after the award');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await mailOf(wants.user.email!)).toEqual([]);
    const [inbox] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from inbox_messages where client_id = ${w.client.id} and user_id = ${wants.user.id}`,
      ),
    );
    expect(inbox?.n).toBe(0);

    // Inbox only for the user who never chose e-mail.
    expect((await finish(course, silent.user.id)).granted).toBe(true);
    expect(await mailOf(silent.user.email!)).toEqual([]);
    const unread = await t.app.inject({
      method: 'GET',
      url: '/api/profile/inbox/unread-count',
      headers: silent.headers,
    });
    expect(unread.json()).toEqual({ count: 1 });
  });

  it('sends once when its job runs again for the same message', async () => {
    const a = await learner();
    expect((await put(a.headers, { email: { ...none, awards: true } })).statusCode).toBe(200);
    const course = await courseWithPoints(20, 'Curso repetido');
    expect((await finish(course, a.user.id)).granted).toBe(true);
    expect(await mailOf(a.user.email!)).toHaveLength(1);

    // The job delivered again (a lost completion, a second instance): it finds its claim and sends nothing.
    const [message] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from inbox_messages where client_id = ${w.client.id} and user_id = ${a.user.id}`,
      ),
    );
    const payload = { userId: a.user.id, clientId: w.client.id, messageId: message!.id };
    await t.jobs.send('notifications.email', payload);
    await t.jobs.send('notifications.email', payload);
    expect(await t.jobs.runQueued('notifications.email')).toBe(2);
    expect(await mailOf(a.user.email!)).toHaveLength(1);
    const outbox = await t.modules.messaging.listOutbox({ userId: a.user.id });
    expect(outbox.items.filter((m) => m.template === 'notification')).toHaveLength(1);
  });
});
