import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@trilha/domain/dates';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { registerToCampaign, saleForm, salesProgram, type SalesProgram } from '../../../test/sales-helpers';
import { rowsOf } from '../../db/client';
import { createDiskStorage } from '../../lib/storage';
import { createLoyaltySalesPort } from '../loyalty/loyalty.port';
import { invoiceKey } from './sales.rules';
import { createSalesService } from './sales.service';

/**
 * Sale reports (docs/sales.md). The rules run against a controlled clock through the service (the
 * campaign below runs from 1 March 2026, 00:00 in São Paulo, to 31 May 2026, 00:30 in São Paulo), the
 * routes against the real one with a campaign around today.
 */

let t: TestApp;
let clientA: number;
let clientB: number;
let program: SalesProgram;
let live: SalesProgram;
let liveB: SalesProgram;
let storageDir: string;
const users: Record<
  'seller' | 'other' | 'stranger' | 'inactive' | 'sellerB',
  { id: number; as: Record<string, string> }
> = {} as never;

const BEGINS = new Date('2026-03-01T03:00:00Z');
const ENDS = new Date('2026-05-31T03:30:00Z');
const DAY = 86_400_000;

let jpeg: Buffer;
let png3000: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  clientA = (await createClient(db)).id;
  clientB = (await createClient(db)).id;
  for (const [name, clientId] of [
    ['seller', clientA],
    ['other', clientA],
    ['stranger', clientA],
    ['inactive', clientA],
    ['sellerB', clientB],
  ] as const) {
    const u = await createUser(db, { clientIds: [clientId] });
    users[name] = { id: u.id, as: bearer((await login(t, u.username)).access_token) };
  }
  program = await salesProgram(db, clientA, { beginsAt: BEGINS, endsAt: ENDS });
  live = await salesProgram(db, clientA, {
    beginsAt: new Date(Date.now() - 30 * DAY),
    endsAt: new Date(Date.now() + 30 * DAY),
  });
  liveB = await salesProgram(db, clientB, {
    beginsAt: new Date(Date.now() - 30 * DAY),
    endsAt: new Date(Date.now() + 30 * DAY),
  });
  for (const p of [program, live]) {
    await registerToCampaign(db, clientA, users.seller.id, p);
    await registerToCampaign(db, clientA, users.other.id, p);
    await registerToCampaign(db, clientA, users.inactive.id, p, 'inactive');
  }
  await registerToCampaign(db, clientB, users.sellerB.id, liveB);
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sales-photos-'));
  jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'shop camera', Software: 'gps-tagger' } } })
    .toBuffer();
  png3000 = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#3c3' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

let invoices = 0;
const nextInvoice = () => `NF-${++invoices}`;

function serviceAt(iso: string | Date) {
  const now = new Date(iso);
  return createSalesService({
    db: t.database.db,
    now: () => now,
    storage: createDiskStorage(storageDir),
    loyalty: createLoyaltySalesPort(t.database.db),
  });
}

const seller = () => ({ userId: users.seller.id, clientId: clientA });

function saleBody(
  store: keyof SalesProgram['stores'],
  saleDate: string,
  extra: Record<string, unknown> = {},
  p: SalesProgram = program,
) {
  return {
    campaignId: p.campaignId,
    storeId: p.stores[store],
    saleDate,
    invoiceNumber: nextInvoice(),
    observation: '',
    lines: [
      { productId: p.products.p100, quantity: 2 },
      { productId: p.products.p250, quantity: 3 },
    ],
    ...extra,
  };
}

const refused = (code: string, status: number) => expect.objectContaining({ code, status });

