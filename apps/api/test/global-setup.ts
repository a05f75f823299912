import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { runSeeders } from '../src/db/seed/run-seeders';
import { baseSeeders } from '../src/db/seed/seeders';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate:
      { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; adminUrl: string; template: string };
  }
}

/**
 * Builds one migrated, reference-seeded database per test run; every test file then starts from a
 * copy of it (a PGlite data-dir dump, or a PostgreSQL database created from a template).
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = `trilha_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await database.migrate();
    await runSeeders(database.db, baseSeeders);
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', adminUrl: databaseUrl, template });
    return async () => {
      // Test databases made from the template are dropped by their files; the template goes last.
      const leftovers = await admin.query(
        `select datname from pg_database where datname like 'trilha_t_${process.pid}_%'`,
      );
      for (const row of leftovers.rows as { datname: string }[]) {
        await admin.query(`drop database if exists ${row.datname} with (force)`);
      }
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const database = await openDatabase({});
  await database.migrate();
  await runSeeders(database.db, baseSeeders);
  const dump = await database.dump!();
  const dir = path.resolve(import.meta.dirname, '../../../.data-test');
  fs.mkdirSync(dir, { recursive: true });
  const dumpPath = path.join(dir, `template-${process.pid}.tar`);
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', { kind: 'pglite', dumpPath });
  return () => fs.rmSync(dumpPath, { force: true });
}
