// `npm run bench`: seeds a large dataset, then drives the API with autocannon and prints each endpoint
// next to a bare Fastify route measured in the same run, so the ratio holds on a noisy machine.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openDatabase, rowsOf, type Db } from '../src/db/client';
import { runSeeders } from '../src/db/seed/run-seeders';
import { baseSeeders, demoSeeders } from '../src/db/seed/seeders';
import { createTokenKit, resolveSigningKey } from '../src/modules/auth/tokens';
import { createLedgerService } from '../src/modules/rewards/ledger.service';
import { seedBenchUsers } from './seed-bench';
import { benchScenarios as allScenarios, type ScenarioContext } from './scenarios';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
// `BENCH_ONLY=learning` (name prefixes, comma-separated) runs those rows only, next to the bare route;
// the built-in rows are `session`, `session-first-read` and `token-refresh`.
const only = process.env.BENCH_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const selected = (name: string) => !only || only.some((p) => name.startsWith(p));
const benchScenarios = allScenarios.filter((s) => selected(s.name));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trilha-bench-'));
const env = { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'true' };
const config = loadConfig(env);
if (config.DATABASE_URL)
  console.log('bench: using DATABASE_URL (its data is added to; use a scratch database)');

console.log(`bench: seeding ${USERS.toLocaleString('en-US')} users…`);
const t0 = Date.now();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir,
  poolSize: config.DATABASE_POOL_SIZE,
});
await database.migrate();
await runSeeders(database.db, [...baseSeeders, ...demoSeeders]);
const sessions = await seedBenchUsers(database.db, USERS);
const key = await resolveSigningKey(database.db, config.JWT_SECRET);
const extra: Record<string, unknown> = {};
for (const s of benchScenarios) if (s.seed) extra[s.name] = await s.seed(database.db);
// Credits straight through the ledger service (no HTTP): measured here, before the server opens the
// database, since PGlite's data directory has one owner at a time.
const creditRow = selected('ledger-credit') ? await measureCredits(database.db) : null;
await database.close();
console.log(`bench: seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

// `BENCH_CPU_PROF=<dir>`: the server writes a V8 CPU profile there when it stops (open it in Chrome's
// DevTools or `npx cpupro`); profile one row at a time (`BENCH_ONLY`) to see where its requests spend.
const cpuProf = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];
const child = fork(path.join(import.meta.dirname, 'server.ts'), [], {
  env,
  execArgv: ['--import', 'tsx', ...cpuProf],
  stdio: 'inherit',
});
const ports = await new Promise<{ appPort: number; barePort: number }>((resolve, reject) => {
  child.once('message', (m) => resolve(m as { appPort: number; barePort: number }));
  child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
/** The server process's CPU time so far, in ms. */
const serverCpu = () =>
  new Promise<number>((resolve) => {
    child.once('message', (m) => resolve((m as { cpu: number }).cpu));
    child.send('cpu');
  });

const tokens = createTokenKit(key, 3600, 3600);
const accessTokens = sessions.active.map((s) => tokens.signAccess(s.uid, s.sid, 'password'));
const coldTokens = sessions.cold.map((s) => tokens.signAccess(s.uid, s.sid, 'password'));
const sidOf = new Map([...sessions.active, ...sessions.cold].map((s) => [Number(s.uid), s.sid]));
const tokenFor = (userId: number) => {
  const sid = sidOf.get(userId);
  if (!sid) throw new Error(`bench: user ${userId} has no bench session`);
  return tokens.signAccess(userId, sid, 'password');
};
const base = `http://127.0.0.1:${ports.appPort}`;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU per request (ms): steadier than latency on a shared machine. */
  cpu: number;
  errors: number;
  /** What the errors were, when there were some. */
  errorKinds: string;
}

async function measure(name: string, opts: autocannon.Options): Promise<Row> {
  // A short warm-up fills caches and JIT before the measured run.
  await autocannon({ ...opts, duration: 2, connections: CONNECTIONS });
  const cpu0 = await serverCpu();
  const r = await autocannon({ ...opts, duration: DURATION, connections: CONNECTIONS });
  const cpu = ((await serverCpu()) - cpu0) / Math.max(1, r.requests.total);
  // autocannon counts a timeout among its errors too.
  const errors = r.errors + r.non2xx;
  const errorKinds = `${r.timeouts} timeouts, ${r.non2xx} non-2xx, ${r.errors - r.timeouts} other`;
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpu, errors, errorKinds };
}

/**
 * `ledger credit (service)`: CONNECTIONS callers credit points and XP through the ledger service for
 * DURATION seconds, each credit its own unit of work on a different user (a user's credits serialize on
 * its account, so spreading them measures the ledger, not one lock). Its req/s is credits per second.
 */
async function measureCredits(db: Db): Promise<Row> {
  const service = createLedgerService({ db });
  const members = rowsOf<{ userId: number; clientId: number }>(
    await db.execute(sql`select uc.user_id as "userId", uc.client_id as "clientId" from user_clients uc
      join users u on u.id = uc.user_id where u.username like 'bench%' order by uc.user_id limit 20000`),
  );
  let i = 0;
  let errors = 0;
  const latencies: number[] = [];
  const run = async (until: number, record: boolean) => {
    while (Date.now() < until) {
      const k = i++;
      const m = members[k % members.length]!;
      const started = performance.now();
      try {
        await service.credit({
          clientId: Number(m.clientId),
          userId: Number(m.userId),
          points: 5,
          xp: 1,
          source: 'sale',
          idempotencyKey: `bench-credit-${process.pid}-${k}`,
        });
        if (record) latencies.push(performance.now() - started);
      } catch {
        errors++;
      }
    }
  };
  const workers = (seconds: number, record: boolean) =>
    Promise.all(Array.from({ length: CONNECTIONS }, () => run(Date.now() + seconds * 1000, record)));
  await workers(2, false);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await workers(DURATION, true);
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name: `ledger credit (service, ${CONNECTIONS} callers)`,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    cpu: (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length),
    errors,
    errorKinds: `${errors} failed credits`,
  };
}