describe('the 15-day window and the campaign, in the store’s time zone', () => {
  it('accepts day 15 until local midnight and refuses day 16 from it (São Paulo, Buenos Aires, Toronto)', async () => {
    // 1 April: day 15 is 16 April; São Paulo's and Buenos Aires' 17 April begins at 03:00 UTC.
    const lastMoment = serviceAt('2026-04-17T02:59:59.999Z');
    const midnight = serviceAt('2026-04-17T03:00:00.000Z');
    for (const store of ['buenosAires', 'toronto'] as const) {
      await expect(lastMoment.report(seller(), saleBody(store, '2026-04-01'), null)).resolves.toMatchObject({
        status: 'pending',
      });
    }
    await expect(midnight.report(seller(), saleBody('buenosAires', '2026-04-01'), null)).rejects.toEqual(
      refused('SALES_REPORT_TOO_LATE', 422),
    );
    // Toronto (UTC−4 in April) is still on the 16th at that instant, until 04:00 UTC.
    await expect(midnight.report(seller(), saleBody('toronto', '2026-04-01'), null)).resolves.toMatchObject({
      saleDate: '2026-04-01',
    });
    await expect(
      serviceAt('2026-04-17T04:00:00Z').report(seller(), saleBody('toronto', '2026-04-01'), null),
    ).rejects.toEqual(refused('SALES_REPORT_TOO_LATE', 422));
  });

  it('judges Santiago by its own clock (UTC−4 after its April change)', async () => {
    await expect(
      serviceAt('2026-04-17T03:59:00Z').report(seller(), saleBody('santiago', '2026-04-01'), null),
    ).resolves.toMatchObject({ status: 'pending' });
    await expect(
      serviceAt('2026-04-17T04:00:00Z').report(seller(), saleBody('santiago', '2026-04-01'), null),
    ).rejects.toEqual(refused('SALES_REPORT_TOO_LATE', 422));
  });

  it('refuses a sale dated after the store’s today', async () => {
    // 02:00 UTC on 17 April is still the 16th in Buenos Aires.
    const early = serviceAt('2026-04-17T02:00:00Z');
    await expect(early.report(seller(), saleBody('buenosAires', '2026-04-17'), null)).rejects.toEqual(
      refused('SALES_DATE_IN_FUTURE', 422),
    );
    await expect(
      serviceAt('2026-04-17T03:00:00Z').report(seller(), saleBody('buenosAires', '2026-04-17'), null),
    ).resolves.toMatchObject({ saleDate: '2026-04-17' });
  });

  it('takes the campaign’s first and last days in the store’s zone', async () => {
    // The campaign begins at 00:00 of 1 March in Buenos Aires, 22:00 of 28 February in Toronto.
    const start = serviceAt('2026-03-01T04:00:00Z');
    await expect(start.report(seller(), saleBody('toronto', '2026-02-28'), null)).resolves.toMatchObject({
      saleDate: '2026-02-28',
    });
    await expect(start.report(seller(), saleBody('buenosAires', '2026-02-28'), null)).rejects.toEqual(
      refused('SALES_DATE_OUTSIDE_CAMPAIGN', 422),
    );
    // It ends at 00:30 of 31 May in Buenos Aires, 23:30 of 30 May in Toronto.
    const lastMinutes = serviceAt('2026-05-31T03:10:00Z');
    await expect(
      lastMinutes.report(seller(), saleBody('buenosAires', '2026-05-31'), null),
    ).resolves.toMatchObject({ saleDate: '2026-05-31' });
    await expect(lastMinutes.report(seller(), saleBody('toronto', '2026-05-31'), null)).rejects.toEqual(
      refused('SALES_DATE_OUTSIDE_CAMPAIGN', 422),
    );
    await expect(
      lastMinutes.report(seller(), saleBody('toronto', '2026-05-30'), null),
    ).resolves.toMatchObject({ saleDate: '2026-05-30' });
    // From its end nothing is reported, even within 15 days of the sale.
    const ended = serviceAt('2026-05-31T03:30:00Z');
    for (const store of ['buenosAires', 'toronto'] as const) {
      await expect(ended.report(seller(), saleBody(store, '2026-05-30'), null)).rejects.toEqual(
        refused('SALES_CAMPAIGN_NOT_ACTIVE', 409),
      );
    }
    await expect(
      serviceAt('2026-02-28T12:00:00Z').report(seller(), saleBody('toronto', '2026-02-28'), null),
    ).rejects.toEqual(refused('SALES_CAMPAIGN_NOT_ACTIVE', 409));
  });

  it('refuses a date the calendar does not have', async () => {
    await expect(
      serviceAt('2026-04-10T12:00:00Z').report(seller(), saleBody('toronto', '2026-02-30'), null),
    ).rejects.toEqual(refused('VALIDATION_FAILED', 400));
  });
});

