import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { rowsOf } from '../../db/client';
import { createLoyaltyCampaignsPort } from '../loyalty/loyalty.port';
import { createRankingService, initialsOf, positionIn } from './ranking.service';

let t: TestApp;
let clientA: number;
let clientB: number;
let clientOff: number;
let seq = 0;

interface Member {
  id: number;
  name: string;
  as: Record<string, string>;
}

async function member(clientId: number, firstName: string, lastName: string): Promise<Member> {
  const u = await createUser(t.database.db, { clientIds: [clientId], firstName, lastName });
  return {
    id: u.id,
    name: `${firstName} ${lastName}`,
    as: bearer((await login(t, u.username)).access_token),
  };
}

const credit = (clientId: number, userId: number, points: number, xp = 0, source = 'adjustment') =>
  t.modules.rewards.ledger.credit({
    clientId,
    userId,
    points,
    xp,
    source: source as 'adjustment',
    idempotencyKey: `ranking-test-${++seq}`,
  });

const get = (url: string, as: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: as });

beforeAll(async () => {
  // Counts read on every request: these tests check that a credit moves a user at once; the reuse window
  // has its own test below.
  t = await buildTestApp({ RANKING_COUNTS_TTL_MS: '0' });
  const db = t.database.db;
  clientA = (await createClient(db, { flags: { has_ranking: true } })).id;
  clientB = (await createClient(db, { flags: { has_ranking: true } })).id;
  clientOff = (await createClient(db, { flags: { has_courses: true } })).id;
});
afterAll(() => t.close());

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  // mulberry32
  return (n: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
}

describe('ranking against a simple model', () => {
  it('ranks ties as 1, 2, 2, 4 in reach order, pages the top and finds neighbours', async () => {
    const users: Member[] = [];
    for (let i = 0; i < 24; i++) users.push(await member(clientA, `Pessoa${i}`, `Teste${i}`));
    const rand = random(14);
    // The model: each user's score and the step at which it last changed.
    const model = new Map<number, { score: number; step: number }>();
    for (let step = 0; step < 60; step++) {
      const u = users[rand(users.length)]!;
      const points = 1 + rand(4);
      await credit(clientA, u.id, points, 2);
      const m = model.get(u.id) ?? { score: 0, step };
      model.set(u.id, { score: m.score + points, step });
    }
    // Spending does not lower a score: points earned count, not the balance.
    const spender = [...model.keys()][0]!;
    await t.modules.rewards.ledger.debit({
      clientId: clientA,
      userId: spender,
      points: 1,
      source: 'redemption',
      idempotencyKey: `ranking-spend-${++seq}`,
    });
    const ordered = [...model.entries()]
      .map(([userId, m]) => ({ userId, ...m }))
      .sort((a, b) => b.score - a.score || a.step - b.step);
    const expected = ordered.map((r) => ({
      userId: r.userId,
      score: r.score,
      position: 1 + ordered.filter((o) => o.score > r.score).length,
    }));
    expect(new Set(expected.map((e) => e.position)).size).toBeLessThan(expected.length); // ties exist

    const seen: typeof expected = [];
    for (let page = 1; page <= 3; page++) {
      const res = await get(`/api/ranking?metric=points&period=all&page=${page}&pageSize=8`, users[0]!.as);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.total).toBe(expected.length);
      seen.push(
        ...body.items.map((i: { userId: number; score: number; position: number }) => ({
          userId: i.userId,
          score: i.score,
          position: i.position,
        })),
      );
    }
    expect(seen).toEqual(expected);
    // This month is the same set (every credit was written now).
    const month = await get('/api/ranking?metric=points&period=month&pageSize=100', users[0]!.as);
    expect(month.json().items.map((i: { userId: number }) => i.userId)).toEqual(
      expected.map((e) => e.userId),
    );
    expect(month.json().month).toBe(new Date().toISOString().slice(0, 7));

    for (const u of users) {
      const me = await get('/api/ranking/me?metric=points&period=all', u.as);
      expect(me.statusCode).toBe(200);
      const body = me.json();
      const at = expected.findIndex((e) => e.userId === u.id);
      if (at < 0) {
        expect(body.me).toBeNull();
        expect(body.above).toEqual([]);
        continue;
      }
      expect(body.me).toMatchObject({ ...expected[at], isMe: true, name: u.name });
      const ids = (rows: { userId: number }[]) => rows.map((r) => r.userId);
      expect(ids(body.above)).toEqual(expected.slice(Math.max(0, at - 5), at).map((e) => e.userId));
      expect(ids(body.below)).toEqual(expected.slice(at + 1, at + 6).map((e) => e.userId));
      expect(body.below.map((r: { position: number }) => r.position)).toEqual(
        expected.slice(at + 1, at + 6).map((e) => e.position),
      );
    }

    // XP: every credit gave 2 XP.
    const xp = await get('/api/ranking?metric=xp&period=all&pageSize=1', users[0]!.as);
    const top = [...model.entries()].map(([id]) => id);
    expect(xp.json().total).toBe(top.length);
  });
});

