import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createClient, createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/http';
import { registerToCampaign, salesProgram, type SalesProgram } from '../../../test/sales-helpers';
import { rowsOf } from '../../db/client';
import { photoTypes } from '../../db/schema/photos';
import { createDiskStorage } from '../../lib/storage';
import { createLoyaltySalesPort } from '../loyalty/loyalty.port';
import { photoWeekOf } from './photos.rules';
import { createPhotosService } from './photos.service';

/**
 * Store photos (docs/photos.md). The weekly rule runs against a controlled clock through the service
 * (the campaign runs from 1 March to 31 May 2026 in São Paulo), the routes against the real clock with a
 * campaign around today.
 */

let t: TestApp;
let clientA: number;
let clientB: number;
let program: SalesProgram;
let live: SalesProgram;
let liveB: SalesProgram;
let storageDir: string;
const types: Record<'shelf' | 'display' | 'price' | 'retired' | 'shelfB', number> = {} as never;
const users: Record<
  'seller' | 'other' | 'stranger' | 'inactive' | 'auditor' | 'sellerB' | 'auditorB' | 'admin',
  { id: number; as: Record<string, string> }
> = {} as never;

const BEGINS = new Date('2026-03-01T03:00:00Z');
const ENDS = new Date('2026-05-31T03:00:00Z');
const DAY = 86_400_000;
let jpeg: Buffer;
let big: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  clientA = (await createClient(db)).id;
  clientB = (await createClient(db)).id;
  for (const [name, clientId, roles] of [
    ['seller', clientA, ['sales_agent']],
    ['other', clientA, ['sales_agent']],
    ['stranger', clientA, ['sales_agent']],
    ['inactive', clientA, ['sales_agent']],
    ['auditor', clientA, ['auditor']],
    ['admin', clientA, ['program_admin']],
    ['sellerB', clientB, ['sales_agent']],
    ['auditorB', clientB, ['auditor']],
  ] as const) {
    const u = await createUser(db, { clientIds: [clientId], roles: [...roles] });
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
  for (const [key, clientId, code, points, active] of [
    ['shelf', clientA, 'shelf', 50, true],
    ['display', clientA, 'display', 80, true],
    ['price', clientA, 'price-tag', 30, true],
    ['retired', clientA, 'old', 10, false],
    ['shelfB', clientB, 'shelf', 50, true],
  ] as const) {
    const [row] = await db
      .insert(photoTypes)
      .values({ clientId, code, name: `Type ${code}`, points, active })
      .returning();
    types[key] = row!.id;
  }
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-photos-'));
  jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#36c' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'shop camera' } } })
    .toBuffer();
  big = await sharp({ create: { width: 3000, height: 1200, channels: 3, background: '#3c6' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

let pictures = 0;
/** A distinct small picture each time (so the same-image signal stays out of the way unless wanted). */
const picture = async () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: ++pictures % 255, g: 90, b: 40 } } })
    .png()
    .toBuffer();

function serviceAt(iso: string) {
  const now = new Date(iso);
  return createPhotosService({
    db: t.database.db,
    now: () => now,
    storage: createDiskStorage(storageDir),
    loyalty: createLoyaltySalesPort(t.database.db),
    ledger: t.modules.rewards.ledger,
    notifications: { notify: () => Promise.resolve(0) },
    badges: t.modules.rewards.awards.badges,
    levels: t.modules.loyalty.levels,
  });
}
const seller = () => ({ userId: users.seller.id, clientId: clientA });
const other = () => ({ userId: users.other.id, clientId: clientA });
const body = (store: keyof SalesProgram['stores'], type: keyof typeof types, p: SalesProgram = program) => ({
  campaignId: p.campaignId,
  storeId: p.stores[store],
  photoTypeId: types[type],
});
const refused = (code: string, status: number) => expect.objectContaining({ code, status });
const storedFiles = () =>
  fs.existsSync(storageDir) ? fs.readdirSync(storageDir, { recursive: true }).length : 0;