describe('who, where and what', () => {
  const svc = () => serviceAt('2026-04-10T15:00:00Z');

  it('computes base points from the campaign’s frozen points and keeps them on each line', async () => {
    const sale = await svc().report(seller(), saleBody('toronto', '2026-04-09'), null);
    expect(sale.basePoints).toBe(2 * 100 + 3 * 250);
    expect(sale.retailerId).toBe(program.retailerId);
    expect(sale.lines).toEqual([
      { productId: program.products.p100, quantity: 2, points: 100 },
      { productId: program.products.p250, quantity: 3, points: 250 },
    ]);
    const audit = rowsOf<{ action: string; entity: string; client_id: number }>(
      await t.database.db.execute(
        sql`select action, entity, client_id from audit_log where entity = 'loyalty_sale' and entity_id = ${String(sale.id)}`,
      ),
    );
    expect(audit).toEqual([{ action: 'sales.report', entity: 'loyalty_sale', client_id: clientA }]);
  });

  it('refuses users without an active registration', async () => {
    for (const who of ['stranger', 'inactive'] as const) {
      await expect(
        svc().report({ userId: users[who].id, clientId: clientA }, saleBody('toronto', '2026-04-09'), null),
      ).rejects.toEqual(refused('SALES_NOT_REGISTERED', 403));
    }
  });

  it('refuses a store outside the campaign or closed, and another client’s campaign', async () => {
    for (const store of ['outside', 'closed'] as const) {
      await expect(svc().report(seller(), saleBody(store, '2026-04-09'), null)).rejects.toEqual(
        refused('SALES_STORE_NOT_ELIGIBLE', 422),
      );
    }
    await expect(
      svc().report(seller(), { ...saleBody('toronto', '2026-04-09'), storeId: liveB.stores.toronto }, null),
    ).rejects.toEqual(refused('SALES_STORE_NOT_ELIGIBLE', 422));
    await expect(
      svc().report(seller(), { ...saleBody('toronto', '2026-04-09'), campaignId: liveB.campaignId }, null),
    ).rejects.toEqual(refused('NOT_FOUND', 404));
  });

  it('refuses products outside the campaign, repeated products, and lines past their bounds', async () => {
    await expect(
      svc().report(
        seller(),
        saleBody('toronto', '2026-04-09', {
          lines: [{ productId: program.products.outside, quantity: 1 }],
        }),
        null,
      ),
    ).rejects.toEqual(refused('SALES_PRODUCT_NOT_IN_CAMPAIGN', 422));
    await expect(
      svc().report(
        seller(),
        saleBody('toronto', '2026-04-09', {
          lines: [{ productId: liveB.products.p100, quantity: 1 }],
        }),
        null,
      ),
    ).rejects.toEqual(refused('SALES_PRODUCT_NOT_IN_CAMPAIGN', 422));
    await expect(
      svc().report(
        seller(),
        saleBody('toronto', '2026-04-09', {
          lines: [
            { productId: program.products.p100, quantity: 1 },
            { productId: program.products.p100, quantity: 2 },
          ],
        }),
        null,
      ),
    ).rejects.toEqual(refused('VALIDATION_FAILED', 400));
    for (const lines of [
      [],
      Array.from({ length: 51 }, () => ({ productId: program.products.p100, quantity: 1 })),
      [{ productId: program.products.p100, quantity: 0 }],
      [{ productId: program.products.p100, quantity: 10_000 }],
    ]) {
      await expect(
        svc().report(seller(), saleBody('toronto', '2026-04-09', { lines }), null),
      ).rejects.toThrow();
    }
    const ok = await svc().report(
      seller(),
      saleBody('toronto', '2026-04-09', { lines: [{ productId: program.products.p250, quantity: 9999 }] }),
      null,
    );
    expect(ok.basePoints).toBe(9999 * 250);
  });
});