describe('live positions, names and tenancy', () => {
  it('moves a user at once, hides names as initials to others, and keeps clients apart', async () => {
    const ana = await member(clientB, 'Ana', 'Souza');
    const bia = await member(clientB, 'Bia', 'Lima');
    const outsider = await member(clientA, 'Zé', 'Fora');
    await credit(clientB, ana.id, 50);
    await credit(clientB, bia.id, 40);
    await credit(clientA, outsider.id, 1000);

    const before = (await get('/api/ranking/me', bia.as)).json();
    expect(before.me.position).toBe(2);
    await credit(clientB, bia.id, 20);
    const after = (await get('/api/ranking/me', bia.as)).json();
    expect(after.me).toMatchObject({ position: 1, score: 60 });
    expect(after.below.map((r: { userId: number }) => r.userId)).toEqual([ana.id]);

    // A tie: Ana reaches 60 later, so she is listed second with the same position.
    await credit(clientB, ana.id, 10);
    const tie = (await get('/api/ranking', ana.as)).json();
    expect(tie.items.map((r: { userId: number; position: number }) => [r.userId, r.position])).toEqual([
      [bia.id, 1],
      [ana.id, 1],
    ]);

    // Hiding the name: initials for others, the name for oneself.
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/ranking-visibility',
      headers: ana.as,
      payload: { hideName: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    const seenByBia = (await get('/api/ranking', bia.as)).json().items;
    expect(seenByBia.find((r: { userId: number }) => r.userId === ana.id)).toMatchObject({
      name: 'A. S.',
      hidden: true,
    });
    const seenByAna = (await get('/api/ranking/me', ana.as)).json();
    expect(seenByAna.me).toMatchObject({ name: 'Ana Souza', hidden: true });
    expect(seenByAna.hideName).toBe(true);
    expect(seenByAna.above[0]).toMatchObject({ userId: bia.id, name: 'Bia Lima' });

    // Another client's users never appear.
    const all = (await get('/api/ranking?pageSize=100', ana.as)).json();
    expect(all.items.map((r: { userId: number }) => r.userId)).not.toContain(outsider.id);
    expect(all.total).toBe(2);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/ranking-visibility',
      headers: ana.as,
      payload: { hideName: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('ranks an area among its members only, and refuses an area not the caller’s', async () => {
    const db = t.database.db;
    const c = (await createClient(db, { flags: { has_ranking: true } })).id;
    const [a, b, x] = [
      await member(c, 'Caio', 'Reis'),
      await member(c, 'Duda', 'Melo'),
      await member(c, 'Eva', 'Dias'),
    ];
    const [area] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into audience_areas (client_id, name) values (${c}, 'Sul') returning id`),
    );
    await db.execute(
      sql`insert into audience_area_members (area_id, user_id) values (${area!.id}, ${a.id}), (${area!.id}, ${b.id})`,
    );
    await credit(c, a.id, 5);
    await credit(c, b.id, 7);
    await credit(c, x.id, 9);
    const res = await get('/api/ranking?scope=area', a.as);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      scope: 'area',
      areaId: area!.id,
      areas: [{ id: area!.id, name: 'Sul' }],
    });
    expect(res.json().items.map((r: { userId: number }) => r.userId)).toEqual([b.id, a.id]);
    expect((await get('/api/ranking/me?scope=area', a.as)).json().me.position).toBe(2);
    expect((await get('/api/ranking/me', a.as)).json().me.position).toBe(3);
    expect((await get('/api/ranking?scope=area', x.as)).statusCode).toBe(404);
    expect((await get(`/api/ranking?scope=area&areaId=${area!.id}`, x.as)).statusCode).toBe(404);
    // A client without campaigns has no campaign to rank.
    expect((await get('/api/ranking?scope=campaign', a.as)).statusCode).toBe(404);
    expect((await get('/api/ranking?period=campaign', a.as)).statusCode).toBe(404);
  });

  it('refuses a client without the ranking, and anyone signed out', async () => {
    const off = await member(clientOff, 'Gil', 'Neto');
    await credit(clientOff, off.id, 5);
    expect((await get('/api/ranking', off.as)).statusCode).toBe(404);
    expect((await get('/api/ranking/me', off.as)).statusCode).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/ranking-visibility',
      headers: off.as,
      payload: { hideName: true },
    });
    expect(put.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/ranking' })).statusCode).toBe(401);
  });

  it('reuses a set’s counts for the window only, with the caller’s own score always fresh', async () => {
    const c = (await createClient(t.database.db, { flags: { has_ranking: true } })).id;
    const [a, b] = [await member(c, 'Ivo', 'Pires'), await member(c, 'Jade', 'Rosa')];
    let clock = Date.parse('2026-11-25T12:00:00Z');
    const service = createRankingService({
      db: t.database.db,
      now: () => new Date(clock),
      countsTtlMs: 2_000,
      campaigns: createLoyaltyCampaignsPort(t.database.db),
    });
    const q = { metric: 'points', period: 'all', scope: 'client' } as const;
    await credit(c, a.id, 10);
    await credit(c, b.id, 5);
    expect((await service.me({ clientId: c, userId: b.id }, q)).me).toMatchObject({ position: 2, score: 5 });
    // Jade passes Ivo: her own score is read at once; the counts are a moment old, so her position is
    // still given among the old scores (nobody above 20), which is already right.
    await credit(c, b.id, 15);
    clock += 1_000;
    const soon = await service.me({ clientId: c, userId: b.id }, q);
    expect(soon.me).toMatchObject({ position: 1, score: 20 });
    // Ivo, seen by Jade in the same window, still has the position of the old counts: the second place
    // shows as 1 until the counts are read again.
    expect(soon.below[0]).toMatchObject({ userId: a.id, position: 1 });
    clock += 1_500;
    const later = await service.me({ clientId: c, userId: b.id }, q);
    expect(later.below[0]).toMatchObject({ userId: a.id, position: 2 });
    expect(later.total).toBe(2);
  });

  it('gives competition positions from score counts', () => {
    // Scores 50, 40, 40 and 10: one user above the 40s, three above the 10.
    const counts = { scores: [50, 40, 10], higher: [0, 1, 3], total: 4 };
    expect(positionIn(counts, 60)).toBe(1);
    expect(positionIn(counts, 50)).toBe(1);
    expect(positionIn(counts, 45)).toBe(2);
    expect(positionIn(counts, 40)).toBe(2);
    expect(positionIn(counts, 10)).toBe(4);
    expect(positionIn(counts, 5)).toBe(5);
    expect(positionIn({ scores: [], higher: [], total: 0 }, 3)).toBe(1);
  });

  it('writes initials from the first and last names', () => {
    expect(initialsOf('ana maria', 'souza', 'x')).toBe('A. S.');
    expect(initialsOf('Élio', '', 'x')).toBe('É.');
    expect(initialsOf('', '', 'joao')).toBe('J.');
  });
});

describe('campaign scope and period', () => {
  const DAY = 86_400_000;
  const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q))[0]!;

  /** A loyalty campaign of the client (with the store its registrations need), by its dates. */
  async function campaign(clientId: number, name: string, begins: Date, ends: Date) {
    return (
      await one<{
        id: number;
      }>(sql`insert into loyalty_campaigns (client_id, name, begins_at, ends_at, country_group)
        values (${clientId}, ${name}, ${begins.toISOString()}, ${ends.toISOString()}, 1) returning id`)
    ).id;
  }
  async function storeOf(clientId: number) {
    const country = await one<{
      id: number;
    }>(sql`insert into loyalty_countries (client_id, code, name, country_group)
      values (${clientId}, ${`C${++seq}`}, 'Brasil', 1) returning id`);
    const retailer = await one<{ id: number }>(sql`insert into loyalty_retailers (client_id, country_id, name)
      values (${clientId}, ${country.id}, ${`Rede ${seq}`}) returning id`);
    return (
      await one<{
        id: number;
      }>(sql`insert into loyalty_stores (client_id, retailer_id, country_id, code, name, city, time_zone)
        values (${clientId}, ${retailer.id}, ${country.id}, ${`L${seq}`}, 'Loja', 'São Paulo', 'America/Sao_Paulo') returning id`)
    ).id;
  }
  const register = (clientId: number, userId: number, campaignId: number, storeId: number) =>
    t.database.db.execute(sql`insert into loyalty_registrations (client_id, user_id, campaign_id, store_id)
      values (${clientId}, ${userId}, ${campaignId}, ${storeId})`);

  /** Positions (1, 2, 2, 4) and display order (score, then who reached it first, then id) of a model. */
  function ranked(scores: Map<number, { score: number; at: number }>) {
    const rows = [...scores.entries()]
      .filter(([, m]) => m.score > 0)
      .map(([userId, m]) => ({ userId, ...m }))
      .sort((a, b) => b.score - a.score || a.at - b.at || a.userId - b.userId);
    return rows.map((r) => ({
      userId: r.userId,
      score: r.score,
      position: 1 + rows.filter((o) => o.score > r.score).length,
    }));
  }
  const listed = async (url: string, as: Record<string, string>) => {
    const res = await get(url, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      items: { userId: number; score: number; position: number }[];
      campaignId: number | null;
      campaigns: { id: number; registered: boolean }[];
      total: number;
    };
  };

  it('ranks points earned within a campaign’s dates and the users registered in it, live, against a model', async () => {
    const c = (await createClient(t.database.db, { flags: { has_ranking: true } })).id;
    const users: Member[] = [];
    for (let i = 0; i < 8; i++) users.push(await member(c, `Camp${i}`, `Pessoa${i}`));
    const now = Date.now();
    const prevBegins = new Date(now - 60 * DAY);
    const prevEnds = new Date(now - 30 * DAY);
    const runBegins = new Date(now - 10 * DAY);
    const runEnds = new Date(now + 20 * DAY);
    // Entries written before the campaigns existed, dated by hand: some in the previous campaign, some
    // in the running one, some between them (in neither).
    const rand = random(7);
    const entries: { userId: number; points: number; at: number; spend: boolean }[] = [];
    for (let i = 0; i < 40; i++) {
      const u = users[rand(users.length)]!;
      const at = now - (1 + rand(59)) * DAY - rand(3_600_000);
      const spend = rand(6) === 0;
      const points = 1 + rand(5);
      if (spend) {
        await credit(c, u.id, points); // something to spend
        await t.modules.rewards.ledger.debit({
          clientId: c,
          userId: u.id,
          points,
          source: 'redemption',
          idempotencyKey: `campaign-spend-${++seq}`,
        });
      } else {
        await credit(c, u.id, points, 1);
      }
      // Date the entries just written (the credit, and the spending if any).
      await t.database.db.execute(sql`update ledger_entries set created_at = ${new Date(at).toISOString()}
        where client_id = ${c} and user_id = ${u.id} and created_at > now() - interval '1 minute'`);
      entries.push({ userId: u.id, points, at, spend });
    }
    const prev = await campaign(c, 'Trimestre anterior', prevBegins, prevEnds);
    const running = await campaign(c, 'Trimestre atual', runBegins, runEnds);
    await campaign(c, 'Próximo', new Date(now + 30 * DAY), new Date(now + 90 * DAY));
    const store = await storeOf(c);
    for (const u of users.slice(0, 5)) await register(c, u.id, running, store);

    const model = (begins: number, ends: number, only?: Set<number>) => {
      const scores = new Map<number, { score: number; at: number }>();
      for (const e of entries) {
        if (e.at < begins || e.at >= ends || (only && !only.has(e.userId))) continue;
        // A spending entry does not count; its credit does, at the same moment.
        const m = scores.get(e.userId) ?? { score: 0, at: 0 };
        scores.set(e.userId, { score: m.score + e.points, at: Math.max(m.at, e.at) });
      }
      return scores;
    };
    const me = users[0]!;
    const prevModel = ranked(model(+prevBegins, +prevEnds));
    expect(prevModel.length).toBeGreaterThan(2);
    const prevPage = await listed(`/api/ranking?period=campaign&campaignId=${prev}&pageSize=100`, me.as);
    expect(prevPage.campaignId).toBe(prev);
    expect(prevPage.items.map(({ userId, score, position }) => ({ userId, score, position }))).toEqual(
      prevModel,
    );
    expect(prevPage.total).toBe(prevModel.length);
    // The campaigns offered: the begun ones, latest first, with mine marked; not the upcoming one.
    expect(prevPage.campaigns.map((x) => [x.id, x.registered])).toEqual([
      [running, true],
      [prev, false],
    ]);

    // Without an id: my running campaign. Then a credit now moves its user at once.
    const runModel = model(+runBegins, +runEnds);
    const runPage = await listed('/api/ranking?period=campaign&pageSize=100', me.as);
    expect(runPage.campaignId).toBe(running);
    expect(runPage.items.map(({ userId, score, position }) => ({ userId, score, position }))).toEqual(
      ranked(runModel),
    );
    const climber = users[6]!;
    await credit(c, climber.id, 500);
    runModel.set(climber.id, { score: (runModel.get(climber.id)?.score ?? 0) + 500, at: Date.now() });
    const after = await listed('/api/ranking?period=campaign&pageSize=100', me.as);
    expect(after.items[0]).toMatchObject({ userId: climber.id, position: 1 });
    expect(after.items.map(({ userId, score, position }) => ({ userId, score, position }))).toEqual(
      ranked(runModel),
    );

    // Scope campaign: only its registered users, in any period; my position and neighbours among them.
    const registered = new Set(users.slice(0, 5).map((u) => u.id));
    const allTime = model(0, Number.MAX_SAFE_INTEGER, registered);
    const scoped = await listed(`/api/ranking?scope=campaign&period=all&pageSize=100`, me.as);
    expect(scoped.items.every((i) => registered.has(i.userId))).toBe(true);
    expect(scoped.items.map(({ userId, score, position }) => ({ userId, score, position }))).toEqual(
      ranked(allTime),
    );
    const mine = (await get('/api/ranking/me?scope=campaign&period=campaign', me.as)).json();
    const both = ranked(model(+runBegins, +runEnds, registered));
    const myRow = both.find((r) => r.userId === me.id);
    expect(mine.me?.position ?? null).toBe(myRow?.position ?? null);
    if (myRow) {
      const i = both.indexOf(myRow);
      expect(mine.above.map((r: { userId: number }) => r.userId)).toEqual(
        both.slice(Math.max(0, i - 5), i).map((r) => r.userId),
      );
      expect(mine.below.map((r: { userId: number }) => r.userId)).toEqual(
        both.slice(i + 1, i + 6).map((r) => r.userId),
      );
    }

    // The campaign's dates moved: the period is counted again from the ledger by the new dates.
    const earlier = new Date(now - 45 * DAY);
    await t.database.db.execute(
      sql`update loyalty_campaigns set begins_at = ${earlier.toISOString()} where id = ${running}`,
    );
    const moved = model(+earlier, +runEnds);
    moved.set(climber.id, { score: (moved.get(climber.id)?.score ?? 0) + 500, at: Date.now() });
    const refilled = await listed(`/api/ranking?period=campaign&campaignId=${running}&pageSize=100`, me.as);
    expect(refilled.items.map(({ userId, score, position }) => ({ userId, score, position }))).toEqual(
      ranked(moved),
    );

    // Unknown, upcoming and another client's campaigns are not found.
    const upcoming = prevPage.campaigns.length; // two begun
    expect(upcoming).toBe(2);
    const other = (await createClient(t.database.db, { flags: { has_ranking: true } })).id;
    const foreign = await campaign(other, 'Outra', prevBegins, runEnds);
    for (const id of [foreign, 999_999]) {
      expect((await get(`/api/ranking?period=campaign&campaignId=${id}`, me.as)).statusCode).toBe(404);
      expect((await get(`/api/ranking/me?scope=campaign&campaignId=${id}`, me.as)).statusCode).toBe(404);
    }
    const next = await one<{ id: number }>(
      sql`select id from loyalty_campaigns where client_id = ${c} and name = 'Próximo'`,
    );
    expect((await get(`/api/ranking?period=campaign&campaignId=${next.id}`, me.as)).statusCode).toBe(404);
  });

  it('sums a campaign period again in one API instance after another filled it with other dates', async () => {
    const c = (await createClient(t.database.db, { flags: { has_ranking: true } })).id;
    const [early, late] = [await member(c, 'Cedo', 'Silva'), await member(c, 'Tarde', 'Souza')];
    const now = Date.now();
    // Entries before the campaign existed: Cedo's 20 days ago, Tarde's 5 days ago.
    for (const [u, points, daysAgo] of [
      [early, 30, 20],
      [late, 7, 5],
    ] as const) {
      await credit(c, u.id, points);
      await t.database.db.execute(sql`update ledger_entries
        set created_at = ${new Date(now - daysAgo * DAY).toISOString()}
        where client_id = ${c} and user_id = ${u.id}`);
    }
    const wide = new Date(now - 30 * DAY);
    const narrow = new Date(now - 10 * DAY);
    const id = await campaign(c, 'Campanha', wide, new Date(now + 10 * DAY));
    // Two API instances, each with its own process memory.
    const instance = () =>
      createRankingService({
        db: t.database.db,
        now: () => new Date(),
        countsTtlMs: 0,
        campaigns: createLoyaltyCampaignsPort(t.database.db),
      });
    const [a, b] = [instance(), instance()];
    const q = { metric: 'points', period: 'campaign', scope: 'client', campaignId: id } as const;
    const scores = async (s: ReturnType<typeof instance>) =>
      (await s.page({ clientId: c, userId: late.id }, { ...q, page: 1, pageSize: 10 })).items.map((r) => [
        r.userId,
        r.score,
      ]);
    const begin = (at: Date) =>
      t.database.db.execute(
        sql`update loyalty_campaigns set begins_at = ${at.toISOString()} where id = ${id}`,
      );
    expect(await scores(a)).toEqual([
      [early.id, 30],
      [late.id, 7],
    ]);
    // The begin moves later: instance B fills the period by the new dates.
    await begin(narrow);
    expect(await scores(b)).toEqual([[late.id, 7]]);
    // It moves back: instance A, which filled these dates before, sums the period again.
    await begin(wide);
    expect(await scores(a)).toEqual([
      [early.id, 30],
      [late.id, 7],
    ]);
  });
});
