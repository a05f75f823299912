import { and, eq, gt, lte } from 'drizzle-orm';
import sharp from 'sharp';
import { formatCalendarDate, zonedDateTime } from '@trilha/domain/time-zone';
import type { Storage } from '../../lib/storage';
import { createLevelsService } from '../../modules/loyalty/loyalty-levels.service';
import { createLoyaltySalesPort } from '../../modules/loyalty/loyalty.port';
import { createLedgerService } from '../../modules/rewards/ledger.service';
import { createSalesAudit } from '../../modules/sales/sales.audit';
import { createSalesService } from '../../modules/sales/sales.service';
import type { Db } from '../client';
import { clients } from '../schema/core';
import {
  loyaltyCampaignProducts,
  loyaltyCampaigns,
  loyaltyRegistrations,
  loyaltyStores,
} from '../schema/loyalty';
import { users } from '../schema/users';
import { fileSeeder, type FileSeederOptions } from './file-seeder';

const DAY_MS = 86_400_000;

/** A photo of an invoice: a white slip with its number's bars, different for each number. */
async function invoicePhoto(seed: number) {
  const bars = Array.from({ length: 12 }, (_, i) => {
    const width = 120 + ((seed * 37 + i * 53) % 300);
    return `<rect x="60" y="${120 + i * 34}" width="${width}" height="14" fill="#333"/>`;
  }).join('');
  return sharp({ create: { width: 600, height: 800, channels: 3, background: '#f4f1ea' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="600" height="800"><rect x="40" y="40" width="520" height="60" fill="#1c4e80"/>` +
            `<rect x="${380 - (seed % 5) * 40}" y="620" width="160" height="120" fill="#888"/>${bars}</svg>`,
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Sale reports for Nimbus Tech (docs/sales.md, "Demo"): the demo learner's sales at Casa Digital Paulista
 * in the running group 1 campaign, one in each status: approved and credited at the learner's ×1.5,
 * rejected with a reason, approved and then rejected (its points taken back), pending, and pending with
 * the same invoice photo as the approved one (flagged `same_image` in the audit queue). Reported and
 * decided through the sales and audit services with the clock of each day, as they would have been.
 */
export function createSalesDemoSeeder(opts: FileSeederOptions = {}) {
  return fileSeeder('sales-demo', opts, (db, storage) => seedSales(db, storage));
}
export const salesDemoSeeder = createSalesDemoSeeder();

async function seedSales(db: Db, storage: Storage) {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'nimbus'));
  const [auditor] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'auditor@demo.example'));
  const [learner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'learner@demo.example'));
  if (!client || !auditor || !learner) return;
  const real = new Date();
  const [running] = await db
    .select({
      id: loyaltyCampaigns.id,
      beginsAt: loyaltyCampaigns.beginsAt,
      storeId: loyaltyRegistrations.storeId,
      timeZone: loyaltyStores.timeZone,
    })
    .from(loyaltyCampaigns)
    .innerJoin(
      loyaltyRegistrations,
      and(
        eq(loyaltyRegistrations.campaignId, loyaltyCampaigns.id),
        eq(loyaltyRegistrations.userId, learner.id),
      ),
    )
    .innerJoin(loyaltyStores, eq(loyaltyStores.id, loyaltyRegistrations.storeId))
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
  const products = await db
    .select({ productId: loyaltyCampaignProducts.productId })
    .from(loyaltyCampaignProducts)
    .where(eq(loyaltyCampaignProducts.campaignId, running.id))
    .orderBy(loyaltyCampaignProducts.productId)
    .limit(4);
  if (products.length < 2) return;

  const ledger = createLedgerService({ db });
  const quiet = { notify: () => Promise.resolve(0) };
  const at = (daysAgo: number) => {
    const instant = new Date(
      Math.max(real.getTime() - daysAgo * DAY_MS, new Date(running.beginsAt).getTime() + DAY_MS),
    );
    return { instant, date: formatCalendarDate(zonedDateTime(instant, running.timeZone)) };
  };
  const sales = (now: Date) =>
    createSalesService({ db, now: () => now, storage, loyalty: createLoyaltySalesPort(db) });
  const audit = (now: Date) =>
    createSalesAudit({
      db,
      now: () => now,
      loyalty: createLoyaltySalesPort(db),
      levels: createLevelsService({
        db,
        now: () => now,
        earnings: ledger,
        expiry: ledger,
        pendingSales: { pendingSales: () => Promise.resolve(new Map()) },
        notifications: quiet,
      }),
      ledger,
      // Demo history: no inbox messages for decisions taken before the demo begins.
      notifications: quiet,
    });
  const me = { userId: learner.id, clientId: client.id };
  const judge = { userId: auditor.id, clientId: client.id };
  const report = async (daysAgo: number, invoiceNumber: string, photo: Buffer, quantities: number[]) => {
    const { instant, date } = at(daysAgo);
    // Reported a few hours after the sale, the same local day or the next.
    return sales(new Date(instant.getTime() + 3 * 3_600_000)).report(
      me,
      {
        campaignId: running.id,
        storeId: running.storeId,
        saleDate: date,
        invoiceNumber,
        observation: '',
        lines: quantities.map((quantity, i) => ({ productId: products[i]!.productId, quantity })),
      },
      photo,
    );
  };

  const shared = await invoicePhoto(1);
  const approved = await report(12, '000201', shared, [2, 1]);
  await audit(at(11).instant).approve(judge, approved.id);
  const rejected = await report(9, '000202', await invoicePhoto(2), [1]);
  await audit(at(8).instant).reject(judge, rejected.id, {
    reason: 'Nota ilegível: envie uma foto nítida da nota inteira.',
  });
  const reversed = await report(7, '000203', await invoicePhoto(3), [1, 1]);
  await audit(at(6).instant).approve(judge, reversed.id);
  await audit(at(5).instant).reject(judge, reversed.id, {
    reason: 'A nota foi cancelada pela loja depois da aprovação.',
  });
  await report(3, '000204', await invoicePhoto(4), [3]);
  // The same photo as the approved sale: the audit shows it as already sent.
  await report(1, '000205', shared, [1, 2]);
}
