// The processes under test, started by run.ts: the real app and a bare Fastify route, in one process so
// both share the same machine conditions.
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000' });
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  poolSize: 10,
});
const { app } = await buildApp({
  config,
  db: database.db,
  jobQueueConnection: database.jobQueueConnection,
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ hello: 'world' }));
await bare.listen({ host: '127.0.0.1', port: 0 });
const portOf = (a: { server: { address(): unknown } }) => (a.server.address() as { port: number }).port;
process.send?.({ ready: true, appPort: portOf(app), barePort: portOf(bare) });
// CPU time of this process on request, so run.ts can print the cost of a request next to its latency (with
// PGlite that includes the database; with PostgreSQL the server's own time is not counted).
process.on('message', (m) => {
  if (m === 'cpu') {
    const u = process.cpuUsage();
    process.send?.({ cpu: (u.user + u.system) / 1000 });
  }
});
// A plain exit on SIGTERM, so that `--cpu-prof` (BENCH_CPU_PROF in run.ts) writes its profile.
process.once('SIGTERM', () => process.exit(0));