describe('the photo week, Monday 00:00 to Sunday 23:59 in the store’s time zone', () => {
  it('places an instant in the local week of each zone', () => {
    // Monday 13 April 2026, 03:30 UTC: already Monday in São Paulo, still Sunday in Santiago (UTC−4).
    const at = new Date('2026-04-13T03:30:00Z');
    expect(photoWeekOf(at, 'America/Sao_Paulo')).toEqual({ weekStart: '2026-04-13', weekEnd: '2026-04-19' });
    expect(photoWeekOf(at, 'America/Santiago')).toEqual({ weekStart: '2026-04-06', weekEnd: '2026-04-12' });
    expect(photoWeekOf(new Date('2026-04-13T02:59:59Z'), 'America/Sao_Paulo').weekStart).toBe('2026-04-06');
    // Toronto's spring change (8 March 2026) falls inside a week and does not move it.
    expect(photoWeekOf(new Date('2026-03-09T03:59:59Z'), 'America/Toronto').weekStart).toBe('2026-03-02');
    expect(photoWeekOf(new Date('2026-03-09T04:00:00Z'), 'America/Toronto').weekStart).toBe('2026-03-09');
  });

  it('accepts one photo per type per store per week and another from Monday 00:00 local', async () => {
    const first = await serviceAt('2026-04-06T03:00:00Z').send(
      seller(),
      body('saoPaulo', 'shelf'),
      await picture(),
    );
    expect(first).toMatchObject({
      status: 'pending',
      weekStart: '2026-04-06',
      weekEnd: '2026-04-12',
      points: 50,
    });
    // Sunday 23:59:59 in São Paulo: the same week.
    await expect(
      serviceAt('2026-04-13T02:59:59Z').send(seller(), body('saoPaulo', 'shelf'), await picture()),
    ).rejects.toEqual(refused('PHOTOS_ALREADY_SENT_THIS_WEEK', 409));
    // Another type, and the same type at another store, are their own allowance.
    await expect(
      serviceAt('2026-04-08T15:00:00Z').send(seller(), body('saoPaulo', 'display'), await picture()),
    ).resolves.toMatchObject({ weekStart: '2026-04-06' });
    await expect(
      serviceAt('2026-04-08T15:00:00Z').send(seller(), body('toronto', 'shelf'), await picture()),
    ).resolves.toMatchObject({ weekStart: '2026-04-06' });
    // Monday 00:00 in São Paulo: a new week.
    await expect(
      serviceAt('2026-04-13T03:00:00Z').send(seller(), body('saoPaulo', 'shelf'), await picture()),
    ).resolves.toMatchObject({ weekStart: '2026-04-13' });
  });

  it('counts the store’s week, whoever sends: another seller of the store is refused the same week', async () => {
    await serviceAt('2026-04-21T12:00:00Z').send(seller(), body('buenosAires', 'price'), await picture());
    await expect(
      serviceAt('2026-04-22T12:00:00Z').send(other(), body('buenosAires', 'price'), await picture()),
    ).rejects.toEqual(refused('PHOTOS_ALREADY_SENT_THIS_WEEK', 409));
  });

  it('judges Santiago by its own clock at the instant São Paulo’s week has turned', async () => {
    await serviceAt('2026-04-08T15:00:00Z').send(seller(), body('santiago', 'price'), await picture());
    // 03:30 UTC on Monday 13 April: Sunday 23:30 in Santiago, still the week of 6 April.
    await expect(
      serviceAt('2026-04-13T03:30:00Z').send(seller(), body('santiago', 'price'), await picture()),
    ).rejects.toEqual(refused('PHOTOS_ALREADY_SENT_THIS_WEEK', 409));
    await expect(
      serviceAt('2026-04-13T04:00:00Z').send(seller(), body('santiago', 'price'), await picture()),
    ).resolves.toMatchObject({ weekStart: '2026-04-13' });
  });

  it('frees the week of a rejected photo for another one', async () => {
    const s = serviceAt('2026-05-05T12:00:00Z');
    const sent = await s.send(seller(), body('toronto', 'price'), await picture());
    await expect(s.send(seller(), body('toronto', 'price'), await picture())).rejects.toEqual(
      refused('PHOTOS_ALREADY_SENT_THIS_WEEK', 409),
    );
    await s.reject({ userId: users.auditor.id, clientId: clientA }, sent.id, 'Foto escura');
    await expect(s.send(seller(), body('toronto', 'price'), await picture())).resolves.toMatchObject({
      status: 'pending',
      weekStart: '2026-05-04',
    });
  });
});

