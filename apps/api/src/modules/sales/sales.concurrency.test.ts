import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { todayIn } from '@trilha/domain/dates';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { registerToCampaign, salesProgram, type SalesProgram } from '../../../test/sales-helpers';
import { rowsOf } from '../../db/client';

/**
 * Parallel reports of the same invoices. PGlite has a single connection, so its "parallel" requests run
 * one after another and could not show two reports of one invoice racing past each other: this runs on
 * PostgreSQL only, where each report's unit of work has its own connection and the unique index on
 * (client, campaign, invoice key) decides.
 */
describe.runIf(inject('dbTemplate').kind === 'postgres')(
  'sale reports under parallel load (PostgreSQL)',
  () => {
    const DAY = 86_400_000;
    let t: TestApp;
    let clientId: number;
    let program: SalesProgram;
    const sellers: Record<string, string>[] = [];

    beforeAll(async () => {
      t = await buildTestApp();
      const db = t.database.db;
      clientId = (await createClient(db)).id;
      program = await salesProgram(db, clientId, {
        beginsAt: new Date(Date.now() - 10 * DAY),
        endsAt: new Date(Date.now() + 10 * DAY),
      });
      for (let i = 0; i < 10; i++) {
        const u = await createUser(db, { clientIds: [clientId] });
        await registerToCampaign(db, clientId, u.id, program);
        sellers.push(bearer((await login(t, u.username)).access_token));
      }
    }, 60_000);
    afterAll(() => t.close());

    it('1,000 concurrent reports of 100 invoice numbers: exactly 100 accepted, the rest 409, none 5xx', async () => {
      const saleDate = todayIn('America/Argentina/Buenos_Aires');
      const answers = await Promise.all(
        Array.from({ length: 1000 }, (_, i) => {
          const invoice = i % 100;
          // The same invoice typed three ways: one key.
          const typed = [`00${invoice}a`, ` 00${invoice}A `, `00${invoice}A`][i % 3]!;
          return t.app.inject({
            method: 'POST',
            url: '/api/loyalty/sales',
            headers: { ...sellers[i % sellers.length]!, 'idempotency-key': `race-${i}` },
            payload: {
              campaignId: program.campaignId,
              storeId: program.stores.buenosAires,
              saleDate,
              invoiceNumber: typed,
              lines: [
                { productId: program.products.p100, quantity: 1 + (i % 5) },
                { productId: program.products.p250, quantity: 1 },
              ],
            },
          });
        }),
      );
      const byStatus = new Map<number, number>();
      for (const a of answers) byStatus.set(a.statusCode, (byStatus.get(a.statusCode) ?? 0) + 1);
      expect(Object.fromEntries(byStatus)).toEqual({ 201: 100, 409: 900 });
      for (const a of answers.filter((x) => x.statusCode === 409)) {
        expect(a.json().error.code).toBe('SALES_INVOICE_DUPLICATE');
      }

      const [counts] = rowsOf<{ sales: number; keys: number; lines: number; audits: number }>(
        await t.database.db.execute(sql`select
          (select count(*)::int from sales s where s.client_id = ${clientId}) as sales,
          (select count(distinct s.invoice_key)::int from sales s where s.client_id = ${clientId}) as keys,
          (select count(*)::int from sale_lines l where l.client_id = ${clientId}) as lines,
          (select count(*)::int from audit_log a where a.client_id = ${clientId} and a.action = 'sales.report') as audits`),
      );
      expect(counts).toEqual({ sales: 100, keys: 100, lines: 200, audits: 100 });
    }, 120_000);
  },
);
