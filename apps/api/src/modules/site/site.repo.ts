import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sites } from '../../db/schema/core';

export type SiteRow = typeof sites.$inferSelect;

/** Sites are platform rows (a site may serve several clients): nothing here is scoped by a client. */
export function createSiteRepo(db: DbOrTx) {
  return {
    all: (): Promise<SiteRow[]> => db.select().from(sites),

    async byId(siteId: number): Promise<SiteRow | undefined> {
      const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
      return site;
    },

    async update(siteId: number, set: Partial<typeof sites.$inferInsert>) {
      await db.update(sites).set(set).where(eq(sites.id, siteId));
    },
  };
}
