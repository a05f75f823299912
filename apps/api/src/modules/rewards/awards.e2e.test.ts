import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import type { JobName } from '../../jobs/job-queue';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { learningWorld, makeCourse, type World } from '../../../test/learning-helpers';

/**
 * From the learner's last progress report to the ledger, the badge, the certificate and the inbox,
 * through the real ledger and certificates. Test apps run no job workers: the reactions' queues are
 * worked here, as a worker would (jobs.runQueued), while the finishing screen's read is polled.
 */
let t: TestApp;
let w: World;
let admin: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
  const programAdmin = await createUser(t.database.db, {
    clientIds: [w.client.id],
    roles: ['program_admin'],
  });
  admin = bearer((await login(t, programAdmin.username)).access_token);
});
afterAll(async () => {
  await t?.close();
});

const reactions = ['activity', 'course', 'trail'].map((k) => `on.learning.${k}-finished.award` as JobName);

async function inject(method: 'GET' | 'PUT' | 'POST', url: string, headers: object, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as Record<string, unknown> & { status?: string };
}

describe('a learner finishes a course with an award', () => {
  it('gets the points, XP, badge, certificate and messages once', async () => {
    const course = await makeCourse(t, w, {
      course: { title: 'Vendas de ponta a ponta', workloadMinutes: 120 },
      activities: [
        { kind: 'html', title: 'Abertura' },
        { kind: 'html', title: 'Fechamento' },
      ],
    });
    const { badge } = (await inject('POST', '/api/admin/badges', admin, {
      texts: { 'pt-BR': { name: 'Vendedor completo', description: 'Concluiu o curso de vendas' } },
      criterion: 'manual',
    })) as { badge: { id: number } };
    await inject('PUT', `/api/admin/awards/course/${course.id}`, w.as.manager, {
      points: 30,
      xp: 15,
      badgeId: badge.id,
      certificate: true,
      certificateValidityMonths: 6,
    });
    const earnedUrl = `/api/rewards/earned?targetType=course&targetId=${course.id}`;
    expect((await inject('GET', earnedUrl, w.as.learner)).status).toBe('none');

    for (const activity of course.modules[0]!.activities) {
      await inject('POST', `/api/learning/activities/${activity.id}/progress`, w.as.learner, {
        type: 'loaded',
      });
    }
    expect(await inject('GET', earnedUrl, w.as.learner)).toMatchObject({
      status: 'pending',
      points: 30,
      xp: 15,
    });

    // The screen polls until the reaction has run; a deadline keeps a broken reaction from hanging the test.
    const deadline = Date.now() + 20_000;
    let earned = await inject('GET', earnedUrl, w.as.learner);
    while (earned.status !== 'granted' && Date.now() < deadline) {
      for (const queue of reactions) await t.jobs.runQueued(queue);
      earned = await inject('GET', earnedUrl, w.as.learner);
    }
    expect(earned).toMatchObject({
      status: 'granted',
      points: 30,
      xp: 15,
      badge: { id: badge.id, name: 'Vendedor completo' },
      certificate: { id: expect.any(Number), code: expect.any(String) },
    });
    const code = (earned.certificate as { code: string }).code;

    const { rewards } = t.modules;
    expect(await rewards.ledger.balance(w.client.id, w.learner.id)).toMatchObject({ points: 30, xp: 15 });
    // The statement names what was finished (the title the finish event carried).
    const statement = (await inject('GET', '/api/rewards/statement?ledger=points', w.as.learner)) as {
      items: { source: string; refLabel: string | null; reason: string | null }[];
    };
    expect(statement.items.find((i) => i.source === 'course')).toMatchObject({
      refLabel: expect.any(String),
      reason: null,
    });
    const mine = (await inject('GET', '/api/rewards/badges', w.as.learner)) as {
      earned: { badge: { id: number } }[];
    };
    expect(mine.earned.map((e) => e.badge.id)).toEqual([badge.id]);
    const verified = await t.app.inject({ url: `/api/public/certificates/${encodeURIComponent(code)}` });
    expect(verified.statusCode, verified.body).toBe(200);
    const inbox = rowsOf<{ title: string; body: string }>(
      await t.database.db.execute(
        sql`select title, body from inbox_messages where user_id = ${w.learner.id} and client_id = ${w.client.id}`,
      ),
    );
    const text = inbox.map((m) => `${m.title} ${m.body}`).join('\n');
    expect(text).toContain('Vendedor completo');
    expect(text).toContain('30');

    // The same finish delivered again (a retry after a lost acknowledgement) gives nothing more.
    await t.jobs.emit('learning.course-finished', {
      clientId: w.client.id,
      userId: w.learner.id,
      courseId: course.id,
      title: course.title,
      workloadMinutes: 120,
      categoryId: null,
      finishedAt: new Date().toISOString(),
    });
    for (const queue of reactions) await t.jobs.runQueued(queue);
    expect(await rewards.ledger.balance(w.client.id, w.learner.id)).toMatchObject({ points: 30, xp: 15 });
    const counts = rowsOf<{ grants: number; certificates: number; messages: number }>(
      await t.database.db.execute(sql`select
        (select count(*)::int from award_grants where user_id = ${w.learner.id}) as grants,
        (select count(*)::int from certificates where user_id = ${w.learner.id}) as certificates,
        (select count(*)::int from inbox_messages where user_id = ${w.learner.id}) as messages`),
    )[0]!;
    expect(counts).toEqual({ grants: 1, certificates: 1, messages: inbox.length });
  });

  it('credits once when the reaction runs 20 times at once against the real ledger and certificates', async () => {
    const course = await makeCourse(t, w, {
      course: { title: 'Corrida', workloadMinutes: 10 },
      activities: [{ kind: 'html', title: 'Única' }],
    });
    await inject('PUT', `/api/admin/awards/course/${course.id}`, w.as.manager, {
      points: 7,
      xp: 3,
      certificate: true,
    });
    const learner = await createUser(t.database.db, { clientIds: [w.client.id] });
    const { awards } = t.modules.rewards.awards;
    const finish = {
      clientId: w.client.id,
      userId: learner.id,
      targetType: 'course' as const,
      targetId: course.id,
      title: course.title,
      workloadMinutes: 10,
      finishedAt: new Date().toISOString(),
    };
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => awards.onFinish(finish)));
    expect(outcomes.filter((o) => o.granted)).toHaveLength(1);
    expect(await t.modules.rewards.ledger.balance(w.client.id, learner.id)).toMatchObject({
      points: 7,
      xp: 3,
    });
    const [row] = rowsOf<{ entries: number; certificates: number }>(
      await t.database.db.execute(sql`select
        (select count(*)::int from ledger_entries where user_id = ${learner.id}) as entries,
        (select count(*)::int from certificates where user_id = ${learner.id}) as certificates`),
    );
    expect(row).toEqual({ entries: 2, certificates: 1 });
  });
});