describe('invoice numbers', () => {
  const svc = () => serviceAt('2026-04-10T15:00:00Z');

  it('normalizes: trimmed, upper case, leading zeros kept', () => {
    expect(invoiceKey(' 00123a ')).toBe('00123A');
    expect(invoiceKey('00123A')).toBe('00123A');
    expect(invoiceKey('123A')).toBe('123A');
  });

  it('is unique per campaign by its key, for every user', async () => {
    const first = await svc().report(
      seller(),
      saleBody('toronto', '2026-04-09', { invoiceNumber: ' 00123a ' }),
      null,
    );
    expect(first.invoiceNumber).toBe('00123a');
    await expect(
      svc().report(seller(), saleBody('toronto', '2026-04-09', { invoiceNumber: '00123A' }), null),
    ).rejects.toEqual(refused('SALES_INVOICE_DUPLICATE', 409));
    await expect(
      svc().report(
        { userId: users.other.id, clientId: clientA },
        saleBody('buenosAires', '2026-04-08', { invoiceNumber: '00123a' }),
        null,
      ),
    ).rejects.toEqual(refused('SALES_INVOICE_DUPLICATE', 409));
    await expect(
      svc().report(seller(), saleBody('toronto', '2026-04-09', { invoiceNumber: '123A' }), null),
    ).resolves.toMatchObject({ invoiceNumber: '123A' });
  });
});

describe('the invoice photo', () => {
  const svc = () => serviceAt('2026-04-10T15:00:00Z');

  it('is mandatory where the store allows phones and cameras', async () => {
    await expect(svc().report(seller(), saleBody('saoPaulo', '2026-04-09'), null)).rejects.toEqual(
      refused('SALES_PHOTO_REQUIRED', 422),
    );
    const sale = await svc().report(seller(), saleBody('saoPaulo', '2026-04-09'), jpeg);
    expect(sale).toMatchObject({
      hasPhoto: true,
      photoSha256: createHash('sha256').update(jpeg).digest('hex'),
    });
  });

  it('is stored re-encoded as WebP, at most 2,000 px a side, without metadata', async () => {
    const sale = await svc().report(seller(), saleBody('saoPaulo', '2026-04-09'), png3000);
    const [row] = rowsOf<{ photo_key: string; photo_width: number; photo_height: number }>(
      await t.database.db.execute(
        sql`select photo_key, photo_width, photo_height from sales where client_id = ${clientA} and id = ${sale.id}`,
      ),
    );
    expect(row).toMatchObject({ photo_width: 2000, photo_height: 667 });
    const stored = fs.readFileSync(path.join(storageDir, row!.photo_key));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 2000, height: 667 });

    const withExif = await svc().report(seller(), saleBody('saoPaulo', '2026-04-09'), jpeg);
    const [exifRow] = rowsOf<{ photo_key: string }>(
      await t.database.db.execute(
        sql`select photo_key from sales where client_id = ${clientA} and id = ${withExif.id}`,
      ),
    );
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(
      (await sharp(fs.readFileSync(path.join(storageDir, exifRow!.photo_key))).metadata()).exif,
    ).toBeUndefined();
  });

  it('is checked by its content: PNG, JPEG or WebP, within the byte and pixel limits', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const notAnImage = Buffer.from('%PDF-1.7 this is not a picture at all');
    const brokenJpeg = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(200)]);
    for (const photo of [gif, notAnImage, brokenJpeg]) {
      await expect(svc().report(seller(), saleBody('saoPaulo', '2026-04-09'), photo)).rejects.toEqual(
        refused('SALES_PHOTO_INVALID', 422),
      );
    }
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    await expect(svc().report(seller(), saleBody('saoPaulo', '2026-04-09'), huge)).rejects.toEqual(
      refused('SALES_PHOTO_TOO_LARGE', 413),
    );
    const heavy = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)]);
    await expect(svc().report(seller(), saleBody('saoPaulo', '2026-04-09'), heavy)).rejects.toEqual(
      refused('SALES_PHOTO_TOO_LARGE', 413),
    );
  });

  it('is removed from storage when the report is refused', async () => {
    const before = fs.readdirSync(path.join(storageDir, `sales/c${clientA}`)).length;
    const taken = nextInvoice();
    await svc().report(seller(), saleBody('saoPaulo', '2026-04-09', { invoiceNumber: taken }), jpeg);
    await expect(
      svc().report(seller(), saleBody('saoPaulo', '2026-04-09', { invoiceNumber: taken }), jpeg),
    ).rejects.toEqual(refused('SALES_INVOICE_DUPLICATE', 409));
    expect(fs.readdirSync(path.join(storageDir, `sales/c${clientA}`)).length).toBe(before + 1);
  });
});

