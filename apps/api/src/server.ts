import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_PASSWORD, demoAccounts } from './db/seed/demo';
import { runSeeders } from './db/seed/run-seeders';
import { baseSeeders, demoSeeders } from './db/seed/seeders';

const started = Date.now();
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  poolSize: config.DATABASE_POOL_SIZE,
});
await database.migrate();
const log = (msg: string) => console.log(`[trilha] ${msg}`);
await runSeeders(database.db, config.SEED_DEMO ? [...baseSeeders, ...demoSeeders] : baseSeeders, log);

const { app } = await buildApp({ config, db: database.db });
await app.listen({ host: config.HOST, port: config.PORT });

const where = database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
log(`listening on http://localhost:${config.PORT} (database: ${where}) in ${Date.now() - started} ms`);
if (config.SEED_DEMO) {
  log(`demo accounts (password ${DEMO_PASSWORD}):`);
  for (const a of demoAccounts) log(`  ${a.email.padEnd(26)} ${a.what}`);
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
