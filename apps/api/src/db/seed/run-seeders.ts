import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { unitOfWork } from '../unit-of-work';
import { appSettings } from '../schema/core';

export interface Seeder {
  /** Stable name: a seeder runs once per database, recorded as `seed:<name>`. */
  name: string;
  run(db: Db): Promise<void>;
}

/**
 * Runs each seeder that has not run on this database yet, in order, each in its own transaction with
 * its marker, so a seeder added later runs on an existing database and none runs twice.
 */
export async function runSeeders(db: Db, seeders: readonly Seeder[], log: (msg: string) => void = () => {}) {
  for (const seeder of seeders) {
    const key = `seed:${seeder.name}`;
    const [done] = await db.select().from(appSettings).where(eq(appSettings.key, key));
    if (done) continue;
    await unitOfWork(db).run(async (tx) => {
      await seeder.run(tx as unknown as Db);
      await tx.insert(appSettings).values({ key, value: new Date().toISOString() });
    });
    log(`seeded ${seeder.name}`);
  }
}
