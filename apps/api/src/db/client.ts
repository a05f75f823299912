import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { fromPglite, type ConstructorOptions as JobQueueConnection } from 'pg-boss';
import { installJobQueue } from '../jobs/job-queue';
import { migrationAreas } from './areas';
import * as schema from './schema';
import { ambientDb } from './unit-of-work';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a transaction callback receives; the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  /** Joins the unit of work open in the caller's async context, if any (`unit-of-work.ts`). */
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tar, to start other databases from (tests). */
  dump?: () => Promise<Blob>;
  /** How the durable job queue (pg-boss) reaches this database: PGlite's own client, or a small pool. */
  jobQueueConnection: JobQueueConnection;
}

const migrationsRoot = path.resolve(import.meta.dirname, 'migrations');

/** Applies every area's migrations in order, each area with its own journal table. */
async function migrateAreas(run: (folder: string, table: string) => Promise<void>) {
  for (const area of migrationAreas) {
    const folder = path.join(migrationsRoot, area.name);
    if (!fs.existsSync(path.join(folder, 'meta', '_journal.json'))) continue;
    await run(folder, area.name === 'core' ? '__drizzle_migrations' : `__drizzle_migrations_${area.name}`);
  }
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** A PGlite data directory dump (tar) to start from instead of an empty database (tests). */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover, a dropped test database) must not crash the
    // process: the pool replaces it on the next query.
    pool.on('error', (err) => console.error('[db] idle connection error:', err.message));
    const db = ambientDb(drizzlePg(pool, { schema }) as unknown as Db);
    const jobQueueConnection: JobQueueConnection = { connectionString: opts.databaseUrl, max: 2 };
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migrateAreas((migrationsFolder, migrationsTable) =>
          migratePg(drizzlePg(pool), { migrationsFolder, migrationsTable }),
        );
        await installJobQueue(jobQueueConnection);
      },
      close: () => pool.end(),
      jobQueueConnection,
    };
  }
  let dataDir: string | undefined;
  if (opts.dataDir) {
    dataDir = path.resolve(opts.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, loadDataDir: opts.loadDataDir });
  const db = ambientDb(drizzlePglite(client, { schema }) as unknown as Db);
  const jobQueueConnection: JobQueueConnection = { db: fromPglite(client), backend: 'pglite' };
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migrateAreas((migrationsFolder, migrationsTable) =>
        migratePglite(drizzlePglite(client), { migrationsFolder, migrationsTable }),
      );
      await installJobQueue(jobQueueConnection);
    },
    close: () => client.close(),
    dump: async () => (await client.dumpDataDir('none')) as Blob,
    jobQueueConnection,
  };
}

/** The rows of a raw `db.execute(sql…)` result (both drivers answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
