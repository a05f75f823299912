import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  brands,
  companies,
  registrations,
  registrationVariants,
  retailChains,
  stores,
  userBrands,
  userCompanies,
  userStores,
} from '../../db/schema/accounts';
import { clients, countries, languages } from '../../db/schema/core';
import { userClients, users } from '../../db/schema/users';

export type VariantRow = typeof registrationVariants.$inferSelect;
export type Affiliation = {
  companyId: number | null;
  brandIds: number[];
  retailChainIds: number[];
  storeIds: number[];
};

/**
 * Registration entries, a client's companies, brands, chains and stores, and the account rows registration
 * writes. A client's rows are read and written with that client; only the entry looked up by its site and
 * slug is found before any client is known (the entry is what names the client).
 */
export function createRegistrationRepo(db: DbOrTx) {
  return {
    async variantBySlug(siteId: number, slug: string): Promise<VariantRow | undefined> {
      const [row] = await db
        .select()
        .from(registrationVariants)
        .where(and(eq(registrationVariants.siteId, siteId), eq(registrationVariants.slug, slug)));
      return row;
    },

    /** The client's first 'register' entry. */
    async registerVariantOfClient(clientId: number): Promise<VariantRow | undefined> {
      const [row] = await db
        .select()
        .from(registrationVariants)
        .where(and(eq(registrationVariants.clientId, clientId), eq(registrationVariants.mode, 'register')))
        .orderBy(asc(registrationVariants.id))
        .limit(1);
      return row;
    },

    /** The profiles of the client's 'register' entries that ask for company, brand and store. */
    async profilesAskingAffiliation(clientId: number) {
      return db
        .select({ profiles: registrationVariants.profiles })
        .from(registrationVariants)
        .where(
          and(
            eq(registrationVariants.clientId, clientId),
            eq(registrationVariants.mode, 'register'),
            eq(registrationVariants.askAffiliation, true),
          ),
        );
    },

    async countriesIn(codes: string[]) {
      return db
        .select({ code: countries.code, name: countries.name })
        .from(countries)
        .where(inArray(countries.code, codes))
        .orderBy(asc(countries.name));
    },

    async countryCodes() {
      return (await db.select({ code: countries.code }).from(countries)).map((c) => c.code);
    },

    async countryByCode(code: string) {
      const [row] = await db.select().from(countries).where(eq(countries.code, code));
      return row;
    },

    async countryById(id: number) {
      const [row] = await db.select().from(countries).where(eq(countries.id, id));
      return row;
    },

    async clientName(clientId: number) {
      const [client] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
      return client?.name;
    },

    async languageId(code: string) {
      const [row] = await db.select({ id: languages.id }).from(languages).where(eq(languages.code, code));
      return row?.id;
    },

    async affiliationRows(clientId: number) {
      const [companyRows, brandRows, chainRows, storeRows] = await Promise.all([
        db.select().from(companies).where(eq(companies.clientId, clientId)).orderBy(asc(companies.name)),
        db.select().from(brands).where(eq(brands.clientId, clientId)).orderBy(asc(brands.name)),
        db
          .select()
          .from(retailChains)
          .where(eq(retailChains.clientId, clientId))
          .orderBy(asc(retailChains.name)),
        db.select().from(stores).where(eq(stores.clientId, clientId)).orderBy(asc(stores.name)),
      ]);
      return { companyRows, brandRows, chainRows, storeRows };
    },

    /** Replaces the user's company, and their brands and stores of this client, with the chosen ones. */
    async saveAffiliation(userId: number, clientId: number, a: Affiliation) {
      const [ownBrands, ownStores] = await Promise.all([
        db.select({ id: brands.id }).from(brands).where(eq(brands.clientId, clientId)),
        db.select({ id: stores.id }).from(stores).where(eq(stores.clientId, clientId)),
      ]);
      if (ownBrands.length) {
        await db.delete(userBrands).where(
          and(
            eq(userBrands.userId, userId),
            inArray(
              userBrands.brandId,
              ownBrands.map((b) => b.id),
            ),
          ),
        );
      }
      if (ownStores.length) {
        await db.delete(userStores).where(
          and(
            eq(userStores.userId, userId),
            inArray(
              userStores.storeId,
              ownStores.map((s) => s.id),
            ),
          ),
        );
      }
      await db
        .insert(userCompanies)
        .values({ userId, clientId, companyId: a.companyId! })
        .onConflictDoUpdate({
          target: [userCompanies.userId, userCompanies.clientId],
          set: { companyId: a.companyId! },
        });
      await db.insert(userBrands).values([...new Set(a.brandIds)].map((brandId) => ({ userId, brandId })));
      await db.insert(userStores).values([...new Set(a.storeIds)].map((storeId) => ({ userId, storeId })));
    },

    /** The company, brands (of that company), chains and stores a user has in a client. */
    async currentAffiliation(userId: number, clientId: number): Promise<Affiliation> {
      const [company] = await db
        .select({ companyId: userCompanies.companyId })
        .from(userCompanies)
        .where(and(eq(userCompanies.userId, userId), eq(userCompanies.clientId, clientId)));
      const companyId = company?.companyId ?? null;
      const brandRows = companyId
        ? await db
            .select({ id: brands.id })
            .from(userBrands)
            .innerJoin(brands, eq(brands.id, userBrands.brandId))
            .where(
              and(
                eq(userBrands.userId, userId),
                eq(brands.clientId, clientId),
                eq(brands.companyId, companyId),
              ),
            )
        : [];
      const storeRows = await db
        .select({ id: stores.id, chainId: stores.chainId })
        .from(userStores)
        .innerJoin(stores, eq(stores.id, userStores.storeId))
        .where(and(eq(userStores.userId, userId), eq(stores.clientId, clientId)));
      return {
        companyId,
        brandIds: brandRows.map((b) => b.id),
        retailChainIds: [...new Set(storeRows.map((s) => s.chainId))],
        storeIds: storeRows.map((s) => s.id),
      };
    },

    async rolesIn(userId: number, clientId: number) {
      const [membership] = await db
        .select({ roles: userClients.roles })
        .from(userClients)
        .where(and(eq(userClients.userId, userId), eq(userClients.clientId, clientId)));
      return membership?.roles;
    },

    async documentTaken(document: string, exceptUserId?: number) {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(users.document, document), exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined),
        );
      return Boolean(taken);
    },

    async emailTaken(email: string, exceptUserId?: number) {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) = ${email.toLowerCase()}`,
            exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined,
          ),
        );
      return Boolean(taken);
    },

    async usernameTaken(candidate: string) {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${candidate}`);
      return Boolean(taken);
    },

    async userById(userId: number) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      return user;
    },

    /** By lower-cased e-mail or by document key. */
    async userByEmailOrDocument(email: string, documentKey: string | null) {
      const [user] = await db
        .select()
        .from(users)
        .where(
          or(
            sql`lower(${users.email}) = ${email}`,
            documentKey ? eq(users.document, documentKey) : undefined,
          ),
        )
        .limit(1);
      return user;
    },

    async insertUser(values: typeof users.$inferInsert) {
      const [user] = await db.insert(users).values(values).returning({ id: users.id });
      return user!.id;
    },

    async updateUser(userId: number, set: Partial<typeof users.$inferInsert>) {
      await db.update(users).set(set).where(eq(users.id, userId));
    },

    async addMembership(userId: number, clientId: number, roles: (typeof userClients.$inferInsert)['roles']) {
      await db.insert(userClients).values({ userId, clientId, roles });
    },

    async insertRegistration(clientId: number, values: Omit<typeof registrations.$inferInsert, 'clientId'>) {
      await db.insert(registrations).values({ ...values, clientId });
    },

    async hasOpenOnboarding(userId: number, clientId: number) {
      const [reg] = await db
        .select({ id: registrations.id })
        .from(registrations)
        .where(
          and(
            eq(registrations.userId, userId),
            eq(registrations.clientId, clientId),
            isNull(registrations.onboardedAt),
          ),
        );
      return Boolean(reg);
    },

    async markOnboarded(userId: number, clientId: number) {
      await db
        .update(registrations)
        .set({ onboardedAt: new Date() })
        .where(and(eq(registrations.userId, userId), eq(registrations.clientId, clientId)));
    },
  };
}