describe('the weekly streak badge', () => {
  it('is given once, when the approved photos reach the set number of weeks in a row', async () => {
    const db = t.database.db;
    const [badge] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into badges (client_id, texts, criterion)
        values (${clientA}, ${JSON.stringify({ 'pt-BR': { name: 'Vitrine em dia', description: 'x' } })}::jsonb, 'manual')
        returning id`),
    );
    const admin = { userId: users.admin.id, clientId: clientA };
    await serviceAt('2026-03-02T12:00:00Z').saveSettings(admin, { streakBadgeId: badge!.id, streakWeeks: 3 });
    await expect(
      serviceAt('2026-03-02T12:00:00Z').saveSettings(admin, { streakBadgeId: 999_999, streakWeeks: 3 }),
    ).rejects.toEqual(refused('VALIDATION_FAILED', 400));
    const held = async () =>
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from user_badges
          where client_id = ${clientA} and user_id = ${users.other.id} and badge_id = ${badge!.id}`),
      )[0]!.n;
    const auditor = { userId: users.auditor.id, clientId: clientA };
    // Weeks of 2, 16 and 9 March, approved out of order: the third closes the run of three.
    for (const [at, expected] of [
      ['2026-03-03T12:00:00Z', 0],
      ['2026-03-17T12:00:00Z', 0],
      ['2026-03-10T12:00:00Z', 1],
      ['2026-03-24T12:00:00Z', 1],
    ] as const) {
      const s = serviceAt(at);
      const sent = await s.send(other(), body('buenosAires', 'display'), await picture());
      await s.approve(auditor, sent.id);
      expect(Number(await held())).toBe(expected);
    }
    await serviceAt('2026-03-02T12:00:00Z').saveSettings(admin, { streakBadgeId: null, streakWeeks: 4 });
  });
});

describe('who may send what', () => {
  const at = '2026-04-15T12:00:00Z';
  it('refuses the unregistered, the inactive, a store outside the campaign or closed, an unknown type', async () => {
    const s = serviceAt(at);
    await expect(
      s.send({ userId: users.stranger.id, clientId: clientA }, body('saoPaulo', 'price'), await picture()),
    ).rejects.toEqual(refused('PHOTOS_NOT_REGISTERED', 403));
    await expect(
      s.send({ userId: users.inactive.id, clientId: clientA }, body('saoPaulo', 'price'), await picture()),
    ).rejects.toEqual(refused('PHOTOS_NOT_REGISTERED', 403));
    await expect(s.send(seller(), body('outside', 'price'), await picture())).rejects.toEqual(
      refused('PHOTOS_STORE_NOT_ELIGIBLE', 422),
    );
    await expect(s.send(seller(), body('closed', 'price'), await picture())).rejects.toEqual(
      refused('PHOTOS_STORE_NOT_ELIGIBLE', 422),
    );
    await expect(s.send(seller(), body('saoPaulo', 'retired'), await picture())).rejects.toEqual(
      refused('PHOTOS_TYPE_UNKNOWN', 422),
    );
    await expect(s.send(seller(), body('saoPaulo', 'shelfB'), await picture())).rejects.toEqual(
      refused('PHOTOS_TYPE_UNKNOWN', 422),
    );
    // Another client's campaign is not found.
    await expect(s.send(seller(), body('saoPaulo', 'price', liveB), await picture())).rejects.toEqual(
      refused('NOT_FOUND', 404),
    );
  });

  it('refuses before the campaign begins and from its end', async () => {
    await expect(
      serviceAt('2026-03-01T02:59:59Z').send(seller(), body('saoPaulo', 'price'), await picture()),
    ).rejects.toEqual(refused('PHOTOS_CAMPAIGN_NOT_ACTIVE', 409));
    await expect(
      serviceAt('2026-05-31T03:00:00Z').send(seller(), body('saoPaulo', 'price'), await picture()),
    ).rejects.toEqual(refused('PHOTOS_CAMPAIGN_NOT_ACTIVE', 409));
  });

  it('judges the picture by its content, re-encodes it bounded without EXIF, and keeps no file of a refusal', async () => {
    const s = serviceAt('2026-03-20T12:00:00Z');
    await expect(s.send(seller(), body('saoPaulo', 'price'), null)).rejects.toEqual(
      refused('PHOTOS_IMAGE_REQUIRED', 422),
    );
    await expect(
      s.send(seller(), body('saoPaulo', 'price'), Buffer.from('%PDF-1.4 not a picture')),
    ).rejects.toEqual(refused('PHOTOS_IMAGE_INVALID', 422));
    const truncated = jpeg.subarray(0, 200);
    await expect(s.send(seller(), body('saoPaulo', 'price'), truncated)).rejects.toEqual(
      refused('PHOTOS_IMAGE_INVALID', 422),
    );
    const files = storedFiles();
    await expect(s.send(seller(), body('outside', 'price'), jpeg)).rejects.toEqual(
      refused('PHOTOS_STORE_NOT_ELIGIBLE', 422),
    );
    expect(storedFiles()).toBe(files);

    const sent = await s.send(seller(), body('saoPaulo', 'price'), big);
    const stored = fs.readFileSync(
      path.join(storageDir, await s.imageKey(clientA, sent.id, users.seller.id)),
    );
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(2000);
    const withExif = await s.send(seller(), body('saoPaulo', 'display'), jpeg);
    const exifKey = await s.imageKey(clientA, withExif.id);
    expect((await sharp(fs.readFileSync(path.join(storageDir, exifKey))).metadata()).exif).toBeUndefined();
    // Another user's photo is not mine to read.
    await expect(s.imageKey(clientA, sent.id, users.other.id)).rejects.toEqual(refused('NOT_FOUND', 404));
  });
});

