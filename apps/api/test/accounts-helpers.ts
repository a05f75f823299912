import { eq } from 'drizzle-orm';
import type { LoginConfig } from '@trilha/contracts/site';
import type { Db } from '../src/db/client';
import { brands, companies, registrationVariants, retailChains, stores } from '../src/db/schema/accounts';
import { oauthApps } from '../src/db/schema/auth';
import { sites } from '../src/db/schema/core';
import type { TestApp } from './build-test-app';
import { captureDir, readCaptured } from '../src/modules/messaging/capture';
import { createConfidentialApp } from './factories';

/** A registration entry of the default site. */
export async function createVariant(
  db: Db,
  values: Partial<typeof registrationVariants.$inferInsert> & { clientId: number; slug: string },
) {
  const [site] = await db.select().from(sites);
  const [row] = await db
    .insert(registrationVariants)
    .values({ siteId: site!.id, profiles: ['sales_agent', 'promoter'], ...values })
    .returning();
  return row!;
}

/** Two companies with brands and two retail chains with stores, in a client. */
export async function createAffiliations(db: Db, clientId: number) {
  const [acme, agency] = await db
    .insert(companies)
    .values([
      { clientId, name: 'Acme Eletrônicos', kind: 'company' },
      { clientId, name: 'Agência Norte', kind: 'agency' },
    ])
    .returning();
  const [bolt, spark, north] = await db
    .insert(brands)
    .values([
      { clientId, companyId: acme!.id, name: 'Bolt' },
      { clientId, companyId: acme!.id, name: 'Spark' },
      { clientId, companyId: agency!.id, name: 'Norte Promo' },
    ])
    .returning();
  const [mega, casa] = await db
    .insert(retailChains)
    .values([
      { clientId, name: 'MegaLoja' },
      { clientId, name: 'Casa & Cia' },
    ])
    .returning();
  const [megaSp, megaRj, casaBh] = await db
    .insert(stores)
    .values([
      { clientId, chainId: mega!.id, name: 'MegaLoja Paulista', city: 'São Paulo', state: 'SP' },
      { clientId, chainId: mega!.id, name: 'MegaLoja Botafogo', city: 'Rio de Janeiro', state: 'RJ' },
      { clientId, chainId: casa!.id, name: 'Casa & Cia Savassi', city: 'Belo Horizonte', state: 'MG' },
    ])
    .returning();
  return {
    acme: acme!,
    agency: agency!,
    bolt: bolt!,
    spark: spark!,
    north: north!,
    mega: mega!,
    casa: casa!,
    megaSp: megaSp!,
    megaRj: megaRj!,
    casaBh: casaBh!,
  };
}

/** Changes the default site's login configuration (register switches, strength, Google …). */
export async function patchLoginConfig(t: TestApp, patch: Partial<LoginConfig>) {
  const current = await t.services.site.forHost('localhost');
  await t.services.site.update(current.siteId, { ...current, ...patch });
}

/** A confidential partner app allowed to issue webservice-login tokens. */
export async function createPartnerApp(db: Db, clientId: string, secret: string) {
  const app = await createConfidentialApp(db, clientId, secret);
  await db
    .update(oauthApps)
    .set({ grants: ['webservice'] })
    .where(eq(oauthApps.id, app.id));
  return { basic: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` };
}

/**
 * The last message sent to an address or phone, as its recipient got it (secrets included): read from
 * the development capture (DATA_DIR/mail-capture), since the outbox hides links and codes.
 */
export async function lastMessageTo(t: TestApp, to: string) {
  // A message queued outside a request (a service called directly) is delivered first.
  await t.modules.messaging.deliverQueued();
  const [found] = await readCaptured(captureDir(t.config.DATA_DIR), to);
  if (!found) throw new Error(`no message to ${to}`);
  return found;
}
