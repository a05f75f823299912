import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { registerToCampaign, salesProgram, type SalesProgram } from '../../../test/sales-helpers';
import { rowsOf } from '../../db/client';
import { photoTypes } from '../../db/schema/photos';

/**
 * Parallel sends of one store's photo of one type in one week. PGlite has a single connection, so its
 * requests run one after another: this runs on PostgreSQL only, where each send's unit of work has its
 * own connection and the partial unique index on (client, store, type, week) decides.
 */
describe.runIf(inject('dbTemplate').kind === 'postgres')(
  'store photos under parallel load (PostgreSQL)',
  () => {
    const DAY = 86_400_000;
    let t: TestApp;
    let clientId: number;
    let program: SalesProgram;
    let typeId: number;
    const sellers: Record<string, string>[] = [];
    let auditor: Record<string, string>;

    beforeAll(async () => {
      t = await buildTestApp();
      const db = t.database.db;
      clientId = (await createClient(db)).id;
      program = await salesProgram(db, clientId, {
        beginsAt: new Date(Date.now() - 10 * DAY),
        endsAt: new Date(Date.now() + 10 * DAY),
      });
      for (let i = 0; i < 8; i++) {
        const u = await createUser(db, { clientIds: [clientId] });
        await registerToCampaign(db, clientId, u.id, program);
        sellers.push(bearer((await login(t, u.username)).access_token));
      }
      const a = await createUser(db, { clientIds: [clientId], roles: ['auditor'] });
      auditor = bearer((await login(t, a.username)).access_token);
      const [type] = await db
        .insert(photoTypes)
        .values({ clientId, code: 'shelf', name: 'Shelf', points: 40 })
        .returning();
      typeId = type!.id;
    }, 60_000);
    afterAll(() => t.close());

    function form(fields: unknown, image: Buffer) {
      const boundary = `----race${Math.random().toString(16).slice(2)}`;
      return {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="photo"\r\n\r\n${JSON.stringify(fields)}\r\n`,
          ),
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          image,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      };
    }

    it('40 parallel sends for one store, type and week: exactly one accepted, the others 409, none 5xx; one credit under parallel approvals', async () => {
      const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a52' } })
        .png()
        .toBuffer();
      const fields = { campaignId: program.campaignId, storeId: program.stores.toronto, photoTypeId: typeId };
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => {
          const f = form(fields, image);
          return t.app.inject({
            method: 'POST',
            url: '/api/loyalty/photos',
            headers: { ...sellers[i % sellers.length]!, ...f.headers, 'idempotency-key': `race-${i}` },
            payload: f.payload,
          });
        }),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(39);
      const [row] = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from store_photos
        where client_id = ${clientId} and store_id = ${program.stores.toronto}`),
      );
      expect(Number(row!.n)).toBe(1);

      const id = answers.find((a) => a.statusCode === 201)!.json().id as number;
      const approvals = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.app.inject({ method: 'POST', url: `/api/admin/photos/${id}/approve`, headers: auditor }),
        ),
      );
      expect(approvals.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      const credits = rowsOf<{ amount: number }>(
        await t.database.db.execute(sql`select amount from ledger_entries
        where client_id = ${clientId} and source = 'photo' and ledger = 'points'`),
      );
      expect(credits.map((c) => Number(c.amount))).toEqual([40]);
    }, 60_000);
  },
);
