import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../test/factories';
import { openTestDatabase } from '../../test/build-test-app';
import type { Database } from './client';
import { learningTags } from './schema/learning';
import { tenantScope } from './tenant-scope';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop();
});

describe('tenantScope', () => {
  it("finds a client's own row and answers another client's row as not found", async () => {
    const { db } = database;
    const a = await createClient(db);
    const b = await createClient(db);
    const scopeA = tenantScope(db, a.id);
    const [tag] = await db
      .insert(learningTags)
      .values(scopeA.row({ name: 'Vendas', clientId: b.id }))
      .returning();
    expect(tag!.clientId, 'row() sets the scope client over a given one').toBe(a.id);

    expect((await scopeA.find(learningTags, tag!.id))?.name).toBe('Vendas');
    expect(await tenantScope(db, b.id).find(learningTags, tag!.id)).toBeUndefined();
    await expect(tenantScope(db, b.id).findOr404(learningTags, tag!.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    // Ids a path could carry that are no row's: not found, never a database error.
    for (const id of [0, -1, 2 ** 31, Number.NaN, 1.5])
      expect(await scopeA.find(learningTags, id)).toBeUndefined();
  });

  it('scopes conditions and updates to the client', async () => {
    const { db } = database;
    const a = await createClient(db);
    const b = await createClient(db);
    const [mine] = await db.insert(learningTags).values({ clientId: a.id, name: 'Mine' }).returning();
    await db.insert(learningTags).values({ clientId: b.id, name: 'Mine' });
    const scope = tenantScope(db, a.id);
    const rows = await db
      .select()
      .from(learningTags)
      .where(scope.where(learningTags, eq(learningTags.name, 'Mine')));
    expect(rows.map((r) => r.clientId)).toEqual([a.id]);

    const updated = await db
      .update(learningTags)
      .set({ name: 'Renamed' })
      .where(tenantScope(db, b.id).byId(learningTags, mine!.id))
      .returning();
    expect(updated, "another client's scope updates nothing").toEqual([]);
  });

  it('refuses to build a scope without a client', () => {
    expect(() => tenantScope(database.db, 0)).toThrow();
    expect(() => tenantScope(database.db, Number.NaN)).toThrow();
  });
});
