// `npm run lighthouse`: Lighthouse's mobile audit (simulated slow 4G, 4x slower CPU) of the login and
// home screens of the built web app, in Debian's Chromium, against a server this script starts on a fresh
// embedded database with the demo data. Prints the performance score and the key metrics of each screen.
//
//   WEB_DIST=/tmp/my-dist npm run lighthouse          audit another build than apps/web/dist
//   npm run lighthouse -- --min-score=90              exit 1 when a screen scores below 90
//   npm run lighthouse -- --runs=3                    audit each screen 3 times, report the median run
//   LIGHTHOUSE_PORT, CHROMIUM_PATH, LIGHTHOUSE_REPORTS (a folder for the full JSON reports)
//
// The scores depend on the machine's load (the audit measures the CPU work and multiplies it by the
// simulated slowdown), so the load average is printed with them and written, with the figures, to
// lighthouse-report.json in the build folder, beside the build's bundle-report.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(import.meta.dirname, '..');
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith('--'))
    .map((arg) => {
      const [key, value] = arg.slice(2).split('=');
      return [key, value ?? 'true'];
    }),
);
const minScore = args['min-score'] === undefined ? null : Number(args['min-score']);
const runs = Math.max(1, Number(args.runs ?? 1));
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3290);
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
const base = `http://localhost:${port}`;
// The demo learner (apps/api/src/db/seed/demo.ts).
const learner = { username: 'learner@demo.example', password: 'Demo@1234' };

if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error(`No built web app in ${webDist}: run \`npm run build\` first (or set WEB_DIST).`);
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trilha-lighthouse-'));
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    CONTENT_PORT: '0',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
  },
});

let chrome;
async function cleanUp() {
  await chrome?.kill();
  if (server.exitCode === null) server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function waitForServer() {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start within 240 s');
}

/** Signs the demo learner in through the login form, so the home audit opens a signed-in app. */
async function signIn() {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/`, { waitUntil: 'networkidle0' });
    await page.type('input[autocomplete="username"]', learner.username);
    await page.type('input[autocomplete="current-password"]', learner.password);
    await Promise.all([
      page.waitForFunction(() => location.pathname !== '/', { timeout: 60_000 }),
      page.keyboard.press('Enter'),
    ]);
    await page.waitForNetworkIdle({ idleTime: 1000 });
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

const metricIds = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  si: 'speed-index',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
};

async function audit(name, url, keepSession) {
  const results = [];
  let failures = 0;
  for (let run = 0; run < runs; run++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // The home screen needs the signed-in state the login left in the browser's storage and cookies:
      // only the HTTP cache (always, before each run) and the Cache API are cleared, so it starts cold.
      ...(keepSession ? { clearStorageTypes: ['cache_storage', 'service_workers'] } : {}),
    });
    const lhr = result.lhr;
    if (lhr.runtimeError) {
      // A loaded machine sometimes loses the trace (NO_NAVSTART): such a run is tried again, twice at most.
      if (failures++ < 2) {
        console.error(`  ${name}: ${lhr.runtimeError.code}, running again`);
        run--;
        continue;
      }
      throw new Error(`${name}: ${lhr.runtimeError.message}`);
    }
    const transfer = lhr.audits['network-requests']?.details?.items ?? [];
    const scripts = transfer.filter((item) => item.resourceType === 'Script');
    results.push({
      name,
      url: lhr.finalDisplayedUrl,
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      metrics: Object.fromEntries(
        Object.entries(metricIds).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? NaN]),
      ),
      requests: transfer.length,
      scriptKb: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
      totalKb: transfer.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    });
    if (reportsDir) {
      fs.mkdirSync(reportsDir, { recursive: true });
      fs.writeFileSync(path.join(reportsDir, `${name}-${run + 1}.json`), result.report);
    }
  }
  results.sort((a, b) => a.score - b.score);
  return results[Math.floor(results.length / 2)];
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const loadAverage = () => os.loadavg().map((n) => Number(n.toFixed(2)));

try {
  await waitForServer();
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const reports = [];
  const loadBefore = loadAverage();
  reports.push(await audit('login', `${base}/`, false));
  await signIn();
  reports.push(await audit('home', `${base}/home`, true));

  const loadAfter = loadAverage();
  console.log(
    `\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, simulated slow 4G` +
      ` (load average ${loadBefore.join(', ')} before, ${loadAfter.join(', ')} after):`,
  );
  for (const r of reports) {
    const m = r.metrics;
    console.log(
      `  ${r.name.padEnd(6)} performance ${String(r.score).padStart(3)}  FCP ${seconds(m.fcp)}  LCP ${seconds(m.lcp)}` +
        `  SI ${seconds(m.si)}  TBT ${Math.round(m.tbt)} ms  CLS ${m.cls.toFixed(3)}` +
        `  ${r.requests} requests, ${r.scriptKb.toFixed(0)} kB scripts, ${r.totalKb.toFixed(0)} kB in all  (${r.url})`,
    );
  }
  fs.writeFileSync(
    path.join(webDist, 'lighthouse-report.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        runs,
        loadAverage: { before: loadBefore, after: loadAfter },
        reports,
      },
      null,
      2,
    ),
  );
  const failing = minScore === null ? [] : reports.filter((r) => r.score < minScore);
  for (const r of failing) console.error(`  ${r.name} scores ${r.score}, below ${minScore}`);
  process.exitCode = failing.length > 0 ? 1 : 0;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
