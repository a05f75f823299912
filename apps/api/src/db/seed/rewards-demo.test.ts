import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RewardsSummary, StatementPage } from '@trilha/contracts/rewards/ledger';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, login } from '../../../test/http';
import { clients } from '../schema/core';
import { DEMO_PASSWORD, demoSeeder } from './demo';
import { createLearningDemoSeeder } from './learning-demo';
import { createRewardsDemoSeeder } from './rewards-demo';
import { runSeeders } from './run-seeders';

let t: TestApp;
let as: { authorization: string };
const clientIds: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.database.db, [demoSeeder]);
  await runSeeders(t.database.db, [
    createLearningDemoSeeder({
      storage: t.deps.storage,
      maxUploadBytes: t.config.MAX_UPLOAD_MB * 1024 * 1024,
    }),
    createRewardsDemoSeeder({ storage: t.deps.storage }),
  ]);
  for (const c of await t.database.db.select().from(clients)) clientIds[c.slug] = c.id;
  as = bearer((await login(t, 'learner', DEMO_PASSWORD)).access_token);
});
afterAll(async () => {
  await t?.close();
});

async function json<T>(url: string, headers: Record<string, string> = as): Promise<T> {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
async function selectClient(slug: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/session/client',
    headers: as,
    payload: { clientId: clientIds[slug] },
  });
  expect(res.statusCode).toBe(200);
}

describe('the rewards demo', () => {
  it('gives the learner a history in Aurora: credits of several sources, an expired lot, a badge, a certificate', async () => {
    await selectClient('aurora');
    const summary = await json<RewardsSummary>('/api/rewards/summary');
    const statement = await json<StatementPage>('/api/rewards/statement?pageSize=100');
    const sources = new Set(statement.items.map((i) => i.source));
    for (const source of ['activity', 'course', 'adjustment', 'expiry'])
      expect(sources, source).toContain(source);
    // The welcome bonus expired whole: its 200 points are gone, the rest is spendable.
    const expiry = statement.items.find((i) => i.source === 'expiry');
    expect(expiry?.amount).toBe(-200);
    const points = statement.items.filter((i) => i.ledger === 'points').reduce((sum, i) => sum + i.amount, 0);
    expect(summary.points).toBe(points);
    expect(summary.points).toBeGreaterThan(150);
    expect(summary.xp).toBeGreaterThan(0);
    // Newest first, and each line's running balance follows from the one before it.
    const pointLines = statement.items.filter((i) => i.ledger === 'points');
    for (let i = 0; i + 1 < pointLines.length; i++) {
      expect(pointLines[i]!.balanceAfter - pointLines[i]!.amount).toBe(pointLines[i + 1]!.balanceAfter);
    }

    const badges = await json<{
      earned: { badge: { name: string; imageUrl: string | null } }[];
      available: unknown[];
    }>('/api/rewards/badges');
    expect(badges.earned.map((e) => e.badge.name).sort()).toEqual(['Atendimento nota 10', 'Destaque do mês']);
    expect(badges.available.length).toBeGreaterThan(0);
    for (const e of badges.earned) {
      const art = await t.app.inject({ url: e.badge.imageUrl! });
      expect(art.statusCode, e.badge.name).toBe(200);
      expect(art.headers['content-type']).toBe('image/webp');
    }

    const certificates = await json<{ items: { code: string; title: string; status: string }[] }>(
      '/api/rewards/certificates',
    );
    expect(certificates.items.map((c) => [c.title, c.status])).toEqual([
      ['Atendimento que encanta', 'valid'],
    ]);
    const verified = await json<{ learnerName: string; status: string }>(
      `/api/public/certificates/${certificates.items[0]!.code}`,
      {},
    );
    expect(verified).toMatchObject({ learnerName: 'Ana Souza', status: 'valid' });
  });

  it('puts awards on the courses and keeps every account reconciled', async () => {
    const reconciliation = t.modules.rewards.ledger.reconciliation;
    for (const slug of ['aurora', 'nimbus']) {
      const result = await reconciliation.runFor(clientIds[slug]!);
      expect(result.findings, slug).toEqual([]);
      expect(result.run.accountsChecked, slug).toBeGreaterThan(0);
    }
    const admin = bearer((await login(t, 'admin', DEMO_PASSWORD)).access_token);
    const badges = await json<{ badges: { imageUrl: string | null }[] }>('/api/admin/badges', admin);
    expect(badges.badges.length).toBeGreaterThanOrEqual(5);
    expect(badges.badges.every((b) => b.imageUrl)).toBe(true);
  });
});
