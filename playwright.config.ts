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

export default defineConfig({
  testDir: 'apps/web/e2e',
  // Runs on other ports (side by side) keep their artifacts apart.
  outputDir: process.env.E2E_PORT ? `test-results/port-${PORT}` : 'test-results',
  fullyParallel: false,
  workers: 1,
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
    {
      name: 'chromium',
      use: {
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
      },
    },
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
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // `npm run test:e2e` has just built the web app.
      WEB_BUILD: 'skip',
    },
  },
});
