import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, login } from '../../../test/http';
import { DEMO_PASSWORD, demoSeeder } from './demo';
import { loyaltyDemoSeeder } from './loyalty-demo';
import { runSeeders } from './run-seeders';
import { createSalesDemoSeeder } from './sales-demo';

/** The sales demo: the Nimbus Tech learner's sales in every status, one flagged as the same image. */
let t: TestApp;
let learner: Record<string, string>;
let auditor: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  await runSeeders(t.database.db, [
    demoSeeder,
    loyaltyDemoSeeder,
    createSalesDemoSeeder({ storage: t.deps.storage, maxUploadBytes: t.config.MAX_UPLOAD_MB * 1024 * 1024 }),
  ]);
  const [nimbus] = await t.database.db.query.clients.findMany({ where: (c, { eq }) => eq(c.slug, 'nimbus') });
  learner = bearer((await login(t, 'learner', DEMO_PASSWORD)).access_token);
  auditor = bearer((await login(t, 'auditor', DEMO_PASSWORD)).access_token);
  for (const who of [learner, auditor]) {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/session/client',
      headers: who,
      payload: { clientId: nimbus!.id },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the sales demo', () => {
  it('has the learner’s sales pending, approved and rejected, and the same image flagged', async () => {
    const mine = (await t.app.inject({ url: '/api/loyalty/sales', headers: learner })).json() as {
      items: { invoiceNumber: string; status: string; rejectionReason: string | null }[];
    };
    const byInvoice = Object.fromEntries(mine.items.map((s) => [s.invoiceNumber, s.status]));
    expect(byInvoice).toEqual({
      '000201': 'approved',
      '000202': 'rejected',
      '000203': 'rejected',
      '000204': 'pending',
      '000205': 'pending',
    });
    const queue = (
      await t.app.inject({ url: '/api/admin/sales?flags=same_image&status=pending', headers: auditor })
    ).json() as { items: { id: number; invoiceNumber: string }[] };
    expect(queue.items.map((s) => s.invoiceNumber)).toEqual(['000205']);
    const detail = (
      await t.app.inject({ url: `/api/admin/sales/${queue.items[0]!.id}`, headers: auditor })
    ).json() as { signals: { sameImage: { invoiceNumber: string }[] } };
    expect(detail.signals.sameImage.map((s) => s.invoiceNumber)).toEqual(['000201']);
    // The approved sale was credited at Creator's ×1.5; the reversed one shows both decisions.
    const approvedId = (
      (await t.app.inject({ url: '/api/admin/sales?q=000201', headers: auditor })).json() as {
        items: { id: number }[];
      }
    ).items[0]!.id;
    const approved = (await t.app.inject({ url: `/api/admin/sales/${approvedId}`, headers: auditor })).json();
    expect(approved.multiplier).toBe(1.5);
    expect(approved.creditedPoints).toBe(Math.floor(approved.basePoints * 1.5));
    const reversedId = (
      (await t.app.inject({ url: '/api/admin/sales?q=000203', headers: auditor })).json() as {
        items: { id: number }[];
      }
    ).items[0]!.id;
    const reversed = (await t.app.inject({ url: `/api/admin/sales/${reversedId}`, headers: auditor })).json();
    expect(reversed.decisions.map((d: { decision: string }) => d.decision)).toEqual(['approved', 'rejected']);
    const photo = await t.app.inject({ url: `/api/admin/sales/${approvedId}/photo`, headers: auditor });
    expect(photo.statusCode).toBe(200);
  });
});
