import http from 'node:http';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_PASSWORD, demoAccounts } from './db/seed/demo';
import { runSeeders } from './db/seed/run-seeders';
import { baseSeeders, demoSeeders } from './db/seed/seeders';
import { contentListenerHandler, contentOriginSettings } from './plugins/content-origin';

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

const { app } = await buildApp({
  config,
  db: database.db,
  jobQueueConnection: database.jobQueueConnection,
});
await app.listen({ host: config.HOST, port: config.PORT });
// Learning content is served from an origin of its own: a second listener of the same app, which answers
// only the content paths (plugins/content-origin.ts).
const content = contentOriginSettings(config);
const contentServer = content.port === null ? null : http.createServer(contentListenerHandler(app));
if (contentServer) {
  await new Promise<void>((resolve, reject) => {
    contentServer.once('error', reject);
    contentServer.listen(content.port ?? 0, config.HOST, () => resolve());
  });
}

const where = database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
log(`listening on http://localhost:${config.PORT} (database: ${where}) in ${Date.now() - started} ms`);
log(`learning content served from ${content.origin}${contentServer ? '' : ' (routed here by host name)'}`);
if (config.SEED_DEMO) {
  log(`demo accounts (password ${DEMO_PASSWORD}):`);
  for (const a of demoAccounts) log(`  ${a.email.padEnd(26)} ${a.what}`);
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    contentServer?.close();
    contentServer?.closeAllConnections();
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
