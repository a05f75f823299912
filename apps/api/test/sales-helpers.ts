import type { Db } from '../src/db/client';
import {
  loyaltyBrands,
  loyaltyCampaignProducts,
  loyaltyCampaigns,
  loyaltyCampaignStores,
  loyaltyCountries,
  loyaltyProducts,
  loyaltyRegistrations,
  loyaltyRetailers,
  loyaltyStores,
} from '../src/db/schema/loyalty';

let seq = 0;

/** The program's stores of a sales test: a zone each, whether the invoice photo is mandatory. */
const storePlan = {
  saoPaulo: { timeZone: 'America/Sao_Paulo', cameras: true, inCampaign: true, active: true },
  buenosAires: { timeZone: 'America/Argentina/Buenos_Aires', cameras: false, inCampaign: true, active: true },
  toronto: { timeZone: 'America/Toronto', cameras: false, inCampaign: true, active: true },
  santiago: { timeZone: 'America/Santiago', cameras: false, inCampaign: true, active: true },
  outside: { timeZone: 'America/Sao_Paulo', cameras: false, inCampaign: false, active: true },
  closed: { timeZone: 'America/Sao_Paulo', cameras: false, inCampaign: true, active: false },
} as const;
export type StoreName = keyof typeof storePlan;

/**
 * A client's loyalty program for sales tests, written straight to the loyalty tables: one country of
 * group 1, a chain, the stores above, three products (100 and 250 points in the campaign; the third
 * not in it) and a campaign of group 1 over the given period.
 */
export async function salesProgram(db: Db, clientId: number, period: { beginsAt: Date; endsAt: Date }) {
  const n = ++seq;
  const [country] = await db
    .insert(loyaltyCountries)
    .values({ clientId, code: `Z${n}`, name: `Country ${n}`, countryGroup: 1 })
    .returning();
  const [retailer] = await db
    .insert(loyaltyRetailers)
    .values({ clientId, countryId: country!.id, name: `Chain ${n}` })
    .returning();
  const stores = {} as Record<StoreName, number>;
  for (const [name, plan] of Object.entries(storePlan) as [StoreName, (typeof storePlan)[StoreName]][]) {
    const [store] = await db
      .insert(loyaltyStores)
      .values({
        clientId,
        retailerId: retailer!.id,
        countryId: country!.id,
        code: `${name}-${n}`,
        name: `${name} ${n}`,
        city: name,
        timeZone: plan.timeZone,
        phonesAndCamerasAllowed: plan.cameras,
        active: plan.active,
      })
      .returning();
    stores[name] = store!.id;
  }
  const [brand] = await db
    .insert(loyaltyBrands)
    .values({ clientId, name: `Brand ${n}` })
    .returning();
  const products: number[] = [];
  for (const i of [1, 2, 3]) {
    const [p] = await db
      .insert(loyaltyProducts)
      .values({
        clientId,
        brandId: brand!.id,
        sku: `SKU-${n}-${i}`,
        name: `Notebook ${n}.${i}`,
        productType: 'notebook',
        processor: 'N5',
        processorGeneration: '12',
        formFactor: 'laptop',
      })
      .returning();
    products.push(p!.id);
  }
  const [campaign] = await db
    .insert(loyaltyCampaigns)
    .values({ clientId, name: `Campaign ${n}`, countryGroup: 1, ...period })
    .returning();
  await db
    .insert(loyaltyCampaignStores)
    .values(
      (Object.keys(storePlan) as StoreName[])
        .filter((name) => storePlan[name].inCampaign)
        .map((name) => ({ clientId, campaignId: campaign!.id, storeId: stores[name] })),
    );
  await db.insert(loyaltyCampaignProducts).values([
    { clientId, campaignId: campaign!.id, productId: products[0]!, points: 100 },
    { clientId, campaignId: campaign!.id, productId: products[1]!, points: 250 },
  ]);
  return {
    campaignId: campaign!.id,
    retailerId: retailer!.id,
    stores,
    products: { p100: products[0]!, p250: products[1]!, outside: products[2]! },
  };
}

export type SalesProgram = Awaited<ReturnType<typeof salesProgram>>;

export async function registerToCampaign(
  db: Db,
  clientId: number,
  userId: number,
  program: SalesProgram,
  status: 'active' | 'inactive' = 'active',
) {
  await db.insert(loyaltyRegistrations).values({
    clientId,
    userId,
    campaignId: program.campaignId,
    storeId: program.stores.saoPaulo,
    status,
  });
}

/** A multipart/form-data body: the sale as JSON in the field `sale`, and an optional file `photo`. */
export function saleForm(sale: unknown, photo?: { data: Buffer; filename?: string; type?: string }) {
  const boundary = `----sales${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="sale"\r\n\r\n${JSON.stringify(sale)}\r\n`,
    ),
  ];
  if (photo) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${photo.filename ?? 'invoice.jpg'}"\r\n` +
          `Content-Type: ${photo.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      photo.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
