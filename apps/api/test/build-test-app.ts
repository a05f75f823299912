import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { createLocalPubSub } from '../src/lib/pubsub';

export interface TestApp extends BuiltApp {
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** A fresh copy of the run's template database; the API built on it without listening. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const dump = new Blob([fs.readFileSync(template.dumpPath)]);
    const database = await openDatabase({ loadDataDir: dump });
    return { database, drop: async () => {} };
  }
  const name = `trilha_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.template}`);
  const url = new URL(template.adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trilha-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATA_DIR: dataDir,
    // Test apps send jobs; the tests of jobs start workers of their own.
    JOB_WORKERS: 'false',
    ...env,
  });
  const built = await buildApp({
    config,
    db: database.db,
    jobQueueConnection: database.jobQueueConnection,
    pubsub: createLocalPubSub(),
    logger: false,
  });
  // Test apps run no job workers. The messages a request queued are delivered once it has answered and
  // before its answer is handed back (its transaction has committed by then), so a test reads the outbox
  // and the mail capture right after; a failed try waits for its back-off like a worker's would.
  const { messaging } = built.modules;
  built.app.addHook('onSend', async () => {
    await messaging.deliverQueued();
  });
  await built.app.ready();
  return {
    ...built,
    database,
    config,
    async close() {
      await built.app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
