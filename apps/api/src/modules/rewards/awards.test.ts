import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { learningOf, learningWorld, makeCourse, type World } from '../../../test/learning-helpers';
import { createAwardsService, type AwardsService, type Finish } from './awards.service';
import { createBadgesService, type BadgesService } from './badges.service';
import type { CertificatesPort, CreditInput, IssueCertificateInput, LedgerPort } from './ports';

/**
 * The award logic over the app's database and learning module, with a ledger and certificates of the
 * test's own (the real ones are other parts of the module): each records its calls, answers a repeated
 * key or target as the real ones promise to, and the ledger writes its entries to the ledger table the
 * points badges read.
 */
function fakeLedger(t: TestApp) {
  const credits: CreditInput[] = [];
  const xp = new Map<string, number>();
  const port: LedgerPort = {
    async credit(input) {
      credits.push(input);
      const key = `${input.clientId}:${input.userId}`;
      xp.set(key, (xp.get(key) ?? 0) + input.xp);
      if (input.points > 0) {
        await t.database.db.execute(sql`insert into ledger_entries
            (client_id, user_id, ledger, amount, balance_after, source, ref_type, ref_id, idempotency_key)
          values (${input.clientId}, ${input.userId}, 'points', ${input.points}, ${input.points}, ${input.source},
            ${input.refType ?? null}, ${input.refId ?? null}, ${input.idempotencyKey})`);
      }
      return {
        pointsEntryId: null,
        xpEntryId: null,
        points: input.points,
        xp: input.xp,
        balance: { points: 0, held: 0, xp: xp.get(key)! },
        replayed: false,
      };
    },
    debit: () => Promise.reject(new Error('not used')),
    hold: () => Promise.reject(new Error('not used')),
    commitHold: () => Promise.reject(new Error('not used')),
    releaseHold: () => Promise.reject(new Error('not used')),
    balance: (clientId, userId) =>
      Promise.resolve({ points: 0, held: 0, xp: xp.get(`${clientId}:${userId}`) ?? 0 }),
  };
  return { port, credits };
}

function fakeCertificates() {
  const issued: IssueCertificateInput[] = [];
  const port: CertificatesPort = {
    issue(input) {
      issued.push(input);
      return Promise.resolve({ id: 9000 + issued.length, code: `CODE-${issued.length}`, created: true });
    },
  };
  return { port, issued };
}

let t: TestApp;
let w: World;
let ledger: ReturnType<typeof fakeLedger>;
let certificates: ReturnType<typeof fakeCertificates>;
let awards: AwardsService;
let badges: BadgesService;
let admin: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  w = await learningWorld(t);
  ledger = fakeLedger(t);
  certificates = fakeCertificates();
  const deps = {
    db: t.database.db,
    ledger: ledger.port,
    learning: learningOf(t).finishes,
    notifications: t.services.notifications,
  };
  badges = createBadgesService({ ...deps, storage: t.deps.storage, directory: t.services.directory });
  awards = createAwardsService({ ...deps, certificates: certificates.port, badges });
  const programAdmin = await createUser(t.database.db, {
    clientIds: [w.client.id],
    roles: ['program_admin'],
  });
  admin = bearer((await login(t, programAdmin.username)).access_token);
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });

/** A published course of one HTML lesson (it finishes once its frame reports it loaded). */
const lessonCourse = (title: string, categoryId: number | null = null) =>
  makeCourse(t, w, {
    course: { title, categoryId, workloadMinutes: 90 },
    activities: [{ kind: 'html', title: 'Aula' }],
  });

/** The learner finishes the course through the progress route. */
async function finish(course: Awaited<ReturnType<typeof lessonCourse>>, headers = w.as.learner) {
  const res = await inject(
    'POST',
    `/api/learning/activities/${course.modules[0]!.activities[0]!.id}/progress`,
    headers,
    {
      type: 'loaded',
    },
  );
  expect(res.json().activity.status, res.body).toBe('finished');
}

const courseFinish = (
  course: { id: number; title: string },
  userId = w.learner.id,
  categoryId: number | null = null,
): Finish => ({
  clientId: w.client.id,
  userId,
  targetType: 'course',
  targetId: course.id,
  title: course.title,
  workloadMinutes: 90,
  categoryId,
  finishedAt: new Date().toISOString(),
});

const count = async (query: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await t.database.db.execute(query))[0]!.n;

const badgeBody = (
  name: string,
  criterion: string,
  criterionRefId: number | null,
  criterionCount: number | null,
) => ({
  texts: { 'pt-BR': { name, description: `Descrição de ${name}` } },
  criterion,
  criterionRefId,
  criterionCount,
});

async function createBadge(
  name: string,
  criterion: string,
  ref: number | null = null,
  n: number | null = null,
) {
  const res = await inject('POST', '/api/admin/badges', admin, badgeBody(name, criterion, ref, n));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().badge as { id: number };
}

const holds = async (badgeId: number, userId = w.learner.id) =>
  (await count(
    sql`select count(*)::int as n from user_badges where badge_id = ${badgeId} and user_id = ${userId}`,
  )) === 1;

