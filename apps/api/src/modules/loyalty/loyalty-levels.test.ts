import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { rowsOf } from '../../db/client';
import { createLevelsService } from './loyalty-levels.service';

/**
 * Levels (docs/loyalty.md, "Levels"): the history behind the level in force on a date, the level-change
 * requests opened once when a campaign's XP reaches the next level and decided from the back office, and
 * the campaign close (expiry, demotion) run twice and resumed after a crash. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL, where the parallel approvals really race.
 */

let t: TestApp;
let clientId: number;
let otherClient: number;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let adminId: number;
let levels: { id: number; position: number; name: string }[];
let storeId: number;
let retailerId: number;
let seq = 0;

const DAY = 86_400_000;
const db = () => t.database.db;
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query));

async function member() {
  const u = await createUser(db(), { clientIds: [clientId] });
  return { id: u.id, as: bearer((await login(t, u.username)).access_token) };
}

async function campaign(beginsAt: Date, endsAt: Date) {
  const [row] = await q<{ id: number }>(sql`insert into loyalty_campaigns
      (client_id, name, begins_at, ends_at, country_group)
    values (${clientId}, ${`Campaign ${++seq}`}, ${beginsAt.toISOString()}, ${endsAt.toISOString()}, 1)
    returning id`);
  await db().execute(sql`insert into loyalty_campaign_stores (client_id, campaign_id, store_id)
    values (${clientId}, ${row!.id}, ${storeId})`);
  return Number(row!.id);
}

async function register(userId: number, campaignId: number) {
  await db().execute(sql`insert into loyalty_registrations (client_id, user_id, campaign_id, store_id)
    values (${clientId}, ${userId}, ${campaignId}, ${storeId})`);
}

/** Credits XP (and points expiring at the campaign's end) as an approved sale does. */
async function creditXp(userId: number, campaignId: number, xp: number, points = 0, expiresAt?: Date) {
  await t.modules.rewards.ledger.credit({
    clientId,
    userId,
    points,
    xp,
    source: 'sale',
    refType: 'loyalty_campaign',
    refId: campaignId,
    idempotencyKey: `test-sale-${++seq}`,
    expiresAt: expiresAt ?? null,
  });
}

async function pendingSale(userId: number, campaignId: number, basePoints = 100) {
  const n = ++seq;
  const [row] = await q<{ id: number }>(sql`insert into sales
      (client_id, campaign_id, user_id, store_id, retailer_id, sale_date, invoice_number, invoice_key, base_points)
    values (${clientId}, ${campaignId}, ${userId}, ${storeId}, ${retailerId}, '2026-01-10',
      ${`NF-${n}`}, ${`NF-${n}`}, ${basePoints}) returning id`);
  return Number(row!.id);
}

const levelsSvc = () => t.modules.loyalty.levels;

