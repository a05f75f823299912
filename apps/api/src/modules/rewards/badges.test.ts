import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { learningWorld, makeCourse, type World } from '../../../test/learning-helpers';
import { multipart, pngOf } from '../../../test/profile-helpers';

/** The back office of awards and badges, the learner's list and the client's settings, through the routes. */
let t: TestApp;
let a: World;
let b: World;
let adminA: { authorization: string };
let adminB: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  a = await learningWorld(t);
  b = await learningWorld(t);
  const admin = async (w: World) =>
    bearer(
      (
        await login(
          t,
          (await createUser(t.database.db, { clientIds: [w.client.id], roles: ['program_admin'] })).username,
        )
      ).access_token,
    );
  adminA = await admin(a);
  adminB = await admin(b);
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });

const course = (w: World, title = 'Curso') =>
  makeCourse(t, w, { course: { title }, activities: [{ kind: 'html', title: 'Aula' }] });

const texts = (name: string) => ({ 'pt-BR': { name, description: '' } });

async function createBadge(body: object, headers = adminA) {
  const res = await inject('POST', '/api/admin/badges', headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().badge as { id: number; imageUrl: string | null; holders: number };
}

describe('awards editor', () => {
  it('reads, saves, validates and removes the award of a course, audited', async () => {
    const c = await course(a, 'Curso premiado');
    const url = `/api/admin/awards/course/${c.id}`;
    expect((await inject('GET', url, a.as.manager)).json()).toEqual({ award: null });

    const saved = await inject('PUT', url, a.as.manager, {
      points: 100,
      pointsValidityDays: 365,
      xp: 40,
      certificate: true,
      certificateValidityMonths: 24,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const award = {
      points: 100,
      pointsValidityDays: 365,
      xp: 40,
      badgeId: null,
      certificate: true,
      certificateValidityMonths: 24,
    };
    expect(saved.json()).toEqual({ award });
    expect((await inject('GET', url, a.as.manager)).json()).toEqual({ award });

    for (const [body, field] of [
      [{ points: 1_000_001 }, 'points'],
      [{ xp: -1 }, 'xp'],
      [{ pointsValidityDays: 0 }, 'pointsValidityDays'],
      [{ pointsValidityDays: 3651 }, 'pointsValidityDays'],
      [{ certificate: true, certificateValidityMonths: 121 }, 'certificateValidityMonths'],
    ] as const) {
      const res = await inject('PUT', url, a.as.manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().error.details)).toContain(field);
    }
    const activityId = c.modules[0]!.activities[0]!.id;
    const onActivity = await inject('PUT', `/api/admin/awards/activity/${activityId}`, a.as.manager, {
      certificate: true,
    });
    expect(onActivity.statusCode).toBe(400);
    expect(onActivity.json().error.code).toBe('REWARDS_AWARD_CERTIFICATE_TARGET');
    const badgeOfB = await createBadge({ texts: texts('De B'), criterion: 'manual' }, adminB);
    const foreignBadge = await inject('PUT', url, a.as.manager, { badgeId: badgeOfB.id });
    expect(foreignBadge.statusCode).toBe(400);
    expect(foreignBadge.json().error.code).toBe('REWARDS_AWARD_BADGE_NOT_FOUND');
    expect((await inject('PUT', '/api/admin/awards/quiz/1', a.as.manager, {})).statusCode).toBe(400);

    expect((await inject('DELETE', url, a.as.manager)).json()).toEqual({ ok: true });
    expect((await inject('GET', url, a.as.manager)).json()).toEqual({ award: null });
    const actions = rowsOf<{ action: string }>(
      await t.database.db.execute(
        sql`select action from audit_log where client_id = ${a.client.id} and entity = 'award' order by id`,
      ),
    ).map((r) => r.action);
    expect(actions).toEqual(['award.save', 'award.remove']);
  });

  it("answers 404 to another client's manager, and 403 to a learner", async () => {
    const c = await course(a, 'Só de A');
    const url = `/api/admin/awards/course/${c.id}`;
    expect((await inject('GET', url, b.as.manager)).statusCode).toBe(404);
    expect((await inject('PUT', url, b.as.manager, { points: 1 })).statusCode).toBe(404);
    expect((await inject('DELETE', url, b.as.manager)).statusCode).toBe(404);
    expect((await inject('GET', url, a.as.learner)).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/awards/trail/2147483647', a.as.manager)).statusCode).toBe(404);
  });
});

describe('badges back office', () => {
  it('refuses criteria without what they need, and a course of another client', async () => {
    const refused = async (body: object, code: string) => {
      const res = await inject('POST', '/api/admin/badges', adminA, body);
      expect(res.statusCode, res.body).toBe(400);
      // Schema refusals are VALIDATION_FAILED with each field's code; the others answer theirs.
      const { error } = res.json() as { error: { code: string; details?: { code?: string }[] } };
      expect([error.code, ...(error.details ?? []).map((d) => d.code)]).toContain(code);
    };
    await refused({ texts: texts('Sem curso'), criterion: 'course' }, 'REWARDS_BADGE_CRITERION_REF_REQUIRED');
    await refused({ texts: texts('Sem N'), criterion: 'points' }, 'REWARDS_BADGE_CRITERION_COUNT_REQUIRED');
    await refused(
      { texts: texts('Semanas'), criterion: 'streak_weeks', criterionCount: 521 },
      'REWARDS_BADGE_CRITERION_COUNT_TOO_BIG',
    );
    await refused({ texts: { 'en-US': { name: 'No pt-BR' } }, criterion: 'manual' }, 'VALIDATION_FAILED');
    const ofB = await course(b, 'Curso de B');
    await refused(
      { texts: texts('Curso de B'), criterion: 'course', criterionRefId: ofB.id },
      'REWARDS_BADGE_CRITERION_TARGET_NOT_FOUND',
    );
    const long = await inject('POST', '/api/admin/badges', adminA, {
      texts: texts('x'.repeat(81)),
      criterion: 'manual',
    });
    expect(long.statusCode).toBe(400);
    expect((await inject('GET', '/api/admin/badges', a.as.manager)).statusCode).toBe(403);
  });

  it('edits, lists per client, and deletes only a badge nobody holds', async () => {
    const badge = await createBadge({ texts: texts('Editável'), criterion: 'manual' });
    const edited = await inject('PUT', `/api/admin/badges/${badge.id}`, adminA, {
      texts: { 'pt-BR': { name: 'Editada', description: 'Nova' }, fr: { name: 'Modifiée' } },
      criterion: 'xp',
      criterionCount: 500,
    });
    expect(edited.json().badge).toMatchObject({
      texts: { 'pt-BR': { name: 'Editada', description: 'Nova' }, fr: { name: 'Modifiée', description: '' } },
      criterion: 'xp',
      criterionCount: 500,
      active: true,
      holders: 0,
    });
    const listA = (await inject('GET', '/api/admin/badges', adminA)).json().badges as { id: number }[];
    expect(listA.map((x) => x.id)).toContain(badge.id);
    const listB = (await inject('GET', '/api/admin/badges', adminB)).json().badges as { id: number }[];
    expect(listB.map((x) => x.id)).not.toContain(badge.id);
    expect((await inject('GET', `/api/admin/badges/${badge.id}`, adminB)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/admin/badges/${badge.id}`, adminB)).statusCode).toBe(404);

    const held = await createBadge({ texts: texts('Conquistada'), criterion: 'manual' });
    await inject('POST', `/api/admin/badges/${held.id}/grant`, adminA, { userId: a.learner.id });
    const refused = await inject('DELETE', `/api/admin/badges/${held.id}`, adminA);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('REWARDS_BADGE_HELD');
    expect((await inject('DELETE', `/api/admin/badges/${badge.id}`, adminA)).json()).toEqual({ ok: true });
    expect((await inject('GET', `/api/admin/badges/${badge.id}`, adminA)).statusCode).toBe(404);
  });

  it('stores the artwork as a 512×512 WebP served by the media route, and refuses other files', async () => {
    const badge = await createBadge({ texts: texts('Com arte'), criterion: 'manual' });
    const upload = (file: { name: string; type: string; data: Buffer }) => {
      const body = multipart(file);
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/badges/${badge.id}/image`,
        headers: { ...adminA, ...body.headers },
        payload: body.payload,
      });
    };
    const res = await upload({ name: 'arte.png', type: 'image/png', data: await pngOf(800, 600) });
    expect(res.statusCode, res.body).toBe(200);
    const imageUrl = res.json().badge.imageUrl as string;
    expect(imageUrl).toMatch(/^\/api\/media\/badges\//);
    const image = await t.app.inject({ url: imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);

    const text = await upload({
      name: 'arte.png',
      type: 'image/png',
      data: Buffer.from('not an image at all'),
    });
    expect(text.statusCode).toBe(415);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect((await upload({ name: 'a.gif', type: 'image/gif', data: gif })).statusCode).toBe(415);
    expect((await t.app.inject({ url: '/api/media/badges/1-1-000000000000' })).statusCode).toBe(404);
  });
});

describe("the learner's badges", () => {
  it('lists earned ones with their date and the others with their target and progress, in the caller language', async () => {
    const c = await course(a, 'Curso da medalha');
    const manual = await createBadge({
      texts: { 'pt-BR': { name: 'Destaque', description: 'Dado à mão' }, 'en-US': { name: 'Highlight' } },
      criterion: 'manual',
    });
    const forCourse = await createBadge({
      texts: texts('Concluiu o curso'),
      criterion: 'course',
      criterionRefId: c.id,
    });
    const inactive = await createBadge({ texts: texts('Desativada'), criterion: 'manual' });
    await inject('PUT', `/api/admin/badges/${inactive.id}`, adminA, {
      texts: texts('Desativada'),
      criterion: 'manual',
      active: false,
    });
    const learner = await createUser(t.database.db, { clientIds: [a.client.id] });
    const headers = {
      ...bearer((await login(t, learner.username)).access_token),
      'accept-language': 'en-US',
    };
    await inject('POST', `/api/admin/badges/${manual.id}/grant`, adminA, { userId: learner.id });

    const res = await inject('GET', '/api/rewards/badges', headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.earned).toEqual([
      {
        badge: { id: manual.id, name: 'Highlight', description: '', imageUrl: null },
        earnedAt: expect.any(String),
      },
    ]);
    const ids = (body.available as { badge: { id: number } }[]).map((x) => x.badge.id);
    expect(ids).not.toContain(manual.id);
    expect(ids).not.toContain(inactive.id);
    expect(body.available.find((x: { badge: { id: number } }) => x.badge.id === forCourse.id)).toEqual({
      badge: { id: forCourse.id, name: 'Concluiu o curso', description: '', imageUrl: null },
      criterion: 'course',
      target: { type: 'course', id: c.id, title: 'Curso da medalha' },
      progress: { current: 0, required: 1 },
    });
    // Another client's learner sees none of A's badges.
    const ofB = (await inject('GET', '/api/rewards/badges', b.as.learner)).json();
    expect(ofB.available.map((x: { badge: { id: number } }) => x.badge.id)).not.toContain(forCourse.id);
  });
});

describe('reward settings', () => {
  it('reads defaults, saves within bounds, audited, for the program administrator only', async () => {
    const url = '/api/admin/rewards/settings';
    expect((await inject('GET', url, adminA)).json()).toEqual({
      learningPointsValidityDays: null,
      certificateReminderDays: 30,
    });
    const saved = await inject('PUT', url, adminA, {
      learningPointsValidityDays: 180,
      certificateReminderDays: 15,
    });
    expect(saved.json()).toEqual({ learningPointsValidityDays: 180, certificateReminderDays: 15 });
    expect((await inject('GET', url, adminA)).json()).toEqual(saved.json());
    expect((await inject('GET', url, adminB)).json().learningPointsValidityDays).toBeNull();
    for (const body of [
      { learningPointsValidityDays: 0, certificateReminderDays: 15 },
      { learningPointsValidityDays: 3651, certificateReminderDays: 15 },
      { learningPointsValidityDays: null, certificateReminderDays: 366 },
    ]) {
      expect((await inject('PUT', url, adminA, body)).statusCode).toBe(400);
    }
    expect((await inject('PUT', url, a.as.manager, saved.json())).statusCode).toBe(403);
    const audited = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'reward_settings.save' and client_id = ${a.client.id}`,
      ),
    )[0]!.n;
    expect(audited).toBe(1);
  });
});

describe('choices for the editors', () => {
  it("lists the client's active badges to an author, and every course of the client to a badge's criterion", async () => {
    const kept = await createBadge({ texts: texts('Escolhível'), criterion: 'manual' });
    const off = await createBadge({ texts: texts('Desligada'), criterion: 'manual' });
    const offBody = { texts: texts('Desligada'), criterion: 'manual', active: false };
    expect((await inject('PUT', `/api/admin/badges/${off.id}`, adminA, offBody)).statusCode).toBe(200);
    await createBadge({ texts: texts('De outra empresa'), criterion: 'manual' }, adminB);

    const forAuthor = await inject('GET', '/api/admin/awards/badges', a.as.manager);
    expect(forAuthor.statusCode, forAuthor.body).toBe(200);
    const names = (forAuthor.json().badges as { id: number; name: string }[]).map((b) => b.name);
    expect(names).toContain('Escolhível');
    expect(names).not.toContain('Desligada');
    expect(names).not.toContain('De outra empresa');
    expect(kept.id).toBeGreaterThan(0);
    expect((await inject('GET', '/api/admin/awards/badges', a.as.learner)).statusCode).toBe(403);

    const mine = await course(a, 'Curso da escolha');
    const theirs = await course(b, 'Curso de outra empresa');
    const choices = await inject('GET', '/api/admin/badges/choices?kind=course', adminA);
    expect(choices.statusCode, choices.body).toBe(200);
    const titles = (choices.json().items as { id: number; title: string }[]).map((c) => c.id);
    expect(titles).toContain(mine.id);
    expect(titles).not.toContain(theirs.id);
    expect((await inject('GET', '/api/admin/badges/choices?kind=course', a.as.manager)).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/badges/choices?kind=nope', adminA)).statusCode).toBe(400);
  });
});

describe("points and XP thresholds after an administrator's adjustment", () => {
  const adjust = (body: object, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/rewards/adjustments',
      headers: { ...adminA, 'idempotency-key': key },
      payload: body,
    });
  const earnedIds = async (headers: { authorization: string }) =>
    ((await inject('GET', '/api/rewards/badges', headers)).json().earned as { badge: { id: number } }[]).map(
      (x) => x.badge.id,
    );

  it('gives the threshold badges an adjustment up reaches, in its unit of work, once', async () => {
    const points = await createBadge({
      texts: texts('Mil pontos'),
      criterion: 'points',
      criterionCount: 1000,
    });
    const xp = await createBadge({ texts: texts('Quinhentos XP'), criterion: 'xp', criterionCount: 500 });
    const learner = await createUser(t.database.db, { clientIds: [a.client.id] });
    const headers = bearer((await login(t, learner.username)).access_token);

    // Below the threshold: nothing yet.
    const first = await adjust(
      { userId: learner.id, ledger: 'points', amount: 600, reason: 'Bônus' },
      'th-1',
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(await earnedIds(headers)).not.toContain(points.id);

    // Points crossing 1,000 give the points badge, not the XP one.
    expect(
      (await adjust({ userId: learner.id, ledger: 'points', amount: 400, reason: 'Bônus' }, 'th-2'))
        .statusCode,
    ).toBe(201);
    const afterPoints = await earnedIds(headers);
    expect(afterPoints).toContain(points.id);
    expect(afterPoints).not.toContain(xp.id);
    const [ref] = rowsOf<{ ref_type: string; ref_id: number }>(
      await t.database.db.execute(
        sql`select ref_type, ref_id from user_badges where user_id = ${learner.id} and badge_id = ${points.id}`,
      ),
    );
    expect(ref?.ref_type).toBe('adjustment');

    // The same request retried (same key) writes nothing and grants nothing twice.
    expect(
      (await adjust({ userId: learner.id, ledger: 'points', amount: 400, reason: 'Bônus' }, 'th-2'))
        .statusCode,
    ).toBe(201);
    const [count] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from user_badges where user_id = ${learner.id} and badge_id = ${points.id}`,
      ),
    );
    expect(count?.n).toBe(1);

    // XP crossing 500 gives the XP badge.
    expect(
      (await adjust({ userId: learner.id, ledger: 'xp', amount: 500, reason: 'Evento' }, 'th-3')).statusCode,
    ).toBe(201);
    expect(await earnedIds(headers)).toEqual(expect.arrayContaining([points.id, xp.id]));
  });

  it('checks on an adjustment up only: a refused one and one down give nothing', async () => {
    const learner = await createUser(t.database.db, { clientIds: [a.client.id] });
    const headers = bearer((await login(t, learner.username)).access_token);
    // Refused (XP would go below zero): nothing written, nothing granted.
    const refused = await adjust(
      { userId: learner.id, ledger: 'xp', amount: -5, reason: 'Correção' },
      'dn-1',
    );
    expect(refused.statusCode).toBe(422);
    expect(
      (await adjust({ userId: learner.id, ledger: 'xp', amount: 20, reason: 'Evento' }, 'dn-2')).statusCode,
    ).toBe(201);
    // A badge created once the learner is past its threshold is not given by a move down…
    const xp = await createBadge({ texts: texts('Dez XP'), criterion: 'xp', criterionCount: 10 });
    expect(
      (await adjust({ userId: learner.id, ledger: 'xp', amount: -5, reason: 'Correção' }, 'dn-3')).statusCode,
    ).toBe(201);
    expect(await earnedIds(headers)).not.toContain(xp.id);
    // …but by the next move up.
    expect(
      (await adjust({ userId: learner.id, ledger: 'xp', amount: 1, reason: 'Evento' }, 'dn-4')).statusCode,
    ).toBe(201);
    expect(await earnedIds(headers)).toContain(xp.id);
  });
});
