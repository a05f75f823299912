import { asc, count, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { saleLines, sales } from '../../db/schema/sales';
import { tenantScope } from '../../db/tenant-scope';
import type { SaleStatus } from '@trilha/contracts/sales';

export type SaleRow = typeof sales.$inferSelect;
export type SaleLineRow = typeof saleLines.$inferSelect;
export type NewSale = Omit<
  typeof sales.$inferInsert,
  | 'id'
  | 'clientId'
  | 'status'
  | 'createdAt'
  | 'decidedAt'
  | 'decidedBy'
  | 'rejectionReason'
  | 'creditedPoints'
  | 'creditedXp'
  | 'multiplier'
>;

/** One client's sale reports and their lines. */
export function createSalesRepo(db: DbOrTx, clientId: number) {
  const scope = tenantScope(db, clientId);

  const mine = (userId: number, campaignId?: number, status?: SaleStatus) =>
    scope.where(
      sales,
      eq(sales.userId, userId),
      campaignId === undefined ? undefined : eq(sales.campaignId, campaignId),
      status === undefined ? undefined : eq(sales.status, status),
    );

  return {
    /** The new sale, or undefined when its invoice key is already taken in the campaign. */
    async insertSale(values: NewSale) {
      const [row] = await db
        .insert(sales)
        .values(scope.row(values))
        .onConflictDoNothing({ target: [sales.clientId, sales.campaignId, sales.invoiceKey] })
        .returning();
      return row;
    },
    async insertLines(
      saleId: number,
      lines: readonly { productId: number; quantity: number; points: number }[],
    ) {
      return db
        .insert(saleLines)
        .values(lines.map((l) => scope.row({ saleId, ...l })))
        .returning();
    },
    async mySales(
      userId: number,
      filter: { campaignId?: number; status?: SaleStatus },
      page: number,
      pageSize: number,
    ) {
      const cond = mine(userId, filter.campaignId, filter.status);
      const [rows, [total], [pending]] = await Promise.all([
        db
          .select({
            sale: sales,
            lineCount: sql<number>`(select count(*)::int from sale_lines l
              where l.client_id = ${clientId} and l.sale_id = sales.id)`,
          })
          .from(sales)
          .where(cond)
          .orderBy(desc(sales.createdAt), desc(sales.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(sales).where(cond),
        db
          .select({ points: sum(sales.basePoints) })
          .from(sales)
          .where(scope.where(sales, cond, eq(sales.status, 'pending'))),
      ]);
      return {
        rows,
        total: Number(total?.n ?? 0),
        pendingPoints: Number(pending?.points ?? 0),
      };
    },
    async mySale(userId: number, id: number) {
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return undefined;
      const [row] = await db
        .select()
        .from(sales)
        .where(scope.where(sales, eq(sales.id, id), eq(sales.userId, userId)));
      return row;
    },
    async linesOf(saleIds: readonly number[]) {
      if (saleIds.length === 0) return [];
      return db
        .select()
        .from(saleLines)
        .where(scope.where(saleLines, inArray(saleLines.saleId, [...saleIds])))
        .orderBy(asc(saleLines.id));
    },
  };
}

export type SalesRepo = ReturnType<typeof createSalesRepo>;