beforeAll(async () => {
  t = await buildTestApp();
  clientId = (await createClient(db())).id;
  otherClient = (await createClient(db())).id;
  const a = await createUser(db(), { clientIds: [clientId], roles: ['program_admin'] });
  const b = await createUser(db(), { clientIds: [otherClient], roles: ['program_admin'] });
  adminId = a.id;
  admin = bearer((await login(t, a.username)).access_token);
  otherAdmin = bearer((await login(t, b.username)).access_token);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/loyalty/levels',
    headers: admin,
    payload: {
      levels: [
        { name: 'Basic', minXp: 0, multiplier: 1 },
        { name: 'Creator', minXp: 1000, multiplier: 1.5 },
        { name: 'Influencer', minXp: 3000, multiplier: 2 },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  levels = (saved.json() as { items: typeof levels }).items;
  const [country] = await q<{
    id: number;
  }>(sql`insert into loyalty_countries (client_id, code, name, country_group)
    values (${clientId}, 'BR', 'Brazil', 1) returning id`);
  const [retailer] = await q<{ id: number }>(sql`insert into loyalty_retailers (client_id, country_id, name)
    values (${clientId}, ${country!.id}, 'Chain') returning id`);
  retailerId = Number(retailer!.id);
  const [store] = await q<{ id: number }>(sql`insert into loyalty_stores
      (client_id, retailer_id, country_id, code, name, city, time_zone)
    values (${clientId}, ${retailerId}, ${country!.id}, 'S1', 'Store', 'São Paulo', 'America/Sao_Paulo')
    returning id`);
  storeId = Number(store!.id);
});
afterAll(() => t.close());

const L = (position: number) => levels.find((l) => l.position === position)!;

describe('the level in force on a date', () => {
  it('follows the member’s history: the first level before any change, each change from its date on', async () => {
    const m = await member();
    const loyalty = t.modules.loyalty.loyalty;
    const now = Date.now();
    expect((await loyalty.levelInForce(clientId, m.id, new Date()))!.position).toBe(1);
    const actor = { userId: adminId, clientId };
    await loyalty.setMemberLevel(actor, m.id, L(2).id, new Date(now - 10 * DAY));
    await loyalty.setMemberLevel(actor, m.id, L(3).id, new Date(now - 2 * DAY));
    const at = async (days: number) =>
      (await loyalty.levelInForce(clientId, m.id, new Date(now + days * DAY)))!.position;
    expect(await at(-20)).toBe(1);
    expect(await at(-10)).toBe(2);
    expect(await at(-5)).toBe(2);
    expect(await at(-1)).toBe(3);
    // The points table reads the level held now.
    const mine = await t.app.inject({ method: 'GET', url: '/api/loyalty/my-level', headers: m.as });
    expect(mine.json().current.position).toBe(3);
    expect(mine.json().next).toBeNull();
  });
});

describe('level-change requests', () => {
  it('opens once when the campaign’s XP reaches the next level, with an inbox message and an audit row', async () => {
    const m = await member();
    const c = await campaign(new Date(Date.now() - 10 * DAY), new Date(Date.now() + 30 * DAY));
    await register(m.id, c);
    await creditXp(m.id, c, 600);
    expect(await levelsSvc().xpCredited({ clientId, userId: m.id, campaignId: c })).toBeNull();
    // XP of another campaign does not count towards this one.
    const other = await campaign(new Date(Date.now() - 100 * DAY), new Date(Date.now() - 20 * DAY));
    await creditXp(m.id, other, 900);
    expect(await levelsSvc().xpCredited({ clientId, userId: m.id, campaignId: c })).toBeNull();
    await creditXp(m.id, c, 400);
    const id = await levelsSvc().xpCredited({ clientId, userId: m.id, campaignId: c });
    expect(id).toBeTypeOf('number');
    // Credited again (a retried approval, another sale): no second request, no second message.
    await creditXp(m.id, c, 50);
    await Promise.all([1, 2, 3].map(() => levelsSvc().xpCredited({ clientId, userId: m.id, campaignId: c })));
    const requests = await q<{ to_level_id: number; xp: number; status: string }>(
      sql`select to_level_id, xp, status from loyalty_level_requests where client_id = ${clientId} and user_id = ${m.id}`,
    );
    expect(requests).toEqual([{ to_level_id: L(2).id, xp: 1000, status: 'pending' }]);
    const inbox = await q<{ title: string }>(
      sql`select title from inbox_messages where client_id = ${clientId} and user_id = ${m.id}`,
    );
    expect(inbox.map((r) => r.title)).toEqual(['Novo nível alcançado']);
    const audits = await q<{ n: number }>(
      sql`select count(*)::int as n from audit_log where client_id = ${clientId} and action = 'loyalty.level_request'
        and entity_id = ${String(id)}`,
    );
    expect(audits[0]!.n).toBe(1);
    const page = await t.app.inject({ method: 'GET', url: '/api/loyalty/my-level', headers: m.as });
    expect(page.json()).toMatchObject({
      current: { position: 1 },
      next: { position: 2, minXp: 1000 },
      campaign: { id: c },
      xp: 1050,
      request: { status: 'pending', toLevel: { position: 2 } },
    });
  });

  it('waits for the member’s sales to be audited, then approves once: the new level holds from then on', async () => {
    const m = await member();
    const c = await campaign(new Date(Date.now() - 10 * DAY), new Date(Date.now() + 30 * DAY));
    await register(m.id, c);
    const sale = await pendingSale(m.id, c);
    await creditXp(m.id, c, 1200);
    const id = (await levelsSvc().xpCredited({ clientId, userId: m.id, campaignId: c }))!;

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/loyalty/level-requests',
      headers: admin,
    });
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json().items as { id: number }[]).find((r) => r.id === id);
    expect(row).toMatchObject({
      userId: m.id,
      pendingSales: 1,
      fromLevel: { position: 1 },
      toLevel: { position: 2 },
    });

    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/loyalty/level-requests/${id}/approve`,
      headers: { ...admin, 'accept-language': 'en-US' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('LOYALTY_LEVEL_SALES_PENDING');
    expect(refused.json().error.message).toMatch(/audit/);
    expect((await levelsSvc().levelInForce(clientId, m.id, new Date()))!.position).toBe(1);

    await db().execute(
      sql`update sales set status = 'approved' where client_id = ${clientId} and id = ${sale}`,
    );
    const before = new Date();
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/loyalty/level-requests/${id}/approve`,
      headers: admin,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', pendingSales: 0 });
    expect((await levelsSvc().levelInForce(clientId, m.id, new Date()))!.position).toBe(2);
    expect(
      (await levelsSvc().levelInForce(clientId, m.id, new Date(before.getTime() - 1000)))!.position,
    ).toBe(1);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/loyalty/level-requests/${id}/approve`,
      headers: admin,
    });
    expect(again.json().error.code).toBe('LOYALTY_LEVEL_REQUEST_DECIDED');
    const titles = await q<{ title: string }>(
      sql`select title from inbox_messages where client_id = ${clientId} and user_id = ${m.id} order by id`,
    );
    expect(titles.map((r) => r.title)).toEqual(['Novo nível alcançado', 'Mudança de nível aprovada']);
    const audits = await q<{ action: string }>(
      sql`select action from audit_log where client_id = ${clientId} and entity_id = ${String(id)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['loyalty.level_request', 'loyalty.level_approve']);

    // XP past the next level opens that request once the first is approved.
    await creditXp(m.id, c, 2000);
    const next = await levelsSvc().xpCredited({ clientId, userId: m.id, campaignId: c });
    const [opened] = await q<{ to_level_id: number; from_level_id: number }>(
      sql`select to_level_id, from_level_id from loyalty_level_requests where client_id = ${clientId} and id = ${next}`,
    );
    expect(opened).toEqual({ to_level_id: L(3).id, from_level_id: L(2).id });
  });

  it('opens through the sale audit: the approval that brings the XP to the next level opens the request', async () => {
    const m = await member();
    const c = await campaign(new Date(Date.now() - 10 * DAY), new Date(Date.now() + 30 * DAY));
    await register(m.id, c);
    const first = await pendingSale(m.id, c, 600);
    const second = await pendingSale(m.id, c, 500);
    const approve = (id: number) =>
      t.app.inject({ method: 'POST', url: `/api/admin/sales/${id}/approve`, headers: admin });
    expect((await approve(first)).statusCode).toBeLessThan(300);
    const none = await q<{ n: number }>(
      sql`select count(*)::int as n from loyalty_level_requests where client_id = ${clientId} and user_id = ${m.id}`,
    );
    expect(none[0]!.n).toBe(0);
    expect((await approve(second)).statusCode).toBeLessThan(300);
    const [opened] = await q<{ to_level_id: number; xp: number }>(
      sql`select to_level_id, xp from loyalty_level_requests where client_id = ${clientId} and user_id = ${m.id}`,
    );
    expect(opened).toEqual({ to_level_id: L(2).id, xp: 1100 });
  });

  it('rejects with a reason, told to the member; the same request does not open again in that campaign', async () => {
    const m = await member();
    const c = await campaign(new Date(Date.now() - 10 * DAY), new Date(Date.now() + 30 * DAY));
    await register(m.id, c);
    await creditXp(m.id, c, 1000);
    const id = (await levelsSvc().xpCredited({ clientId, userId: m.id, campaignId: c }))!;
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/admin/loyalty/level-requests/${id}/reject`,
      headers: admin,
      payload: { reason: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/loyalty/level-requests/${id}/reject`,
      headers: admin,
      payload: { reason: 'Invoices under review' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Invoices under review' });
    await creditXp(m.id, c, 10);
    expect(await levelsSvc().xpCredited({ clientId, userId: m.id, campaignId: c })).toBeNull();
    expect((await levelsSvc().levelInForce(clientId, m.id, new Date()))!.position).toBe(1);
    const rejectedList = await t.app.inject({
      method: 'GET',
      url: '/api/admin/loyalty/level-requests?status=rejected',
      headers: admin,
    });
    expect((rejectedList.json().items as { id: number }[]).some((r) => r.id === id)).toBe(true);
  });

  it('is the program administrator’s, of their own client only, with bounded input', async () => {
    const m = await member();
    const c = await campaign(new Date(Date.now() - 10 * DAY), new Date(Date.now() + 30 * DAY));
    await register(m.id, c);
    await creditXp(m.id, c, 1000);
    const id = (await levelsSvc().xpCredited({ clientId, userId: m.id, campaignId: c }))!;
    const asLearner = await t.app.inject({
      method: 'GET',
      url: '/api/admin/loyalty/level-requests',
      headers: m.as,
    });
    expect(asLearner.statusCode).toBe(403);
    const approveAsLearner = await t.app.inject({
      method: 'POST',
      url: `/api/admin/loyalty/level-requests/${id}/approve`,
      headers: m.as,
    });
    expect(approveAsLearner.statusCode).toBe(403);
    const otherClientApprove = await t.app.inject({
      method: 'POST',
      url: `/api/admin/loyalty/level-requests/${id}/approve`,
      headers: otherAdmin,
    });
    expect(otherClientApprove.statusCode).toBe(404);
    const otherList = await t.app.inject({
      method: 'GET',
      url: '/api/admin/loyalty/level-requests',
      headers: otherAdmin,
    });
    expect(otherList.json().total).toBe(0);
    for (const url of [
      '/api/admin/loyalty/level-requests?status=nope',
      '/api/admin/loyalty/level-requests?pageSize=1000',
      '/api/admin/loyalty/level-requests/abc/approve',
    ]) {
      const res = await t.app.inject({
        method: url.endsWith('approve') ? 'POST' : 'GET',
        url,
        headers: admin,
      });
      expect(res.statusCode, url).toBe(400);
    }
    const long = await t.app.inject({
      method: 'POST',
      url: `/api/admin/loyalty/level-requests/${id}/reject`,
      headers: admin,
      payload: { reason: 'x'.repeat(501) },
    });
    expect(long.statusCode).toBe(400);
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/loyalty/my-level' });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('approves once under parallel clicks: one answer 200, the others 409, one level change', async () => {
    const m = await member();
    const c = await campaign(new Date(Date.now() - 10 * DAY), new Date(Date.now() + 30 * DAY));
    await register(m.id, c);
    await creditXp(m.id, c, 1000);
    const id = (await levelsSvc().xpCredited({ clientId, userId: m.id, campaignId: c }))!;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/loyalty/level-requests/${id}/approve`,
          headers: admin,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(11);
    const history = await q<{ n: number }>(
      sql`select count(*)::int as n from loyalty_level_history where client_id = ${clientId} and user_id = ${m.id}`,
    );
    expect(history[0]!.n).toBe(1);
    const notices = await q<{ n: number }>(
      sql`select count(*)::int as n from inbox_messages where client_id = ${clientId} and user_id = ${m.id}
        and title = 'Mudança de nível aprovada'`,
    );
    expect(notices[0]!.n).toBe(1);
  });
});

describe('the campaign close', () => {
  /** An ended campaign with three members: one kept (reached), one demoted (fell short), one at the first level. */
  async function endedCampaign() {
    const endsAt = new Date(Date.now() - 2 * DAY);
    const c = await campaign(new Date(Date.now() - 60 * DAY), endsAt);
    const reached = await member();
    const short = await member();
    const basic = await member();
    const actor = { userId: adminId, clientId };
    for (const m of [reached, short, basic]) await register(m.id, c);
    await t.modules.loyalty.loyalty.setMemberLevel(
      actor,
      reached.id,
      L(2).id,
      new Date(Date.now() - 70 * DAY),
    );
    await t.modules.loyalty.loyalty.setMemberLevel(actor, short.id, L(3).id, new Date(Date.now() - 70 * DAY));
    await creditXp(reached.id, c, 1500, 300, endsAt);
    await creditXp(short.id, c, 2500, 500, endsAt);
    await creditXp(basic.id, c, 10, 20, endsAt);
    return { c, endsAt, reached, short, basic };
  }

  const state = async (userIds: number[]) => {
    const ids = sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    );
    return {
      entries: await q(sql`select user_id, ledger, amount, source from ledger_entries
        where client_id = ${clientId} and user_id in (${ids}) order by id`),
      history: await q(sql`select user_id, level_id, valid_from, reason from loyalty_level_history
        where client_id = ${clientId} and user_id in (${ids}) order by id`),
      members: await q(sql`select user_id, level_id from loyalty_member_levels
        where client_id = ${clientId} and user_id in (${ids}) order by user_id`),
    };
  };

  it('expires the campaign’s points, demotes who fell short, keeps who reached; a second run changes nothing', async () => {
    const { c, endsAt, reached, short, basic } = await endedCampaign();
    const closed = await levelsSvc().closeDue();
    expect(closed).toBeGreaterThanOrEqual(1);
    for (const [m, points] of [
      [reached, 0],
      [short, 0],
      [basic, 0],
    ] as const) {
      expect((await t.modules.rewards.ledger.balance(clientId, m.id)).points).toBe(points);
    }
    const outcomes = await levelsSvc().outcomes(clientId, c);
    expect(outcomes.map((o) => [o.userId, o.outcome, o.xp])).toEqual(
      [
        [reached.id, 'kept', 1500],
        [short.id, 'demoted', 2500],
        [basic.id, 'kept', 10],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    // Demoted from the campaign's end: the next campaign starts one level lower; before it, the old level.
    const lvl = (userId: number, at: Date) => levelsSvc().levelInForce(clientId, userId, at);
    expect((await lvl(short.id, new Date()))!.position).toBe(2);
    expect((await lvl(short.id, new Date(endsAt.getTime() - 1)))!.position).toBe(3);
    expect((await lvl(reached.id, new Date()))!.position).toBe(2);
    expect((await lvl(basic.id, new Date()))!.position).toBe(1);
    const [close] = await q<{ finished_at: unknown }>(
      sql`select finished_at from loyalty_campaign_closes where client_id = ${clientId} and campaign_id = ${c}`,
    );
    expect(close!.finished_at).not.toBeNull();
    const audits = await q<{ n: number }>(
      sql`select count(*)::int as n from audit_log where client_id = ${clientId} and action = 'loyalty.campaign_close'
        and entity_id = ${String(c)}`,
    );
    expect(audits[0]!.n).toBe(1);

    const before = await state([reached.id, short.id, basic.id]);
    expect(await levelsSvc().closeDue()).toBe(0);
    expect(await levelsSvc().closeCampaign(clientId, c)).toMatchObject({ closed: false });
    await t.modules.rewards.ledger.expireDue(new Date());
    expect(await state([reached.id, short.id, basic.id])).toEqual(before);
    const expiries = (before.entries as { source: string }[]).filter((e) => e.source === 'expiry');
    expect(expiries).toHaveLength(3);
  });

  it('resumes after a crash halfway: members settled stay settled, the rest are settled once', async () => {
    const { c, reached, short, basic } = await endedCampaign();
    let reads = 0;
    const crashing = createLevelsService({
      db: db(),
      now: () => new Date(),
      earnings: {
        async earnedByRef(...args) {
          // The second member's read fails: the process died after settling the first.
          if (++reads === 2) throw new Error('crash');
          return t.modules.rewards.ledger.earnedByRef(...args);
        },
      },
      expiry: t.modules.rewards.ledger,
      pendingSales: { pendingSales: async () => new Map() },
      notifications: t.services.notifications,
    });
    await expect(crashing.closeCampaign(clientId, c)).rejects.toThrow('crash');
    expect(await levelsSvc().outcomes(clientId, c)).toHaveLength(1);
    const [open] = await q<{ finished_at: unknown }>(
      sql`select finished_at from loyalty_campaign_closes where client_id = ${clientId} and campaign_id = ${c}`,
    );
    expect(open!.finished_at).toBeNull();

    expect((await levelsSvc().closeCampaign(clientId, c)).closed).toBe(true);
    const outcomes = await levelsSvc().outcomes(clientId, c);
    expect(outcomes).toHaveLength(3);
    expect(outcomes.find((o) => o.userId === short.id)!.outcome).toBe('demoted');
    expect(outcomes.find((o) => o.userId === reached.id)!.outcome).toBe('kept');
    expect(outcomes.find((o) => o.userId === basic.id)!.outcome).toBe('kept');
    const demotions = await q<{ n: number }>(
      sql`select count(*)::int as n from loyalty_level_history where client_id = ${clientId}
        and user_id = ${short.id} and reason = 'demoted'`,
    );
    expect(demotions[0]!.n).toBe(1);
    expect(await levelsSvc().closeDue()).toBe(0);
  });

  it('runs as the scheduled job', async () => {
    const { c } = await endedCampaign();
    await t.jobs.send('loyalty.close-campaigns', {});
    expect(await t.jobs.runQueued('loyalty.close-campaigns')).toBe(1);
    expect(await levelsSvc().outcomes(clientId, c)).toHaveLength(3);
  });
});
