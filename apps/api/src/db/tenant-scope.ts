import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../lib/errors';
import type { DbOrTx } from './client';

/**
 * A repo's handle on one client's rows (docs/product-rules.md, Tenancy). A repo of tenant-owned tables
 * is built from the caller's selected client, `tenantScope(db, request.tenant.clientId)`, and asks this
 * handle for its conditions, look-ups and new rows, so a query of a tenant-owned table cannot be written
 * without its client:
 *
 *   const scope = tenantScope(db, clientId);
 *   const badge = await scope.findOr404(badges, id);                    // another client's id: 404
 *   await db.select().from(badges).where(scope.where(badges, eq(badges.active, true)));
 *   await db.insert(badges).values(scope.row({ texts, criterion }));    // client_id filled in
 *   await db.update(badges).set(patch).where(scope.byId(badges, id));
 *
 * Raw SQL repos use `scope.clientId` in their statements; `apps/api/src/db/tenancy.test.ts` reads every
 * repo and refuses a statement on a tenant-owned table that does not name its client.
 *
 * The handle reads and writes through the app's `db`, so inside a unit of work it joins the unit's
 * transaction (db/unit-of-work.ts).
 */
export interface TenantTable extends PgTable {
  clientId: PgColumn;
}
export interface TenantTableWithId extends TenantTable {
  id: PgColumn;
}

export interface TenantScope {
  readonly clientId: number;
  /** `client_id = <client>` and every condition given. */
  where(table: TenantTable, ...conditions: (SQL | undefined)[]): SQL;
  /** `client_id = <client> and id = <id>`. */
  byId(table: TenantTableWithId, id: number): SQL;
  /** The row of this client with that id, or undefined (another client's row is not found either). */
  find<T extends TenantTableWithId>(table: T, id: number): Promise<T['$inferSelect'] | undefined>;
  /** As `find`, or NOT_FOUND (404): the same answer for a missing row and for another client's. */
  findOr404<T extends TenantTableWithId>(table: T, id: number): Promise<T['$inferSelect']>;
  /** A new row's values with this client's id set (a given client_id is overwritten). */
  row<V extends object>(values: V): V & { clientId: number };
}

export function tenantScope(db: DbOrTx, clientId: number): TenantScope {
  if (!Number.isSafeInteger(clientId) || clientId <= 0) throw new Error(`not a client id: ${clientId}`);
  const where = (table: TenantTable, ...conditions: (SQL | undefined)[]) =>
    and(eq(table.clientId, clientId), ...conditions)!;
  const byId = (table: TenantTableWithId, id: number) => where(table, eq(table.id, id));
  const find = async <T extends TenantTableWithId>(table: T, id: number) => {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return undefined;
    const rows = (await db
      .select(getTableColumns(table))
      .from(table as PgTable)
      .where(byId(table, id))
      .limit(1)) as T['$inferSelect'][];
    return rows[0];
  };
  return {
    clientId,
    where,
    byId,
    find,
    async findOr404(table, id) {
      const row = await find(table, id);
      if (!row) throw notFound();
      return row;
    },
    row: (values) => ({ ...values, clientId }),
  };
}
