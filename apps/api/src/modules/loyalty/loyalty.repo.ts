import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import {
  loyaltyBrands,
  loyaltyCampaignProducts,
  loyaltyCampaigns,
  loyaltyCampaignStores,
  loyaltyCountries,
  loyaltyLevels,
  loyaltyMemberLevels,
  loyaltyProducts,
  loyaltyRegistrations,
  loyaltyRetailers,
  loyaltyStores,
} from '../../db/schema/loyalty';
import { tenantScope } from '../../db/tenant-scope';

export type CountryRow = typeof loyaltyCountries.$inferSelect;
export type RetailerRow = typeof loyaltyRetailers.$inferSelect;
export type StoreRow = typeof loyaltyStores.$inferSelect;
export type BrandRow = typeof loyaltyBrands.$inferSelect;
export type ProductRow = typeof loyaltyProducts.$inferSelect;
export type LevelRow = typeof loyaltyLevels.$inferSelect;
export type CampaignRow = typeof loyaltyCampaigns.$inferSelect;
export type RegistrationRow = typeof loyaltyRegistrations.$inferSelect;

export type CountryValues = Pick<CountryRow, 'code' | 'name' | 'countryGroup'>;
export type RetailerValues = Pick<RetailerRow, 'countryId' | 'name' | 'countryGroup' | 'active'>;
export type StoreValues = Pick<
  StoreRow,
  'retailerId' | 'countryId' | 'code' | 'name' | 'city' | 'timeZone' | 'phonesAndCamerasAllowed' | 'active'
>;
export type ProductValues = Pick<
  ProductRow,
  'brandId' | 'sku' | 'name' | 'productType' | 'processor' | 'processorGeneration' | 'formFactor' | 'active'
>;
export type CampaignValues = Pick<CampaignRow, 'name' | 'beginsAt' | 'endsAt' | 'countryGroup'>;

const LIKE_ESCAPE = /[\\%_]/g;
const likeOf = (q: string) => `%${q.replace(LIKE_ESCAPE, (c) => `\\${c}`)}%`;
const paging = (page: number, pageSize: number) => ({ limit: pageSize, offset: (page - 1) * pageSize });
const num = (v: unknown) => Number(v ?? 0);

/** A store as the learner's picker and the back office list it: with its chain and country. */
export interface StoreListRow {
  store: StoreRow;
  retailerName: string;
  countryCode: string;
}