describe('awarding a finish', () => {
  it('gives points, XP, the badge and the certificate once, though the event comes 20 times at once', async () => {
    const course = await lessonCourse('Atendimento premium');
    const badge = await createBadge('Atendente premium', 'manual');
    const put = await inject('PUT', `/api/admin/awards/course/${course.id}`, w.as.manager, {
      points: 50,
      xp: 20,
      badgeId: badge.id,
      certificate: true,
      certificateValidityMonths: 12,
    });
    expect(put.statusCode, put.body).toBe(200);
    await finish(course);
    const inboxBefore = await count(
      sql`select count(*)::int as n from inbox_messages where user_id = ${w.learner.id}`,
    );

    const pending = await inject(
      'GET',
      `/api/rewards/earned?targetType=course&targetId=${course.id}`,
      w.as.learner,
    );
    expect(pending.json()).toMatchObject({ status: 'pending', points: 50, xp: 20, badge: null });

    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => awards.onFinish(courseFinish(course))),
    );
    expect(outcomes.filter((o) => o.granted)).toHaveLength(1);
    const mine = (i: { refId?: number | null }) => i.refId === course.id;
    expect(ledger.credits.filter(mine)).toEqual([
      expect.objectContaining({
        userId: w.learner.id,
        points: 50,
        xp: 20,
        source: 'course',
        refType: 'course',
        idempotencyKey: `award:course:${course.id}`,
      }),
    ]);
    expect(certificates.issued.filter((i) => i.targetId === course.id)).toEqual([
      expect.objectContaining({
        targetType: 'course',
        title: 'Atendimento premium',
        workloadMinutes: 90,
        validityMonths: 12,
      }),
    ]);
    expect(
      await count(
        sql`select count(*)::int as n from award_grants where target_id = ${course.id} and target_type = 'course'`,
      ),
    ).toBe(1);
    expect(await holds(badge.id)).toBe(true);
    // One "you earned" and one "new badge" message.
    expect(
      await count(sql`select count(*)::int as n from inbox_messages where user_id = ${w.learner.id}`),
    ).toBe(inboxBefore + 2);

    const earned = (
      await inject('GET', `/api/rewards/earned?targetType=course&targetId=${course.id}`, w.as.learner)
    ).json();
    expect(earned).toMatchObject({
      status: 'granted',
      points: 50,
      xp: 20,
      badge: { id: badge.id, name: 'Atendente premium', imageUrl: null },
      certificate: { code: expect.stringMatching(/^CODE-/) },
    });
    expect(Date.parse(earned.grantedAt)).not.toBeNaN();
  });

  it('answers none for a target without an award, or one the learner has not finished', async () => {
    const course = await lessonCourse('Sem prêmio');
    await finish(course);
    const res = await inject(
      'GET',
      `/api/rewards/earned?targetType=course&targetId=${course.id}`,
      w.as.learner,
    );
    expect(res.json()).toMatchObject({
      status: 'none',
      points: 0,
      badge: null,
      certificate: null,
      grantedAt: null,
    });
    const other = await lessonCourse('Com prêmio, não feito');
    await inject('PUT', `/api/admin/awards/course/${other.id}`, w.as.manager, { points: 5 });
    const notYet = await inject(
      'GET',
      `/api/rewards/earned?targetType=course&targetId=${other.id}`,
      w.as.learner,
    );
    expect(notYet.json().status).toBe('none');
  });

  it('gives no certificate and no credit for an award of nothing but a badge', async () => {
    const course = await lessonCourse('Só medalha');
    const badge = await createBadge('Só medalha', 'manual');
    await inject('PUT', `/api/admin/awards/course/${course.id}`, w.as.manager, { badgeId: badge.id });
    await finish(course);
    const credits = ledger.credits.length;
    expect((await awards.onFinish(courseFinish(course))).granted).toBe(true);
    expect(ledger.credits).toHaveLength(credits);
    expect(await holds(badge.id)).toBe(true);
  });
  it('no longer gives a badge deactivated after the award was set', async () => {
    const course = await lessonCourse('Medalha desativada');
    const badge = await createBadge('Aposentada', 'manual');
    await inject('PUT', `/api/admin/awards/course/${course.id}`, w.as.manager, { xp: 5, badgeId: badge.id });
    const off = await inject('PUT', `/api/admin/badges/${badge.id}`, admin, {
      ...badgeBody('Aposentada', 'manual', null, null),
      active: false,
    });
    expect(off.json().badge.active).toBe(false);
    expect(await awards.onFinish(courseFinish(course))).toEqual({ granted: true, badges: [] });
    expect(await holds(badge.id)).toBe(false);
  });
});

