import { and, eq, gt, lte } from 'drizzle-orm';
import sharp from 'sharp';
import type { Storage } from '../../lib/storage';
import { createLoyaltySalesPort } from '../../modules/loyalty/loyalty.port';
import { createPhotosService } from '../../modules/photos/photos.service';
import { createLedgerService } from '../../modules/rewards/ledger.service';
import type { Db } from '../client';
import { clients } from '../schema/core';
import { loyaltyCampaigns, loyaltyRegistrations } from '../schema/loyalty';
import { users } from '../schema/users';
import { fileSeeder, type FileSeederOptions } from './file-seeder';

const DAY_MS = 86_400_000;

/** Nimbus Tech's photo types: what each approved photo earns. */
const demoTypes = [
  { code: 'shelf', name: 'Gôndola', points: 40 },
  { code: 'display', name: 'Display', points: 60 },
  { code: 'price-tag', name: 'Etiqueta de preço', points: 25 },
] as const;

/** A plain picture of a shelf's colours, different per photo (so none is flagged as the same image). */
const picture = (hue: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: hue } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="640" height="480"><rect x="40" y="60" width="560" height="40" fill="#555"/>` +
            `<rect x="40" y="220" width="560" height="40" fill="#555"/><rect x="40" y="380" width="560" height="40" fill="#555"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();

/**
 * Store photos for Nimbus Tech (docs/photos.md): three photo types, and the demo learner's photos at
 * Casa Digital Paulista in the running campaign's past weeks, one in each status (approved and credited,
 * rejected with a reason, pending audit), sent and decided through the photos service as they would be.
 * The current week stays free, so the learner (and each browser-journey worker) can send this week's.
 */
export function createPhotosDemoSeeder(opts: FileSeederOptions = {}) {
  return fileSeeder('photos-demo', opts, (db, storage) => seedPhotos(db, storage));
}
export const photosDemoSeeder = createPhotosDemoSeeder();

async function seedPhotos(db: Db, storage: Storage) {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'nimbus'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.example'));
  const [learner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'learner@demo.example'));
  if (!client || !admin || !learner) return;
  const real = new Date();
  const service = (now: Date) =>
    createPhotosService({
      db,
      now: () => now,
      storage,
      loyalty: createLoyaltySalesPort(db),
      ledger: createLedgerService({ db }),
      // Demo history: no inbox messages for decisions taken before the demo begins.
      notifications: { notify: () => Promise.resolve(0) },
      // No streak badge is set for the demo: none is given here.
      badges: {
        grantById: () => Promise.reject(new Error('photos demo: no streak badge is set')),
      },
      // The learner's level-change request is the loyalty levels demo's (loyalty-levels-demo.ts).
      levels: { xpCredited: () => Promise.resolve(null) },
    });
  const admin_ = { userId: admin.id, clientId: client.id };
  const types: number[] = [];
  for (const t of demoTypes)
    types.push((await service(real).saveType(admin_, null, { ...t, active: true })).id);

  // The running campaign the learner is registered in, and the store of the registration.
  const [running] = await db
    .select({
      id: loyaltyCampaigns.id,
      beginsAt: loyaltyCampaigns.beginsAt,
      storeId: loyaltyRegistrations.storeId,
    })
    .from(loyaltyCampaigns)
    .innerJoin(
      loyaltyRegistrations,
      and(
        eq(loyaltyRegistrations.campaignId, loyaltyCampaigns.id),
        eq(loyaltyRegistrations.userId, learner.id),
      ),
    )
    .where(
      and(
        eq(loyaltyCampaigns.clientId, client.id),
        lte(loyaltyCampaigns.beginsAt, real),
        gt(loyaltyCampaigns.endsAt, real),
      ),
    )
    .orderBy(loyaltyCampaigns.id)
    .limit(1);
  if (!running) return;
  const me = { userId: learner.id, clientId: client.id };
  const body = (typeIndex: number) => ({
    campaignId: running.id,
    storeId: running.storeId,
    photoTypeId: types[typeIndex]!,
  });
  // One, two and three weeks ago (never before the campaign began, never this week).
  const ago = (weeks: number) =>
    new Date(Math.max(real.getTime() - weeks * 7 * DAY_MS, new Date(running.beginsAt).getTime() + 3_600_000));
  const approved = await service(ago(3)).send(me, body(0), await picture('#d9c27a'));
  await service(ago(3)).approve(admin_, approved.id);
  const rejected = await service(ago(2)).send(me, body(1), await picture('#7aa6d9'));
  await service(ago(2)).reject(admin_, rejected.id, 'Display fora de foco: envie uma foto nítida.');
  await service(ago(1)).send(me, body(2), await picture('#c97ad9'));
}