/** One client's loyalty program: structure, levels, campaigns and registrations. */
export function createLoyaltyRepo(db: DbOrTx, clientId: number) {
  const scope = tenantScope(db, clientId);

  async function paged<T>(
    rows: Promise<T[]>,
    total: Promise<{ n: number }[]>,
  ): Promise<{ rows: T[]; total: number }> {
    const [r, t] = await Promise.all([rows, total]);
    return { rows: r, total: num(t[0]?.n) };
  }

  const storeSearch = (q: string) =>
    q
      ? or(
          ilike(loyaltyStores.name, likeOf(q)),
          ilike(loyaltyStores.code, likeOf(q)),
          ilike(loyaltyStores.city, likeOf(q)),
        )
      : undefined;

  const storeColumns = {
    store: loyaltyStores,
    retailerName: loyaltyRetailers.name,
    countryCode: loyaltyCountries.code,
  };

  return {
    scope,

    // Countries

    countries: (q: string, page: number, pageSize: number) => {
      const cond = and(
        q ? or(ilike(loyaltyCountries.name, likeOf(q)), ilike(loyaltyCountries.code, likeOf(q))) : undefined,
      );
      const { limit, offset } = paging(page, pageSize);
      return paged(
        db
          .select()
          .from(loyaltyCountries)
          .where(scope.where(loyaltyCountries, cond))
          .orderBy(asc(loyaltyCountries.name), asc(loyaltyCountries.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(loyaltyCountries).where(scope.where(loyaltyCountries, cond)),
      );
    },
    findCountry: (id: number) => scope.find(loyaltyCountries, id),
    async countryByCode(code: string) {
      const [row] = await db
        .select()
        .from(loyaltyCountries)
        .where(scope.where(loyaltyCountries, eq(loyaltyCountries.code, code)));
      return row;
    },
    async insertCountry(values: CountryValues) {
      const [row] = await db.insert(loyaltyCountries).values(scope.row(values)).returning();
      return row!;
    },
    async updateCountry(id: number, values: CountryValues) {
      const [row] = await db
        .update(loyaltyCountries)
        .set(values)
        .where(scope.byId(loyaltyCountries, id))
        .returning();
      return row;
    },
    async deleteCountry(id: number) {
      await db.delete(loyaltyCountries).where(scope.byId(loyaltyCountries, id));
    },
    async countryInUse(id: number) {
      const [r] = await db
        .select({ n: count() })
        .from(loyaltyRetailers)
        .where(scope.where(loyaltyRetailers, eq(loyaltyRetailers.countryId, id)));
      return num(r?.n) > 0;
    },

    // Retailers

    retailers: (q: string, page: number, pageSize: number) => {
      const cond = and(q ? ilike(loyaltyRetailers.name, likeOf(q)) : undefined);
      const { limit, offset } = paging(page, pageSize);
      return paged(
        db
          .select({ retailer: loyaltyRetailers, countryCode: loyaltyCountries.code })
          .from(loyaltyRetailers)
          .innerJoin(
            loyaltyCountries,
            and(eq(loyaltyCountries.id, loyaltyRetailers.countryId), eq(loyaltyCountries.clientId, clientId)),
          )
          .where(scope.where(loyaltyRetailers, cond))
          .orderBy(asc(loyaltyRetailers.name), asc(loyaltyRetailers.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(loyaltyRetailers).where(scope.where(loyaltyRetailers, cond)),
      );
    },
    findRetailer: (id: number) => scope.find(loyaltyRetailers, id),
    async retailerByName(countryId: number, name: string) {
      const [row] = await db
        .select()
        .from(loyaltyRetailers)
        .where(
          scope.where(
            loyaltyRetailers,
            eq(loyaltyRetailers.countryId, countryId),
            eq(loyaltyRetailers.name, name),
          ),
        );
      return row;
    },
    async insertRetailer(values: RetailerValues) {
      const [row] = await db.insert(loyaltyRetailers).values(scope.row(values)).returning();
      return row!;
    },
    async updateRetailer(id: number, values: RetailerValues) {
      const [row] = await db
        .update(loyaltyRetailers)
        .set(values)
        .where(scope.byId(loyaltyRetailers, id))
        .returning();
      return row;
    },
    async deleteRetailer(id: number) {
      await db.delete(loyaltyRetailers).where(scope.byId(loyaltyRetailers, id));
    },
    async retailerInUse(id: number) {
      const [r] = await db
        .select({ n: count() })
        .from(loyaltyStores)
        .where(scope.where(loyaltyStores, eq(loyaltyStores.retailerId, id)));
      return num(r?.n) > 0;
    },

    // Stores

    stores: (q: string, page: number, pageSize: number): Promise<{ rows: StoreListRow[]; total: number }> => {
      const cond = and(storeSearch(q));
      const { limit, offset } = paging(page, pageSize);
      return paged(
        db
          .select(storeColumns)
          .from(loyaltyStores)
          .innerJoin(
            loyaltyRetailers,
            and(eq(loyaltyRetailers.id, loyaltyStores.retailerId), eq(loyaltyRetailers.clientId, clientId)),
          )
          .innerJoin(
            loyaltyCountries,
            and(eq(loyaltyCountries.id, loyaltyStores.countryId), eq(loyaltyCountries.clientId, clientId)),
          )
          .where(scope.where(loyaltyStores, cond))
          .orderBy(asc(loyaltyStores.name), asc(loyaltyStores.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(loyaltyStores).where(scope.where(loyaltyStores, cond)),
      );
    },
    /** The active stores of a campaign, for the learner to pick one. */
    campaignStores: (
      campaignId: number,
      q: string,
      page: number,
      pageSize: number,
    ): Promise<{ rows: StoreListRow[]; total: number }> => {
      const cond = and(
        eq(loyaltyStores.active, true),
        storeSearch(q),
        sql`exists (select 1 from ${loyaltyCampaignStores} cs where cs.client_id = ${clientId}
          and cs.campaign_id = ${campaignId} and cs.store_id = ${loyaltyStores.id})`,
      );
      const { limit, offset } = paging(page, pageSize);
      return paged(
        db
          .select(storeColumns)
          .from(loyaltyStores)
          .innerJoin(
            loyaltyRetailers,
            and(eq(loyaltyRetailers.id, loyaltyStores.retailerId), eq(loyaltyRetailers.clientId, clientId)),
          )
          .innerJoin(
            loyaltyCountries,
            and(eq(loyaltyCountries.id, loyaltyStores.countryId), eq(loyaltyCountries.clientId, clientId)),
          )
          .where(scope.where(loyaltyStores, cond))
          .orderBy(asc(loyaltyStores.name), asc(loyaltyStores.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(loyaltyStores).where(scope.where(loyaltyStores, cond)),
      );
    },
    async storeWithPlace(id: number) {
      const [row] = await db
        .select({
          store: loyaltyStores,
          countryGroup: loyaltyCountries.countryGroup,
          retailerGroup: loyaltyRetailers.countryGroup,
          retailerName: loyaltyRetailers.name,
          countryCode: loyaltyCountries.code,
        })
        .from(loyaltyStores)
        .innerJoin(
          loyaltyRetailers,
          and(eq(loyaltyRetailers.id, loyaltyStores.retailerId), eq(loyaltyRetailers.clientId, clientId)),
        )
        .innerJoin(
          loyaltyCountries,
          and(eq(loyaltyCountries.id, loyaltyStores.countryId), eq(loyaltyCountries.clientId, clientId)),
        )
        .where(scope.byId(loyaltyStores, id));
      return row;
    },
    findStore: (id: number) => scope.find(loyaltyStores, id),
    async storeByCode(code: string) {
      const [row] = await db
        .select()
        .from(loyaltyStores)
        .where(scope.where(loyaltyStores, eq(loyaltyStores.code, code)));
      return row;
    },
    async insertStore(values: StoreValues) {
      const [row] = await db.insert(loyaltyStores).values(scope.row(values)).returning();
      return row!;
    },
    async updateStore(id: number, values: StoreValues) {
      const [row] = await db
        .update(loyaltyStores)
        .set(values)
        .where(scope.byId(loyaltyStores, id))
        .returning();
      return row;
    },
    async deleteStore(id: number) {
      await db.delete(loyaltyStores).where(scope.byId(loyaltyStores, id));
    },
    async storeInUse(id: number) {
      const [a] = await db
        .select({ n: count() })
        .from(loyaltyCampaignStores)
        .where(scope.where(loyaltyCampaignStores, eq(loyaltyCampaignStores.storeId, id)));
      const [b] = await db
        .select({ n: count() })
        .from(loyaltyRegistrations)
        .where(scope.where(loyaltyRegistrations, eq(loyaltyRegistrations.storeId, id)));
      return num(a?.n) + num(b?.n) > 0;
    },
    async existingStoreIds(ids: readonly number[]) {
      if (ids.length === 0) return new Set<number>();
      const rows = await db
        .select({ id: loyaltyStores.id })
        .from(loyaltyStores)
        .where(scope.where(loyaltyStores, inArray(loyaltyStores.id, [...ids])));
      return new Set(rows.map((r) => r.id));
    },

    /** Of these stores, those whose group (the chain's own, else its country's) is not `group`. */
    async storesOutsideGroup(ids: readonly number[], group: number) {
      if (ids.length === 0) return [];
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`select s.id from loyalty_stores s
          join loyalty_retailers r on r.id = s.retailer_id and r.client_id = ${clientId}
          join loyalty_countries c on c.id = s.country_id and c.client_id = ${clientId}
          where s.client_id = ${clientId} and s.id in (${list})
            and coalesce(r.country_group, c.country_group) <> ${group}
          order by s.id`),
      );
      return rows.map((r) => Number(r.id));
    },

    // Brands

    brands: (q: string, page: number, pageSize: number) => {
      const cond = and(q ? ilike(loyaltyBrands.name, likeOf(q)) : undefined);
      const { limit, offset } = paging(page, pageSize);
      return paged(
        db
          .select()
          .from(loyaltyBrands)
          .where(scope.where(loyaltyBrands, cond))
          .orderBy(asc(loyaltyBrands.name), asc(loyaltyBrands.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(loyaltyBrands).where(scope.where(loyaltyBrands, cond)),
      );
    },
    findBrand: (id: number) => scope.find(loyaltyBrands, id),
    async brandByName(name: string) {
      const [row] = await db
        .select()
        .from(loyaltyBrands)
        .where(scope.where(loyaltyBrands, eq(loyaltyBrands.name, name)));
      return row;
    },
    async insertBrand(name: string) {
      const [row] = await db.insert(loyaltyBrands).values(scope.row({ name })).returning();
      return row!;
    },
    async updateBrand(id: number, name: string) {
      const [row] = await db
        .update(loyaltyBrands)
        .set({ name })
        .where(scope.byId(loyaltyBrands, id))
        .returning();
      return row;
    },
    async deleteBrand(id: number) {
      await db.delete(loyaltyBrands).where(scope.byId(loyaltyBrands, id));
    },
    async brandInUse(id: number) {
      const [r] = await db
        .select({ n: count() })
        .from(loyaltyProducts)
        .where(scope.where(loyaltyProducts, eq(loyaltyProducts.brandId, id)));
      return num(r?.n) > 0;
    },

    // Products

    products: (q: string, page: number, pageSize: number) => {
      const cond = and(
        q ? or(ilike(loyaltyProducts.name, likeOf(q)), ilike(loyaltyProducts.sku, likeOf(q))) : undefined,
      );
      const { limit, offset } = paging(page, pageSize);
      return paged(
        db
          .select({ product: loyaltyProducts, brandName: loyaltyBrands.name })
          .from(loyaltyProducts)
          .innerJoin(
            loyaltyBrands,
            and(eq(loyaltyBrands.id, loyaltyProducts.brandId), eq(loyaltyBrands.clientId, clientId)),
          )
          .where(scope.where(loyaltyProducts, cond))
          .orderBy(asc(loyaltyProducts.name), asc(loyaltyProducts.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(loyaltyProducts).where(scope.where(loyaltyProducts, cond)),
      );
    },
    findProduct: (id: number) => scope.find(loyaltyProducts, id),
    async productBySku(sku: string) {
      const [row] = await db
        .select()
        .from(loyaltyProducts)
        .where(scope.where(loyaltyProducts, eq(loyaltyProducts.sku, sku)));
      return row;
    },
    async insertProduct(values: ProductValues) {
      const [row] = await db.insert(loyaltyProducts).values(scope.row(values)).returning();
      return row!;
    },
    async updateProduct(id: number, values: ProductValues) {
      const [row] = await db
        .update(loyaltyProducts)
        .set(values)
        .where(scope.byId(loyaltyProducts, id))
        .returning();
      return row;
    },
    async deleteProduct(id: number) {
      await db.delete(loyaltyProducts).where(scope.byId(loyaltyProducts, id));
    },
    async productInUse(id: number) {
      const [r] = await db
        .select({ n: count() })
        .from(loyaltyCampaignProducts)
        .where(scope.where(loyaltyCampaignProducts, eq(loyaltyCampaignProducts.productId, id)));
      return num(r?.n) > 0;
    },
    async existingProductIds(ids: readonly number[]) {
      if (ids.length === 0) return new Set<number>();
      const rows = await db
        .select({ id: loyaltyProducts.id })
        .from(loyaltyProducts)
        .where(scope.where(loyaltyProducts, inArray(loyaltyProducts.id, [...ids])));
      return new Set(rows.map((r) => r.id));
    },

    // Levels

    levels: () =>
      db.select().from(loyaltyLevels).where(scope.where(loyaltyLevels)).orderBy(asc(loyaltyLevels.position)),
    async upsertLevel(position: number, values: { name: string; minXp: number; multiplier: string }) {
      const [row] = await db
        .insert(loyaltyLevels)
        .values(scope.row({ position, ...values }))
        .onConflictDoUpdate({
          target: [loyaltyLevels.clientId, loyaltyLevels.position],
          set: values,
          setWhere: eq(loyaltyLevels.clientId, clientId),
        })
        .returning();
      return row!;
    },
    async memberLevelId(userId: number) {
      const [row] = await db
        .select({ levelId: loyaltyMemberLevels.levelId })
        .from(loyaltyMemberLevels)
        .where(scope.where(loyaltyMemberLevels, eq(loyaltyMemberLevels.userId, userId)));
      return row?.levelId ?? null;
    },
    async setMemberLevel(userId: number, levelId: number) {
      await db
        .insert(loyaltyMemberLevels)
        .values(scope.row({ userId, levelId }))
        .onConflictDoUpdate({
          target: [loyaltyMemberLevels.clientId, loyaltyMemberLevels.userId],
          set: { levelId, updatedAt: new Date() },
          setWhere: eq(loyaltyMemberLevels.clientId, clientId),
        });
    },

    // Campaigns

    /** Stamps `frozen_at` on the campaigns that have started (once: the first read after the start). */
    async freezeStarted(now: Date) {
      await db
        .update(loyaltyCampaigns)
        .set({ frozenAt: sql`${loyaltyCampaigns.beginsAt}` })
        .where(
          scope.where(
            loyaltyCampaigns,
            sql`${loyaltyCampaigns.frozenAt} is null and ${loyaltyCampaigns.beginsAt} <= ${now}`,
          ),
        );
    },
    /** Campaigns that have begun (active and previous), newest first. */
    startedCampaigns: (now: Date) =>
      db
        .select()
        .from(loyaltyCampaigns)
        .where(scope.where(loyaltyCampaigns, sql`${loyaltyCampaigns.beginsAt} <= ${now}`))
        .orderBy(desc(loyaltyCampaigns.beginsAt), desc(loyaltyCampaigns.id))
        .limit(200),
    campaign: (id: number) => scope.findOr404(loyaltyCampaigns, id),
    findCampaign: (id: number) => scope.find(loyaltyCampaigns, id),
    async adminCampaigns(
      q: string,
      status: 'upcoming' | 'active' | 'previous' | undefined,
      now: Date,
      page: number,
      pageSize: number,
    ) {
      const byStatus =
        status === 'upcoming'
          ? sql`${loyaltyCampaigns.beginsAt} > ${now}`
          : status === 'active'
            ? sql`${loyaltyCampaigns.beginsAt} <= ${now} and ${loyaltyCampaigns.endsAt} > ${now}`
            : status === 'previous'
              ? sql`${loyaltyCampaigns.endsAt} <= ${now}`
              : undefined;
      const cond = and(q ? ilike(loyaltyCampaigns.name, likeOf(q)) : undefined, byStatus);
      const { limit, offset } = paging(page, pageSize);
      const id = sql.raw('"loyalty_campaigns"."id"');
      return paged(
        db
          .select({
            campaign: loyaltyCampaigns,
            stores: sql<number>`(select count(*)::int from ${loyaltyCampaignStores} s
              where s.client_id = ${clientId} and s.campaign_id = ${id})`,
            products: sql<number>`(select count(*)::int from ${loyaltyCampaignProducts} p
              where p.client_id = ${clientId} and p.campaign_id = ${id})`,
            registrations: sql<number>`(select count(*)::int from ${loyaltyRegistrations} r
              where r.client_id = ${clientId} and r.campaign_id = ${id})`,
          })
          .from(loyaltyCampaigns)
          .where(scope.where(loyaltyCampaigns, cond))
          .orderBy(desc(loyaltyCampaigns.beginsAt), desc(loyaltyCampaigns.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(loyaltyCampaigns).where(scope.where(loyaltyCampaigns, cond)),
      );
    },
    async insertCampaign(values: CampaignValues) {
      const [row] = await db.insert(loyaltyCampaigns).values(scope.row(values)).returning();
      return row!;
    },
    async updateCampaign(id: number, values: CampaignValues) {
      const [row] = await db
        .update(loyaltyCampaigns)
        .set(values)
        .where(scope.byId(loyaltyCampaigns, id))
        .returning();
      return row;
    },
    async deleteCampaign(id: number) {
      await db.delete(loyaltyCampaigns).where(scope.byId(loyaltyCampaigns, id));
    },
    async campaignStoreIds(campaignId: number) {
      const rows = await db
        .select({ id: loyaltyCampaignStores.storeId })
        .from(loyaltyCampaignStores)
        .where(scope.where(loyaltyCampaignStores, eq(loyaltyCampaignStores.campaignId, campaignId)))
        .orderBy(asc(loyaltyCampaignStores.storeId));
      return rows.map((r) => r.id);
    },
    async setCampaignStores(campaignId: number, storeIds: readonly number[]) {
      await db
        .delete(loyaltyCampaignStores)
        .where(scope.where(loyaltyCampaignStores, eq(loyaltyCampaignStores.campaignId, campaignId)));
      for (let i = 0; i < storeIds.length; i += 1000) {
        const chunk = storeIds.slice(i, i + 1000);
        await db
          .insert(loyaltyCampaignStores)
          .values(chunk.map((storeId) => scope.row({ campaignId, storeId })));
      }
    },
    async campaignProducts(campaignId: number) {
      return db
        .select({ productId: loyaltyCampaignProducts.productId, points: loyaltyCampaignProducts.points })
        .from(loyaltyCampaignProducts)
        .where(scope.where(loyaltyCampaignProducts, eq(loyaltyCampaignProducts.campaignId, campaignId)))
        .orderBy(asc(loyaltyCampaignProducts.productId));
    },
    async setCampaignProducts(
      campaignId: number,
      products: readonly { productId: number; points: number }[],
    ) {
      await db
        .delete(loyaltyCampaignProducts)
        .where(scope.where(loyaltyCampaignProducts, eq(loyaltyCampaignProducts.campaignId, campaignId)));
      for (let i = 0; i < products.length; i += 1000) {
        const chunk = products.slice(i, i + 1000);
        await db.insert(loyaltyCampaignProducts).values(chunk.map((p) => scope.row({ campaignId, ...p })));
      }
    },
    async campaignHasStore(campaignId: number, storeId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(loyaltyCampaignStores)
        .where(
          scope.where(
            loyaltyCampaignStores,
            eq(loyaltyCampaignStores.campaignId, campaignId),
            eq(loyaltyCampaignStores.storeId, storeId),
          ),
        );
      return num(row?.n) > 0;
    },
    /** How many registrations the campaign has. */
    async campaignInUse(campaignId: number) {
      const [r] = await db
        .select({ n: count() })
        .from(loyaltyRegistrations)
        .where(scope.where(loyaltyRegistrations, eq(loyaltyRegistrations.campaignId, campaignId)));
      return num(r?.n);
    },

    /** The campaign's products with their points, searchable by name, SKU, brand, type or processor. */
    async pointsTable(campaignId: number, q: string, page: number, pageSize: number) {
      const like = likeOf(q);
      const search = q
        ? sql`and (p.name ilike ${like} or p.sku ilike ${like} or b.name ilike ${like}
            or p.product_type ilike ${like} or p.processor ilike ${like})`
        : sql``;
      const { limit, offset } = paging(page, pageSize);
      const from = sql`from loyalty_campaign_products cp
        join loyalty_products p on p.id = cp.product_id and p.client_id = ${clientId}
        join loyalty_brands b on b.id = p.brand_id and b.client_id = ${clientId}
        where cp.client_id = ${clientId} and cp.campaign_id = ${campaignId} and p.active ${search}`;
      const [rows, total] = await Promise.all([
        db.execute(sql`select p.id, p.sku, p.name, b.name as brand, p.product_type, p.processor,
            p.processor_generation, p.form_factor, cp.points
          ${from} order by b.name, p.name, p.id limit ${limit} offset ${offset}`),
        db.execute(sql`select count(*)::int as n ${from}`),
      ]);
      return {
        rows: rowsOf<{
          id: number;
          sku: string;
          name: string;
          brand: string;
          product_type: string;
          processor: string;
          processor_generation: string;
          form_factor: string;
          points: number;
        }>(rows),
        total: num(rowsOf<{ n: number }>(total)[0]?.n),
      };
    },

    // Registrations

    async registrationsOf(userId: number, campaignIds: readonly number[]) {
      if (campaignIds.length === 0) return [];
      return db
        .select({ registration: loyaltyRegistrations, storeName: loyaltyStores.name })
        .from(loyaltyRegistrations)
        .innerJoin(
          loyaltyStores,
          and(eq(loyaltyStores.id, loyaltyRegistrations.storeId), eq(loyaltyStores.clientId, clientId)),
        )
        .where(
          scope.where(
            loyaltyRegistrations,
            eq(loyaltyRegistrations.userId, userId),
            inArray(loyaltyRegistrations.campaignId, [...campaignIds]),
          ),
        );
    },
    /** Registers once: answers undefined when the user already is (the unique index decides). */
    async insertRegistration(userId: number, campaignId: number, storeId: number, at: Date) {
      const [row] = await db
        .insert(loyaltyRegistrations)
        .values(scope.row({ userId, campaignId, storeId, status: 'active' as const, registeredAt: at }))
        .onConflictDoNothing({
          target: [
            loyaltyRegistrations.clientId,
            loyaltyRegistrations.userId,
            loyaltyRegistrations.campaignId,
          ],
        })
        .returning();
      return row;
    },
  };
}

export type LoyaltyRepo = ReturnType<typeof createLoyaltyRepo>;
