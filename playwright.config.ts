import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
// Learning content has an origin of its own: the server's second listener, under the other loopback name.
const CONTENT_PORT = Number(process.env.E2E_CONTENT_PORT ?? PORT + 1000);
// A fresh embedded database per run: the demo seed makes every journey start from the same state.
// Kept in the environment, so the test workers read the same folder (their mailbox: accounts-mailbox.ts).
const dataDir = (process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `trilha-e2e-${Date.now()}`));
// Test workers side by side (docs/testing.md). Each signs in with its own copies of the demo accounts,
// which the server seeds for this many workers; pass a different count here, not with --workers.
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 2);
// The journeys that read or add to the seeded history of learner@ and manager@ (finished courses,
// points, badges), or that build courses every learner of the company sees: one file at a time.
const catalogJourneys = [
  '**/learning-journeys.spec.ts',
  '**/learning-screens.spec.ts',
  '**/rewards-journeys.spec.ts',
  '**/content-isolation.spec.ts',
];
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'apps/web/e2e',
  // Runs on other ports (side by side) keep their artifacts apart.
  outputDir: process.env.E2E_PORT ? `test-results/port-${PORT}` : 'test-results',
  // A file's journeys run in order in one worker; files run side by side.
  fullyParallel: false,
  workers: WORKERS,
  // One retry, so a journey hit by a slow moment of a loaded machine is run again; the list reports any
  // journey that passed only on its retry as flaky, to be fixed.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Learning and rewards over the seeded accounts and the shared catalog, one file at a time (beside
    // the other project's files).
    { name: 'catalog', testMatch: catalogJourneys, workers: 1, use: chromium },
    // Everything else, each worker with its own demo accounts (account() in e2e/support.ts).
    { name: 'chromium', testIgnore: catalogJourneys, use: chromium },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      CONTENT_PORT: String(CONTENT_PORT),
      DATA_DIR: dataDir,
      // Short-lived access tokens make the refresh-and-replay journey observable in seconds.
      ACCESS_TOKEN_TTL_SECONDS: '5',
      // The journeys sign in many times from one address; keep the per-address lock out of their way.
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
      // Every worker calls from the same address: the per-address flood guard and recovery limit are
      // for the API tests to check, not for the journeys to trip over.
      RATE_LIMIT_PER_MINUTE: '100000',
      RECOVERY_MAX_PER_ADDRESS: '1000',
      // Copies of the demo accounts for each worker (apps/api/src/db/seed/e2e-worker-accounts.ts).
      E2E_WORKER_ACCOUNTS: String(WORKERS),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // `npm run test:e2e` has just built the web app.
      WEB_BUILD: 'skip',
    },
  },
});
