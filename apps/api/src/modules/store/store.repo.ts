import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus, StoreListQuery } from '@trilha/contracts/store';
import type { LanguageCode } from '@trilha/contracts/session';
import { rowsOf, type DbOrTx } from '../../db/client';
import {
  storeCategories,
  storeDepartments,
  storeItems,
  storeOrders,
  storeVariants,
  storeVouchers,
} from '../../db/schema/store';
import { countries } from '../../db/schema/core';
import { tenantScope } from '../../db/tenant-scope';
import { intArrayParam, textArrayParam } from '../learning/viewer';

export type DepartmentRow = typeof storeDepartments.$inferSelect;
export type CategoryRow = typeof storeCategories.$inferSelect;
export type ItemRow = typeof storeItems.$inferSelect;
export type VariantRow = typeof storeVariants.$inferSelect;
export type OrderRow = typeof storeOrders.$inferSelect;
export type ItemValues = Omit<
  ItemRow,
  'id' | 'clientId' | 'redeemed' | 'lowStockAlerted' | 'createdAt' | 'updatedAt'
>;

const LIKE_ESCAPE = /[\\%_]/g;

/** One client's store: its departments, categories, items, variants, vouchers and orders. */
export function createStoreRepo(db: DbOrTx, clientId: number) {
  const scope = tenantScope(db, clientId);
  // The outer column spelled out: inside the subqueries a bare "id" would be the voucher's own.
  const outerId = sql.raw('"store_items"."id"');
  const freeVouchers = sql<number>`(select count(*)::int from ${storeVouchers} v
    where v.item_id = ${outerId} and v.client_id = ${clientId} and v.order_id is null)`;
  const usedVouchers = sql<number>`(select count(*)::int from ${storeVouchers} v
    where v.item_id = ${outerId} and v.client_id = ${clientId} and v.order_id is not null)`;

  return {
    scope,

    // Departments and categories

    departments: () =>
      db
        .select()
        .from(storeDepartments)
        .where(scope.where(storeDepartments))
        .orderBy(asc(storeDepartments.position), asc(storeDepartments.id)),
    department: (id: number) => scope.findOr404(storeDepartments, id),
    async createDepartment(values: { name: unknown; position: number }) {
      const [row] = await db.insert(storeDepartments).values(scope.row(values)).returning();
      return row!;
    },
    async updateDepartment(id: number, values: { name: unknown; position: number }) {
      const [row] = await db
        .update(storeDepartments)
        .set(values)
        .where(scope.byId(storeDepartments, id))
        .returning();
      return row;
    },
    async deleteDepartment(id: number) {
      await db.delete(storeDepartments).where(scope.byId(storeDepartments, id));
    },

    categories: () =>
      db.select().from(storeCategories).where(scope.where(storeCategories)).orderBy(asc(storeCategories.id)),
    category: (id: number) => scope.findOr404(storeCategories, id),
    findCategory: (id: number) => scope.find(storeCategories, id),
    findDepartment: (id: number) => scope.find(storeDepartments, id),
    async createCategory(values: { name: unknown; maxPerUser: number | null; periodDays: number | null }) {
      const [row] = await db.insert(storeCategories).values(scope.row(values)).returning();
      return row!;
    },
    async updateCategory(
      id: number,
      values: { name: unknown; maxPerUser: number | null; periodDays: number | null },
    ) {
      const [row] = await db
        .update(storeCategories)
        .set(values)
        .where(scope.byId(storeCategories, id))
        .returning();
      return row;
    },
    async deleteCategory(id: number) {
      await db.delete(storeCategories).where(scope.byId(storeCategories, id));
    },
    async itemsUsing(column: 'departmentId' | 'categoryId', id: number) {
      const [row] = await db
        .select({ n: count() })
        .from(storeItems)
        .where(scope.where(storeItems, eq(storeItems[column], id)));
      return Number(row?.n ?? 0);
    },

    // Items

    item: (id: number) => scope.findOr404(storeItems, id),
    findItem: (id: number) => scope.find(storeItems, id),
    variants: (itemIds: readonly number[]) =>
      itemIds.length === 0
        ? Promise.resolve([] as VariantRow[])
        : db
            .select()
            .from(storeVariants)
            .where(scope.where(storeVariants, inArray(storeVariants.itemId, [...itemIds])))
            .orderBy(asc(storeVariants.id)),
    async voucherCounts(itemId: number) {
      const [row] = await db
        .select({ available: freeVouchers, handedOut: usedVouchers })
        .from(storeItems)
        .where(scope.byId(storeItems, itemId));
      return { available: Number(row?.available ?? 0), handedOut: Number(row?.handedOut ?? 0) };
    },
    async adminPage(q: string, page: number, pageSize: number, lang: LanguageCode) {
      const search = q ? titleLike(q, lang) : undefined;
      const [total] = await db.select({ n: count() }).from(storeItems).where(scope.where(storeItems, search));
      const rows = await db
        .select({ item: storeItems, available: freeVouchers, handedOut: usedVouchers })
        .from(storeItems)
        .where(scope.where(storeItems, search))
        .orderBy(desc(storeItems.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { rows, total: Number(total?.n ?? 0) };
    },
    async createItem(values: ItemValues) {
      const [row] = await db.insert(storeItems).values(scope.row(values)).returning();
      return row!;
    },
    async updateItem(id: number, values: Partial<ItemValues>) {
      await db
        .update(storeItems)
        .set({ ...values, updatedAt: new Date() })
        .where(scope.byId(storeItems, id));
    },
    async insertVariant(itemId: number, label: unknown, stock: number) {
      await db.insert(storeVariants).values(scope.row({ itemId, label, stock }));
    },
    async updateVariant(itemId: number, id: number, label: unknown, stock: number) {
      const rows = await db
        .update(storeVariants)
        .set({ label, stock })
        .where(scope.where(storeVariants, eq(storeVariants.id, id), eq(storeVariants.itemId, itemId)))
        .returning({ id: storeVariants.id });
      return rows.length > 0;
    },

    /** The learner's listing: active items open at `now`, filtered, sorted and paged. */
    async listing(
      query: StoreListQuery,
      now: Date,
      available: number,
      lang: LanguageCode,
      who: { countryId: number | null; areaIds: readonly number[]; roles: readonly string[] },
    ) {
      const at = now.toISOString();
      const stockOf = sql<number>`case when ${storeItems.hasVariants}
        then coalesce((select sum(sv.stock)::int from ${storeVariants} sv
          where sv.item_id = ${outerId} and sv.client_id = ${clientId}), 0)
        else ${storeItems.stock} end`;
      const conditions: (SQL | undefined)[] = [
        eq(storeItems.active, true),
        sql`(${storeItems.availableFrom} is null or ${storeItems.availableFrom} <= ${at})`,
        sql`(${storeItems.availableUntil} is null or ${storeItems.availableUntil} > ${at})`,
        query.categoryId ? eq(storeItems.categoryId, query.categoryId) : undefined,
        query.departmentId ? eq(storeItems.departmentId, query.departmentId) : undefined,
        query.priceMin !== undefined ? gte(storeItems.price, query.priceMin) : undefined,
        query.priceMax !== undefined ? lte(storeItems.price, query.priceMax) : undefined,
        query.affordable ? lte(storeItems.price, available) : undefined,
        query.q ? titleLike(query.q, lang) : undefined,
        // The item's audience (store.service `inAudience`): every list that is set matches.
        sql`(cardinality(${storeItems.audienceAreaIds}) = 0 or ${storeItems.audienceAreaIds} && ${intArrayParam(who.areaIds)}::int[])`,
        sql`(cardinality(${storeItems.audienceCountryIds}) = 0 or ${who.countryId ?? 0} = any(${storeItems.audienceCountryIds}))`,
        sql`(cardinality(${storeItems.audienceRoles}) = 0 or ${storeItems.audienceRoles} && ${textArrayParam(who.roles)}::text[])`,
      ];
      const title = sql`lower(coalesce(nullif(${storeItems.title} ->> ${lang}, ''), ${storeItems.title} ->> 'pt-BR'))`;
      const order =
        query.sort === 'az'
          ? [asc(title), asc(storeItems.id)]
          : query.sort === 'price_asc'
            ? [asc(storeItems.price), asc(storeItems.id)]
            : query.sort === 'price_desc'
              ? [desc(storeItems.price), asc(storeItems.id)]
              : [desc(storeItems.redeemed), asc(storeItems.id)];
      const [total] = await db
        .select({ n: count() })
        .from(storeItems)
        .where(scope.where(storeItems, ...conditions));
      const rows = await db
        .select({ item: storeItems, stock: stockOf })
        .from(storeItems)
        .where(scope.where(storeItems, ...conditions))
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return { rows, total: Number(total?.n ?? 0) };
    },

    // Redemption

    orderByKey: async (userId: number, key: string) => {
      const [row] = await db
        .select()
        .from(storeOrders)
        .where(scope.where(storeOrders, eq(storeOrders.userId, userId), eq(storeOrders.idempotencyKey, key)));
      return row;
    },

    /** Units of the category the user redeemed since `since` (null: ever), reproved orders aside. */
    async redeemedInCategory(userId: number, categoryId: number, since: Date | null) {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${storeOrders.quantity}), 0)::int` })
        .from(storeOrders)
        .where(
          scope.where(
            storeOrders,
            eq(storeOrders.userId, userId),
            eq(storeOrders.categoryId, categoryId),
            ne(storeOrders.status, 'reproved'),
            since ? gte(storeOrders.createdAt, since) : undefined,
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** Takes one unit of the item (or its variant) if one is left; false when none is. */
    async takeUnit(itemId: number, variantId: number | null): Promise<boolean> {
      if (variantId !== null) {
        const taken = await db
          .update(storeVariants)
          .set({ stock: sql`${storeVariants.stock} - 1` })
          .where(
            scope.where(
              storeVariants,
              eq(storeVariants.id, variantId),
              eq(storeVariants.itemId, itemId),
              gte(storeVariants.stock, 1),
            ),
          )
          .returning({ id: storeVariants.id });
        if (taken.length === 0) return false;
        await db
          .update(storeItems)
          .set({ redeemed: sql`${storeItems.redeemed} + 1` })
          .where(scope.byId(storeItems, itemId));
        return true;
      }
      const taken = await db
        .update(storeItems)
        .set({ stock: sql`${storeItems.stock} - 1`, redeemed: sql`${storeItems.redeemed} + 1` })
        .where(scope.where(storeItems, eq(storeItems.id, itemId), gte(storeItems.stock, 1)))
        .returning({ id: storeItems.id });
      return taken.length > 0;
    },

    /** Gives a unit back (a reproved order). */
    async returnUnit(itemId: number, variantId: number | null) {
      if (variantId !== null) {
        await db
          .update(storeVariants)
          .set({ stock: sql`${storeVariants.stock} + 1` })
          .where(scope.where(storeVariants, eq(storeVariants.id, variantId)));
        await db
          .update(storeItems)
          .set({ redeemed: sql`greatest(${storeItems.redeemed} - 1, 0)` })
          .where(scope.byId(storeItems, itemId));
        return;
      }
      await db
        .update(storeItems)
        .set({
          stock: sql`${storeItems.stock} + 1`,
          redeemed: sql`greatest(${storeItems.redeemed} - 1, 0)`,
        })
        .where(scope.byId(storeItems, itemId));
    },

    async insertOrder(values: Omit<typeof storeOrders.$inferInsert, 'clientId'>) {
      const [row] = await db.insert(storeOrders).values(scope.row(values)).returning();
      return row!;
    },

    /** Hands the order one free voucher of the item (skipping ones other buyers are taking); null: none left. */
    async assignVoucher(itemId: number, orderId: number): Promise<number | null> {
      const rows = await db
        .update(storeVouchers)
        .set({ orderId })
        .where(
          scope.where(
            storeVouchers,
            sql`${storeVouchers.id} = (select v.id from ${storeVouchers} v
              where v.client_id = ${clientId} and v.item_id = ${itemId} and v.order_id is null
              order by v.id limit 1 for update skip locked)`,
          ),
        )
        .returning({ id: storeVouchers.id });
      return rows[0]?.id ?? null;
    },
    async releaseVoucher(orderId: number) {
      await db
        .update(storeVouchers)
        .set({ orderId: null })
        .where(scope.where(storeVouchers, eq(storeVouchers.orderId, orderId)));
    },
    async voucherOf(orderId: number) {
      const [row] = await db
        .select({ sealedCode: storeVouchers.sealedCode })
        .from(storeVouchers)
        .where(scope.where(storeVouchers, eq(storeVouchers.orderId, orderId)));
      return row?.sealedCode ?? null;
    },
    async insertVouchers(itemId: number, sealed: readonly string[]) {
      if (sealed.length === 0) return;
      await db
        .insert(storeVouchers)
        .values(sealed.map((sealedCode) => scope.row({ itemId, sealedCode, orderId: null })));
      await db
        .update(storeItems)
        .set({ stock: sql`${storeItems.stock} + ${sealed.length}` })
        .where(scope.byId(storeItems, itemId));
    },

    // Orders

    order: (id: number) => scope.findOr404(storeOrders, id),

    /** Moves the order from one of `from` to `to`, with the columns given; undefined when it was not in `from`. */
    async moveOrder(
      id: number,
      from: readonly OrderStatus[],
      to: OrderStatus,
      set: Partial<typeof storeOrders.$inferInsert>,
    ) {
      const [row] = await db
        .update(storeOrders)
        .set({ ...set, status: to })
        .where(scope.where(storeOrders, eq(storeOrders.id, id), inArray(storeOrders.status, [...from])))
        .returning();
      return row;
    },

    async ordersPage(
      filter: { userId?: number; status?: OrderStatus; itemId?: number },
      page: number,
      pageSize: number,
    ) {
      const conditions = [
        filter.userId ? eq(storeOrders.userId, filter.userId) : undefined,
        filter.status ? eq(storeOrders.status, filter.status) : undefined,
        filter.itemId ? eq(storeOrders.itemId, filter.itemId) : undefined,
      ];
      const [total] = await db
        .select({ n: count() })
        .from(storeOrders)
        .where(scope.where(storeOrders, ...conditions));
      const rows = await db
        .select({ order: storeOrders, title: storeItems.title, kind: storeItems.kind })
        .from(storeOrders)
        .innerJoin(storeItems, eq(storeItems.id, storeOrders.itemId))
        .where(and(scope.where(storeOrders, ...conditions), eq(storeItems.clientId, clientId)))
        .orderBy(desc(storeOrders.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** The queue's orders older than `beforeId` (null: from the newest), newest first: the export's pages. */
    async ordersBefore(
      filter: { userId?: number; status?: OrderStatus; itemId?: number },
      beforeId: number | null,
      limit: number,
    ) {
      return db
        .select({ order: storeOrders, title: storeItems.title, kind: storeItems.kind })
        .from(storeOrders)
        .innerJoin(storeItems, eq(storeItems.id, storeOrders.itemId))
        .where(
          and(
            scope.where(
              storeOrders,
              filter.userId ? eq(storeOrders.userId, filter.userId) : undefined,
              filter.status ? eq(storeOrders.status, filter.status) : undefined,
              filter.itemId ? eq(storeOrders.itemId, filter.itemId) : undefined,
              beforeId !== null ? lt(storeOrders.id, beforeId) : undefined,
            ),
            eq(storeItems.clientId, clientId),
          ),
        )
        .orderBy(desc(storeOrders.id))
        .limit(limit);
    },

    /**
     * Brings the item's low-stock flags in step with its stock (each variant's, for an item with variants):
     * answers the units that have just gone low (flag set now), so staff are told once per crossing; units
     * that went back above have their flag cleared.
     */
    async syncLowStock(itemId: number) {
      const items = rowsOf<{ stock: number; low: boolean }>(
        await db.execute(sql`update store_items x
          set low_stock_alerted = (x.active and x.stock <= x.low_stock_threshold)
          where x.client_id = ${clientId} and x.id = ${itemId} and not x.has_variants
            and x.low_stock_alerted <> (x.active and x.stock <= x.low_stock_threshold)
          returning x.stock, x.low_stock_alerted as low`),
      );
      const variants = rowsOf<{ stock: number; low: boolean; label: unknown }>(
        await db.execute(sql`update store_variants v
          set low_stock_alerted = (i.active and i.has_variants and v.stock <= i.low_stock_threshold)
          from store_items i
          where v.client_id = ${clientId} and i.client_id = ${clientId} and v.item_id = i.id and i.id = ${itemId}
            and v.low_stock_alerted <> (i.active and i.has_variants and v.stock <= i.low_stock_threshold)
          returning v.stock, v.low_stock_alerted as low, v.label`),
      );
      return [
        ...items.filter((r) => r.low).map((r) => ({ stock: Number(r.stock), label: null as unknown })),
        ...variants.filter((r) => r.low).map((r) => ({ stock: Number(r.stock), label: r.label })),
      ];
    },

    /** Active items and variants at or under their threshold, fewest units first (at most `limit`). */
    async lowStock(limit: number) {
      return rowsOf<{
        item_id: number;
        variant_id: number | null;
        title: unknown;
        label: unknown;
        stock: number;
        threshold: number;
        kind: 'physical' | 'digital';
      }>(
        await db.execute(sql`select x.id as item_id, null::int as variant_id, x.title, null::jsonb as label,
            x.stock, x.low_stock_threshold as threshold, x.kind
          from store_items x
          where x.client_id = ${clientId} and x.active and not x.has_variants
            and x.stock <= x.low_stock_threshold
          union all
          select x.id, v.id, x.title, v.label, v.stock, x.low_stock_threshold, x.kind
          from store_variants v join store_items x on x.id = v.item_id and x.client_id = ${clientId}
          where v.client_id = ${clientId} and x.active and x.has_variants and v.stock <= x.low_stock_threshold
          order by stock asc, item_id asc, variant_id asc nulls first
          limit ${limit}`),
      );
    },

    /** How many of these country ids exist. */
    async knownCountries(ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(countries)
        .where(inArray(countries.id, [...ids]));
      return Number(row?.n ?? 0);
    },

    freeVoucherCount: async (itemId: number) => {
      const [row] = await db
        .select({ n: count() })
        .from(storeVouchers)
        .where(scope.where(storeVouchers, eq(storeVouchers.itemId, itemId), isNull(storeVouchers.orderId)));
      return Number(row?.n ?? 0);
    },
  };
}

function titleLike(q: string, lang: LanguageCode) {
  const pattern = `%${q.toLowerCase().replace(LIKE_ESCAPE, (c) => `\\${c}`)}%`;
  return sql`(lower(${storeItems.title} ->> ${lang}) like ${pattern} or lower(${storeItems.title} ->> 'pt-BR') like ${pattern})`;
}

export type StoreRepo = ReturnType<typeof createStoreRepo>;