describe('the routes', () => {
  function photoForm(fields: unknown, image?: Buffer) {
    const boundary = `----photos${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"\r\n\r\n${JSON.stringify(fields)}\r\n`,
      ),
    ];
    if (image) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="shelf.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        image,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return {
      payload: Buffer.concat(parts),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }
  const send = (
    who: { as: Record<string, string> },
    fields: unknown,
    image: Buffer | undefined,
    key?: string,
  ) => {
    const form = photoForm(fields, image);
    return t.app.inject({
      method: 'POST',
      url: '/api/loyalty/photos',
      headers: { ...who.as, ...form.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: form.payload,
    });
  };
  const get = (who: { as: Record<string, string> }, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who.as });
  const post = (who: { as: Record<string, string> }, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: who.as, ...(payload ? { payload } : {}) });

  it('sends with an Idempotency-Key (a replay answers the first photo), shows the week and my photos', async () => {
    const fields = body('saoPaulo', 'shelf', live);
    expect((await send(users.seller, fields, jpeg)).statusCode).toBe(400);
    const image = await picture();
    const res = await send(users.seller, fields, image, 'photo-key-1');
    expect(res.statusCode, res.body).toBe(201);
    const again = await send(users.seller, fields, image, 'photo-key-1');
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(res.json().id);
    // The same key with another picture is another request.
    expect((await send(users.seller, fields, await picture(), 'photo-key-1')).statusCode).toBe(422);
    const dup = await send(users.other, fields, await picture(), 'photo-key-2');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('PHOTOS_ALREADY_SENT_THIS_WEEK');
    const ptForm = photoForm(fields, await picture());
    const pt = await t.app.inject({
      method: 'POST',
      url: '/api/loyalty/photos',
      headers: { ...users.other.as, ...ptForm.headers, 'idempotency-key': 'k3', 'accept-language': 'pt-BR' },
      payload: ptForm.payload,
    });
    expect(pt.json().error.message).toBe('Foto já enviada nesta semana para esta loja e tipo');

    const week = await get(
      users.other,
      `/api/loyalty/photos/week?campaign=${live.campaignId}&store=${live.stores.saoPaulo}`,
    );
    expect(week.statusCode).toBe(200);
    const items = week.json().items as { photoType: { id: number }; photo: { id: number } | null }[];
    expect(items.find((i) => i.photoType.id === types.shelf)!.photo!.id).toBe(res.json().id);
    expect(items.find((i) => i.photoType.id === types.display)!.photo).toBeNull();
    expect(items.some((i) => i.photoType.id === types.retired)).toBe(false);

    const mine = await get(users.seller, '/api/loyalty/photos?pageSize=5');
    expect(mine.json()).toMatchObject({ total: expect.any(Number), pendingPoints: expect.any(Number) });
    expect(mine.json().items[0]).toMatchObject({
      id: res.json().id,
      status: 'pending',
      photoTypeName: 'Type shelf',
    });
    expect(
      (await get(users.other, '/api/loyalty/photos'))
        .json()
        .items.some((p: { id: number }) => p.id === res.json().id),
    ).toBe(false);
    expect(
      (await get(users.seller, `/api/loyalty/photos/${res.json().id}/image`)).headers['content-type'],
    ).toBe('image/webp');
    expect((await get(users.other, `/api/loyalty/photos/${res.json().id}/image`)).statusCode).toBe(404);
    expect((await get(users.sellerB, `/api/loyalty/photos/${res.json().id}/image`)).statusCode).toBe(404);
  });

  it('serves the images through the media route, to the sender and the auditors only, never kept', async () => {
    const form = await send(users.seller, body('saoPaulo', 'price', live), await picture(), 'photo-media-1');
    expect(form.statusCode, form.body).toBe(201);
    const id = form.json().id as number;
    for (const url of [`/api/media/my-store-photos/${id}`, `/api/loyalty/photos/${id}/image`]) {
      const mine = await get(users.seller, url);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('image/webp');
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(mine.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(mine.rawPayload).metadata()).format).toBe('webp');
    }
    expect((await get(users.other, `/api/media/my-store-photos/${id}`)).statusCode).toBe(404);
    expect((await get(users.sellerB, `/api/media/my-store-photos/${id}`)).statusCode).toBe(404);
    expect((await get(users.seller, '/api/media/my-store-photos/abc')).statusCode).toBe(404);
    for (const url of [`/api/media/store-photos/${id}`, `/api/admin/photos/${id}/image`]) {
      const audited = await get(users.auditor, url);
      expect(audited.statusCode).toBe(200);
      expect(audited.headers['cache-control']).toBe('private, no-store');
      expect((await get(users.seller, url)).statusCode).toBe(403);
      expect((await get(users.auditorB, url)).statusCode).toBe(404);
    }
  });

  it('answers 413 for a picture over 10 MB and 400 for a form without its fields', async () => {
    const huge = Buffer.alloc(10 * 1024 * 1024 + 10, 1);
    const res = await send(users.seller, body('toronto', 'display', live), huge, 'huge-1');
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PHOTOS_IMAGE_TOO_LARGE');
    const bad = await send(users.seller, 'not an object', await picture(), 'bad-1');
    expect(bad.statusCode).toBe(400);
    // A photo is only sent as a form with its image: a JSON body is refused before the key is taken.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/loyalty/photos',
      headers: { ...users.seller.as, 'idempotency-key': 'json-1' },
      payload: { photo: body('toronto', 'display', live) },
    });
    expect(json.statusCode).toBe(415);
  });

  it('approves once: the type’s points as a lot expiring at the campaign’s end, as many XP, audited and notified', async () => {
    const sent = (
      await send(users.seller, body('toronto', 'shelf', live), await picture(), 'approve-1')
    ).json();
    expect((await post(users.seller, `/api/admin/photos/${sent.id}/approve`)).statusCode).toBe(403);
    expect((await post(users.auditorB, `/api/admin/photos/${sent.id}/approve`)).statusCode).toBe(404);
    const queue = await get(users.auditor, '/api/admin/photos?status=pending&pageSize=100');
    expect(queue.json().items.some((p: { id: number }) => p.id === sent.id)).toBe(true);
    const [first, second] = await Promise.all([
      post(users.auditor, `/api/admin/photos/${sent.id}/approve`),
      post(users.auditor, `/api/admin/photos/${sent.id}/approve`),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json()).toMatchObject({ status: 'approved', points: 50 });
    const db = t.database.db;
    const lots = rowsOf<{ amount: number; expires_at: string | Date }>(
      await db.execute(sql`select l.amount, l.expires_at from point_lots l join ledger_entries e on e.id = l.entry_id
        where e.client_id = ${clientA} and e.idempotency_key = ${`photo:${sent.id}`}`),
    );
    expect(lots).toHaveLength(1);
    expect(Number(lots[0]!.amount)).toBe(50);
    const [campaign] = rowsOf<{ ends_at: string | Date }>(
      await db.execute(sql`select ends_at from loyalty_campaigns where id = ${live.campaignId}`),
    );
    expect(new Date(lots[0]!.expires_at).getTime()).toBe(new Date(campaign!.ends_at).getTime());
    const xp = rowsOf<{ amount: number; ref_type: string; ref_id: number }>(
      await db.execute(sql`select amount, ref_type, ref_id from ledger_entries
        where client_id = ${clientA} and user_id = ${users.seller.id} and ledger = 'xp' and source = 'photo'`),
    );
    expect(xp.map((e) => Number(e.amount))).toEqual([50]);
    expect(xp[0]).toMatchObject({ ref_type: 'loyalty_campaign' });
    const audits = rowsOf<{ action: string }>(
      await db.execute(sql`select action from audit_log where client_id = ${clientA}
        and entity = 'store_photo' and entity_id = ${String(sent.id)} order by id`),
    );
    expect(audits.map((a) => a.action)).toEqual(['photos.send', 'photos.approve']);
    const inbox = rowsOf<{ title: string }>(
      await db.execute(
        sql`select title from inbox_messages where user_id = ${users.seller.id} and client_id = ${clientA}`,
      ),
    );
    expect(inbox.length).toBeGreaterThan(0);
    // Decided: a rejection now is refused.
    expect(
      (await post(users.auditor, `/api/admin/photos/${sent.id}/reject`, { reason: 'x' })).statusCode,
    ).toBe(409);
  });

  it('rejects with a reason the sender reads; a second rejection is refused', async () => {
    const sent = (
      await send(users.seller, body('buenosAires', 'display', live), await picture(), 'reject-1')
    ).json();
    expect(
      (await post(users.auditor, `/api/admin/photos/${sent.id}/reject`, { reason: '' })).statusCode,
    ).toBe(400);
    const res = await post(users.auditor, `/api/admin/photos/${sent.id}/reject`, {
      reason: 'Gôndola fora de foco',
    });
    expect(res.statusCode).toBe(200);
    const mine = (await get(users.seller, '/api/loyalty/photos?status=rejected')).json();
    expect(mine.items.find((p: { id: number }) => p.id === sent.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Gôndola fora de foco',
    });
    const again = await post(users.auditor, `/api/admin/photos/${sent.id}/reject`, { reason: 'x' });
    expect(again.json().error.code).toBe('PHOTOS_ALREADY_REJECTED');
    expect((await post(users.auditor, `/api/admin/photos/${sent.id}/approve`)).statusCode).toBe(409);
  });

  it('lets the program administrator edit the photo types; a taken code is refused', async () => {
    const created = await post(users.admin, '/api/admin/loyalty/photo-types', {
      code: 'endcap',
      name: 'Ponta de gôndola',
      points: 70,
    });
    expect(created.statusCode, created.body).toBe(201);
    const taken = await post(users.admin, '/api/admin/loyalty/photo-types', {
      code: 'ENDCAP',
      name: 'x',
      points: 1,
    });
    expect(taken.json().error.code).toBe('PHOTOS_TYPE_CODE_TAKEN');
    expect(
      (await post(users.auditor, '/api/admin/loyalty/photo-types', { code: 'z', name: 'z', points: 1 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(users.admin, '/api/admin/loyalty/photo-types', { code: 'y', name: 'y', points: 0 }))
        .statusCode,
    ).toBe(400);
    const put = (who: { as: Record<string, string> }, payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/loyalty/photo-settings', headers: who.as, payload });
    expect((await put(users.auditor, { streakBadgeId: null, streakWeeks: 3 })).statusCode).toBe(403);
    expect((await put(users.admin, { streakBadgeId: null, streakWeeks: 1 })).statusCode).toBe(400);
    expect((await put(users.admin, { streakBadgeId: null, streakWeeks: 5 })).json()).toEqual({
      streakBadgeId: null,
      streakWeeks: 5,
    });
    expect((await get(users.admin, '/api/admin/loyalty/photo-settings')).json()).toEqual({
      streakBadgeId: null,
      streakWeeks: 5,
    });
    const list = (await get(users.seller, '/api/loyalty/photo-types')).json().items as { code: string }[];
    expect(list.map((x) => x.code)).toContain('endcap');
    expect(list.map((x) => x.code)).not.toContain('old');
  });

  it('opens the level-change request when an approval brings the XP to the next level', async () => {
    const db = t.database.db;
    for (const [position, name, minXp] of [
      [1, 'Basic', 0],
      [2, 'Creator', 100],
      [3, 'Influencer', 1000],
    ] as const) {
      await db.execute(sql`insert into loyalty_levels (client_id, name, position, min_xp, multiplier)
        values (${clientA}, ${name}, ${position}, ${minXp}, 1) on conflict do nothing`);
    }
    const requests = async () =>
      rowsOf<{ xp: number }>(
        await db.execute(sql`select xp from loyalty_level_requests
          where client_id = ${clientA} and user_id = ${users.other.id} and campaign_id = ${live.campaignId}`),
      );
    const approveNew = async (type: 'price' | 'display', key: string) => {
      const sent = (await send(users.other, body('toronto', type, live), await picture(), key)).json();
      expect((await post(users.auditor, `/api/admin/photos/${sent.id}/approve`)).statusCode).toBe(200);
    };
    // 30 XP, then 80 more: past Creator's 100.
    await approveNew('price', 'level-1');
    expect(await requests()).toEqual([]);
    await approveNew('display', 'level-2');
    expect(await requests()).toEqual([{ xp: 110 }]);
  });
});