let n = 0;
const nextAccess = () => accessTokens[n++ % accessTokens.length]!;
let coldN = 0;
let coldExhausted = false;
const nextCold = () => {
  if (coldN >= coldTokens.length) coldExhausted = true;
  return coldTokens[coldN++ % coldTokens.length]!;
};
const withBearer = (next: () => string) => [
  {
    setupRequest: (req: autocannon.Request) => ({
      ...req,
      headers: { ...req.headers, authorization: `Bearer ${next()}` },
    }),
  },
];
let refreshN = 0;
const basic = `Basic ${Buffer.from('trilha-web:').toString('base64')}`;

const rows: Row[] = [];
rows.push(await measure('bare Fastify route', { url: `http://127.0.0.1:${ports.barePort}/bare` }));
if (creditRow) rows.push(creditRow);
// Steady state for every row: each active user has opened the app once (their session state is cached),
// so a row run alone (`BENCH_ONLY`) measures the same thing as in a full run.
await autocannon({
  url: `${base}/api/session`,
  connections: 10,
  amount: accessTokens.length,
  requests: withBearer(nextAccess),
});
if (selected('session')) {
  rows.push(
    await measure(`GET /api/session (${accessTokens.length} active users)`, {
      url: `${base}/api/session`,
      requests: withBearer(nextAccess),
    }),
  );
}
if (selected('session-first-read'))
  rows.push(
    await measure('GET /api/session (first read per user)', {
      url: `${base}/api/session`,
      requests: withBearer(nextCold),
    }),
  );
if (selected('token-refresh'))
  rows.push(
    await measure('POST /o/token/ (refresh_token)', {
      url: `${base}/o/token/`,
      method: 'POST',
      requests: [
        {
          setupRequest: (req) => {
            refreshN += 1;
            return {
              ...req,
              method: 'POST',
              headers: {
                ...req.headers,
                authorization: basic,
                'content-type': 'application/x-www-form-urlencoded',
              },
              body: `grant_type=refresh_token&refresh_token=bench-${refreshN}`,
            };
          },
        },
      ],
    }),
  );
for (const s of benchScenarios) {
  rows.push(
    await measure(
      s.title,
      s.options({ base, nextAccess, tokenFor, data: extra[s.name] } satisfies ScenarioContext),
    ),
  );
}
child.kill('SIGTERM');
// The server writes its CPU profile (BENCH_CPU_PROF) on the way out.
await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
if (coldExhausted)
  console.log('note: the first-read row ran out of unread users and reused some (they were cached)');
fs.rmSync(dataDir, { recursive: true, force: true });

const bare = rows[0]!.rps;
// The targets; the first-read and token rows are printed for information.
const targets: Record<string, string> = {
  'GET /api/session': '≥ 0.25× bare, p99 < 50 ms',
  'ledger credit': '≥ 2,000 credits/s on PostgreSQL',
};
const checks: Record<string, (r: Row, ratio: number) => boolean> = {
  'GET /api/session': (r, ratio) => ratio >= 0.25 && r.p99 < 50,
  'ledger credit': (r) => r.rps >= 2000,
};
for (const s of benchScenarios) if (s.target) targets[s.title] = s.target.label;
for (const s of benchScenarios) if (s.target) checks[s.title] = s.target.check;
const pad = (s: string, w: number) => s.padEnd(w);
console.log(
  `\n${USERS.toLocaleString('en-US')} users · ${CONNECTIONS} connections · ${DURATION} s per endpoint · ${config.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`,
);
console.log(
  `${pad('endpoint', 44)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('vs bare', 9)}${pad('cpu ms', 8)}${pad('errors', 8)}target`,
);
for (const r of rows) {
  const ratio = r.rps / bare;
  // The active-users session row carries the target; the other rows are for information.
  const key =
    r.name.startsWith('GET /api/session') && r.name.includes('active')
      ? 'GET /api/session'
      : r.name.startsWith('ledger credit')
        ? 'ledger credit'
        : r.name;
  const target = targets[key] ?? '';
  const check = checks[key];
  const ok = check ? (check(r, ratio) ? ' ✔' : ' ✘') : '';
  console.log(
    `${pad(r.name, 44)}${pad(Math.round(r.rps).toString(), 10)}${pad(r.p50.toFixed(1), 9)}${pad(r.p99.toFixed(1), 9)}${pad(ratio.toFixed(2), 9)}${pad(r.cpu.toFixed(2), 8)}${pad(String(r.errors), 8)}${target}${ok}`,
  );
}
for (const r of rows) if (r.errors > 0) console.log(`errors of ${r.name}: ${r.errorKinds}`);
const cpuNote = config.DATABASE_URL
  ? 'PostgreSQL is not counted'
  : 'PGlite runs inside it, so the database is counted';
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
console.log(
  `\ncpu ms: the API process's CPU time per request (${cpuNote}); load average ${load} on ${os.availableParallelism()} CPUs`,
);