describe('badge criteria', () => {
  it('course and trail: the one named, not another', async () => {
    const course = await lessonCourse('Curso da medalha');
    const other = await lessonCourse('Outro curso');
    const forCourse = await createBadge('Do curso', 'course', course.id);
    const forOther = await createBadge('Do outro', 'course', other.id);
    await finish(course);
    expect((await awards.onFinish(courseFinish(course))).badges).toEqual([forCourse.id]);
    expect(await holds(forOther.id)).toBe(false);

    const { authoring } = learningOf(t);
    const trail = await authoring.createTrail(w.actor, { title: 'Trilha da medalha' });
    await authoring.setTrailItems(w.actor, trail.id, { items: [{ kind: 'course', itemId: course.id }] });
    await authoring.publishTrail(w.actor, trail.id, true);
    const forTrail = await createBadge('Da trilha', 'trail', trail.id);
    const outcome = await awards.onFinish({
      ...courseFinish(course),
      targetType: 'trail',
      targetId: trail.id,
    });
    expect(outcome.badges).toEqual([forTrail.id]);
  });

  it('category: N finished courses of the category', async () => {
    const category = await learningOf(t).authoring.addTaxonomy(w.actor, 'categories', 'Vendas consultivas');
    const a = await lessonCourse('Categoria A', category.id);
    const b = await lessonCourse('Categoria B', category.id);
    const badge = await createBadge('Duas de vendas', 'category_courses', category.id, 2);
    await finish(a);
    await awards.onFinish(courseFinish(a, w.learner.id, category.id));
    expect(await holds(badge.id)).toBe(false);
    await finish(b);
    await awards.onFinish(courseFinish(b, w.learner.id, category.id));
    expect(await holds(badge.id)).toBe(true);
  });

  it('points ever credited and XP balance, checked after the credit of an award', async () => {
    const learner = await createUser(t.database.db, { clientIds: [w.client.id] });
    const points = await createBadge('Cem pontos', 'points', null, 100);
    const xp = await createBadge('Trinta de XP', 'xp', null, 30);
    const first = await lessonCourse('Pontos 1');
    const second = await lessonCourse('Pontos 2');
    await inject('PUT', `/api/admin/awards/course/${first.id}`, w.as.manager, { points: 60, xp: 20 });
    await inject('PUT', `/api/admin/awards/course/${second.id}`, w.as.manager, { points: 60, xp: 20 });
    await awards.onFinish(courseFinish(first, learner.id));
    expect(await holds(points.id, learner.id)).toBe(false);
    expect(await holds(xp.id, learner.id)).toBe(false);
    const outcome = await awards.onFinish(courseFinish(second, learner.id));
    expect(outcome.badges.sort()).toEqual([points.id, xp.id].sort());
  });

  it('streak: N consecutive ISO weeks each with a finished activity, by the clock passed in', async () => {
    const learner = await createUser(t.database.db, { clientIds: [w.client.id] });
    const badge = await createBadge('Três semanas', 'streak_weeks', null, 3);
    const activity = (at: string): Finish => ({
      clientId: w.client.id,
      userId: learner.id,
      targetType: 'activity',
      targetId: 999_001,
      title: 'Aula',
      workloadMinutes: null,
      finishedAt: at,
    });
    // Weeks of 2026-11-02 and 2026-11-16: a gap between them.
    await awards.onFinish(activity('2026-11-04T12:00:00Z'), new Date('2026-11-04T12:00:00Z'));
    await awards.onFinish(activity('2026-11-18T12:00:00Z'), new Date('2026-11-18T12:00:00Z'));
    await awards.onFinish(activity('2026-11-25T12:00:00Z'), new Date('2026-11-25T12:00:00Z'));
    expect(await holds(badge.id, learner.id)).toBe(false);
    // The week of 2026-11-09 fills the gap: four weeks in a row, ending on Sunday the 29th (UTC).
    const outcome = await awards.onFinish(activity('2026-11-09T00:00:00Z'), new Date('2026-11-29T23:59:00Z'));
    expect(outcome.badges).toEqual([badge.id]);
  });

  it('manual: given by a program administrator, once, to a user of the client only', async () => {
    const badge = await createBadge('Destaque do mês', 'manual');
    const learner = await createUser(t.database.db, { clientIds: [w.client.id] });
    const first = await inject('POST', `/api/admin/badges/${badge.id}/grant`, admin, {
      userId: learner.id,
      reason: 'Meta',
    });
    expect(first.json()).toMatchObject({ granted: true });
    const again = await inject('POST', `/api/admin/badges/${badge.id}/grant`, admin, { userId: learner.id });
    expect(again.json()).toEqual({ granted: false, earnedAt: first.json().earnedAt });
    const stranger = await createUser(t.database.db, { clientIds: [(await createClient(t.database.db)).id] });
    const refused = await inject('POST', `/api/admin/badges/${badge.id}/grant`, admin, {
      userId: stranger.id,
    });
    expect(refused.statusCode).toBe(404);
    expect(
      await count(
        sql`select count(*)::int as n from audit_log where action = 'badge.grant' and entity_id = ${String(badge.id)}`,
      ),
    ).toBe(1);
    // A manager authors content; badges are the program administrator's.
    expect(
      (await inject('POST', `/api/admin/badges/${badge.id}/grant`, w.as.manager, { userId: learner.id }))
        .statusCode,
    ).toBe(403);
  });
});