describe('the routes', () => {
  const today = () => todayIn('America/Argentina/Buenos_Aires');
  let seq = 0;
  const post = (
    as: Record<string, string>,
    body: unknown,
    opts: { photo?: Buffer; key?: string | null; lang?: string } = {},
  ) => {
    const headers: Record<string, string> = { ...as, 'accept-language': opts.lang ?? 'en-US' };
    if (opts.key !== null) headers['idempotency-key'] = opts.key ?? `sale-${++seq}-${Date.now()}`;
    const form = saleForm(body, opts.photo ? { data: opts.photo } : undefined);
    return t.app.inject({
      method: 'POST',
      url: '/api/loyalty/sales',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };

  it('reports with a photo (multipart) or without one (JSON), once per Idempotency-Key', async () => {
    const withPhoto = await post(users.seller.as, saleBody('saoPaulo', today(), {}, live), { photo: jpeg });
    expect(withPhoto.statusCode, withPhoto.body).toBe(201);
    expect(withPhoto.json()).toMatchObject({ status: 'pending', basePoints: 950, hasPhoto: true });

    const body = saleBody('buenosAires', today(), {}, live);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/loyalty/sales',
      headers: { ...users.seller.as, 'idempotency-key': 'json-sale-1' },
      payload: body,
    });
    expect(json.statusCode, json.body).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/loyalty/sales',
      headers: { ...users.seller.as, 'idempotency-key': 'json-sale-1' },
      payload: body,
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(json.json().id);

    const keyless = await post(users.seller.as, saleBody('buenosAires', today(), {}, live), { key: null });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('refuses an Idempotency-Key sent again with another photo, and replays it with the same one', async () => {
    const body = saleBody('saoPaulo', today(), {}, live);
    const first = await post(users.seller.as, body, { photo: jpeg, key: 'photo-key-1' });
    expect(first.statusCode, first.body).toBe(201);
    const same = await post(users.seller.as, body, { photo: jpeg, key: 'photo-key-1' });
    expect(same.statusCode).toBe(201);
    expect(same.headers['idempotent-replayed']).toBe('true');
    expect(same.json().id).toBe(first.json().id);
    const otherPhoto = await post(users.seller.as, body, { photo: png3000, key: 'photo-key-1' });
    expect(otherPhoto.statusCode).toBe(422);
    expect(otherPhoto.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('answers a repeated invoice with 409 and the spec’s message in Portuguese', async () => {
    const first = await post(
      users.seller.as,
      saleBody('buenosAires', today(), { invoiceNumber: '0042x' }, live),
    );
    expect(first.statusCode).toBe(201);
    const dup = await post(
      users.other.as,
      saleBody('buenosAires', today(), { invoiceNumber: ' 0042X ' }, live),
      {
        lang: 'pt-BR',
      },
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({
      code: 'SALES_INVOICE_DUPLICATE',
      message: 'O número da nota já foi enviada pelo usuário anteriormente',
    });
  });

  it('refuses malformed forms and oversized photos with a 4xx', async () => {
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/loyalty/sales',
      headers: {
        ...users.seller.as,
        'idempotency-key': 'bad-form-1',
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x\r\nContent-Disposition: form-data; name="sale"\r\n\r\n{nope\r\n--x--\r\n',
    });
    expect(notJson.statusCode).toBe(400);
    const tooBig = await post(users.seller.as, saleBody('saoPaulo', today(), {}, live), {
      photo: Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 10)]),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('SALES_PHOTO_TOO_LARGE');
    const noStore = await post(users.seller.as, { ...saleBody('saoPaulo', today(), {}, live), storeId: 'x' });
    expect(noStore.statusCode).toBe(400);
  });

  it('answers malformed reports with a 4xx, never a 5xx', async () => {
    const key = () => `junk-${++seq}`;
    const bodies: { payload: string | Buffer; type: string }[] = [
      ...[
        'null',
        '[]',
        '"x"',
        '42',
        '{"lines":"x"}',
        '{"campaignId":1e400}',
        '{"invoiceNumber":"a\\u0000b"}',
      ].map((payload) => ({ payload, type: 'application/json' })),
      { payload: 'plain', type: 'text/plain' },
      { payload: '--x\r\n', type: 'multipart/form-data' },
      {
        payload: '--x\r\nContent-Disposition: form-data; name="sale"\r\n\r\n',
        type: 'multipart/form-data; boundary=x',
      },
      {
        payload: `--x\r\nContent-Disposition: form-data; name="other"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--x--\r\n`,
        type: 'multipart/form-data; boundary=x',
      },
      {
        payload: `--x\r\nContent-Disposition: form-data; name="sale"\r\n\r\n${'9'.repeat(70_000)}\r\n--x--\r\n`,
        type: 'multipart/form-data; boundary=x',
      },
      {
        payload: `--x\r\nContent-Disposition: form-data; name="sale"\r\n\r\n[1,2]\r\n--x--\r\n`,
        type: 'multipart/form-data; boundary=x',
      },
    ];
    for (const { payload, type } of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/loyalty/sales',
        headers: { ...users.seller.as, 'idempotency-key': key(), 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type} ${String(payload).slice(0, 60)} → ${res.body}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(res.statusCode, `${type} ${String(payload).slice(0, 60)} → ${res.body}`).toBeLessThan(500);
    }
    for (const url of [
      '/api/loyalty/sales/0',
      '/api/loyalty/sales/abc',
      '/api/loyalty/sales/99999999999',
      '/api/loyalty/sales?status=lost',
      '/api/loyalty/sales?campaign=-1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: users.seller.as });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/loyalty/sales' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists my sales with pending points, filtered, and never another user’s or client’s', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/loyalty/sales?campaign=${live.campaignId}&status=pending&pageSize=100`,
      headers: users.seller.as,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const page = mine.json() as {
      items: { id: number; basePoints: number; lineCount: number }[];
      total: number;
      pendingPoints: number;
    };
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items.map((s) => s.lineCount)).toEqual(page.items.map(() => 2));
    expect(page.pendingPoints).toBe(page.items.reduce((n, s) => n + s.basePoints, 0));
    const rejected = await t.app.inject({
      method: 'GET',
      url: `/api/loyalty/sales?status=rejected`,
      headers: users.seller.as,
    });
    expect(rejected.json()).toMatchObject({ items: [], total: 0, pendingPoints: 0 });

    const id = page.items[0]!.id;
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/loyalty/sales/${id}`,
      headers: users.seller.as,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().lines).toHaveLength(2);
    for (const who of [users.other, users.sellerB]) {
      const theirs = await t.app.inject({ method: 'GET', url: `/api/loyalty/sales/${id}`, headers: who.as });
      expect(theirs.statusCode).toBe(404);
      const list = await t.app.inject({ method: 'GET', url: '/api/loyalty/sales', headers: who.as });
      expect((list.json().items as { id: number }[]).some((s) => s.id === id)).toBe(false);
    }
    const b = await post(users.sellerB.as, saleBody('buenosAires', today(), {}, liveB));
    expect(b.statusCode, b.body).toBe(201);
    const otherClient = await t.app.inject({
      method: 'GET',
      url: `/api/loyalty/sales/${b.json().id}`,
      headers: users.seller.as,
    });
    expect(otherClient.statusCode).toBe(404);
    const bounded = await t.app.inject({
      method: 'GET',
      url: '/api/loyalty/sales?pageSize=1000',
      headers: users.seller.as,
    });
    expect(bounded.statusCode).toBe(400);
  });

  it('keeps a store that has sales: deleting it answers LOYALTY_IN_USE, not a server error', async () => {
    const sold = await post(users.seller.as, saleBody('toronto', today(), {}, live));
    expect(sold.statusCode, sold.body).toBe(201);
    // Taken out of its campaign, the store is no longer in use by the loyalty module's own tables, only
    // by the sale that refers to it.
    await t.database.db.execute(
      sql`delete from loyalty_campaign_stores cs where cs.client_id = ${clientA} and cs.store_id = ${live.stores.toronto}`,
    );
    await expect(
      t.modules.loyalty.loyalty.deleteStore(
        { userId: users.seller.id, clientId: clientA },
        live.stores.toronto,
      ),
    ).rejects.toMatchObject({ code: 'LOYALTY_IN_USE', status: 409 });
  });
});
