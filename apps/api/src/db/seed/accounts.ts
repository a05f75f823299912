import { and, asc, eq, inArray } from 'drizzle-orm';
import { makeValidCpf } from '@trilha/domain/document';
import type { Db } from '../client';
import type { Seeder } from './run-seeders';
import {
  brands,
  companies,
  registrationVariants,
  retailChains,
  stores,
  userBrands,
  userCompanies,
  userStores,
} from '../schema/accounts';
import { clients, countries, sites } from '../schema/core';
import { userClients, users } from '../schema/users';

/**
 * The registration entries of the demo site and the companies, brands, retail chains and stores they
 * offer; plus a pre-registered account (first access) and one awaiting approval.
 */
export const accountsDemoSeeder: Seeder = {
  name: 'accounts-demo',
  async run(db) {
    const [site] = await db.select().from(sites).where(eq(sites.isDefault, true));
    const rows = await db
      .select()
      .from(clients)
      .where(inArray(clients.slug, ['aurora', 'nimbus']));
    const aurora = rows.find((c) => c.slug === 'aurora');
    const nimbus = rows.find((c) => c.slug === 'nimbus');
    if (!site || !aurora || !nimbus) return;

    await db.insert(registrationVariants).values([
      {
        siteId: site.id,
        slug: 'register',
        clientId: aurora.id,
        title: 'Aurora Varejo',
        profiles: ['sales_agent', 'promoter', 'store_owner', 'counter_clerk'],
        countries: ['BRA', 'ARG', 'URY'],
      },
      {
        siteId: site.id,
        slug: 'register-seven-trade',
        clientId: nimbus.id,
        title: 'Seven Trade',
        profiles: ['sales_agent', 'store_owner', 'counter_clerk'],
        askAffiliation: true,
        requiresApproval: true,
        countries: ['BRA', 'ARG', 'CHL', 'COL', 'MEX', 'PER'],
      },
      {
        siteId: site.id,
        slug: 'register-pop-trade',
        clientId: nimbus.id,
        title: 'POP Trade',
        fields: ['first_name', 'last_name', 'email', 'document', 'phone', 'country', 'birthday'],
        profiles: ['promoter', 'influencer'],
        askAffiliation: true,
        countries: ['BRA'],
      },
      {
        siteId: site.id,
        slug: 'intel-first-access',
        clientId: nimbus.id,
        mode: 'first_access',
        title: 'Nimbus Tech Trade',
        profiles: ['sales_agent'],
      },
      {
        siteId: site.id,
        slug: 'tigre-juntos-somos-mais',
        clientId: aurora.id,
        title: 'Juntos Somos Mais',
        profiles: ['painter', 'store_owner'],
        termsPath: '/institutional/terms-and-conditions',
        countries: ['BRA'],
      },
    ]);

    for (const client of [aurora, nimbus]) {
      const [acme, agency] = await db
        .insert(companies)
        .values([
          { clientId: client.id, name: 'Nimbus Computadores do Brasil', kind: 'company' },
          { clientId: client.id, name: 'Agência Vértice Trade Marketing', kind: 'agency' },
        ])
        .returning();
      await db.insert(brands).values([
        { clientId: client.id, companyId: acme!.id, name: 'Nimbus Core' },
        { clientId: client.id, companyId: acme!.id, name: 'Nimbus Arc' },
        { clientId: client.id, companyId: acme!.id, name: 'Nimbus Evo' },
        { clientId: client.id, companyId: agency!.id, name: 'Vértice PDV' },
        { clientId: client.id, companyId: agency!.id, name: 'Vértice Promo' },
      ]);
      const chains = await db
        .insert(retailChains)
        .values([
          { clientId: client.id, name: 'Magazine Horizonte' },
          { clientId: client.id, name: 'Casa Digital' },
          { clientId: client.id, name: 'TecnoShop' },
        ])
        .returning();
      const [horizonte, casa, tecno] = chains;
      await db.insert(stores).values([
        {
          clientId: client.id,
          chainId: horizonte!.id,
          name: 'Horizonte Paulista',
          city: 'São Paulo',
          state: 'SP',
        },
        {
          clientId: client.id,
          chainId: horizonte!.id,
          name: 'Horizonte Barra',
          city: 'Rio de Janeiro',
          state: 'RJ',
        },
        {
          clientId: client.id,
          chainId: horizonte!.id,
          name: 'Horizonte Savassi',
          city: 'Belo Horizonte',
          state: 'MG',
        },
        {
          clientId: client.id,
          chainId: casa!.id,
          name: 'Casa Digital Moinhos',
          city: 'Porto Alegre',
          state: 'RS',
        },
        {
          clientId: client.id,
          chainId: casa!.id,
          name: 'Casa Digital Boa Viagem',
          city: 'Recife',
          state: 'PE',
        },
        { clientId: client.id, chainId: tecno!.id, name: 'TecnoShop Batel', city: 'Curitiba', state: 'PR' },
        {
          clientId: client.id,
          chainId: tecno!.id,
          name: 'TecnoShop Meireles',
          city: 'Fortaleza',
          state: 'CE',
        },
      ]);
    }

    await giveDemoUsersAffiliations(db, nimbus.id);

    const [bra] = await db.select().from(countries).where(eq(countries.code, 'BRA'));
    const people = [
      {
        username: 'preregistered',
        email: 'preregistered@demo.example',
        firstName: 'Paula',
        lastName: 'Moreira',
        status: 'active',
        document: makeValidCpf('741852963'),
      },
      {
        username: 'pending',
        email: 'pending@demo.example',
        firstName: 'Otávio',
        lastName: 'Barros',
        status: 'awaiting_approval',
        document: makeValidCpf('369258147'),
      },
    ];
    for (const p of people) {
      const [user] = await db
        .insert(users)
        .values({
          ...p,
          documentCountry: 'BRA',
          passwordHash: null,
          countryId: bra?.id ?? null,
          languageId: 1,
          selectedClientId: nimbus.id,
          termsAcceptedAt: new Date(),
          phone: p.username === 'preregistered' ? '+5511987650001' : null,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (user)
        await db.insert(userClients).values({ userId: user.id, clientId: nimbus.id, roles: ['sales_agent'] });
    }
  },
};

/**
 * The demo accounts already in a client whose entries ask company, brand and store (sales staff, not the
 * back-office roles) get the first of each, so they sign in straight to the app; the pre-registered
 * account, added afterwards, is asked them by complete-register.
 */
async function giveDemoUsersAffiliations(db: Db, clientId: number) {
  const asking = await db
    .select({ profiles: registrationVariants.profiles })
    .from(registrationVariants)
    .where(and(eq(registrationVariants.clientId, clientId), eq(registrationVariants.askAffiliation, true)));
  const profiles = new Set(asking.flatMap((v) => v.profiles));
  const [company] = await db
    .select()
    .from(companies)
    .where(eq(companies.clientId, clientId))
    .orderBy(asc(companies.id))
    .limit(1);
  const [brand] = company
    ? await db.select().from(brands).where(eq(brands.companyId, company.id)).orderBy(asc(brands.id)).limit(1)
    : [];
  const [store] = await db
    .select()
    .from(stores)
    .where(eq(stores.clientId, clientId))
    .orderBy(asc(stores.id))
    .limit(1);
  if (!company || !brand || !store) return;
  const members = await db.select().from(userClients).where(eq(userClients.clientId, clientId));
  for (const member of members) {
    if (!member.roles.some((r) => profiles.has(r))) continue;
    await db.insert(userCompanies).values({ userId: member.userId, clientId, companyId: company.id });
    await db.insert(userBrands).values({ userId: member.userId, brandId: brand.id });
    await db.insert(userStores).values({ userId: member.userId, storeId: store.id });
  }
}
