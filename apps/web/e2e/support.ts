import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'Demo@1234';

/** The demo accounts copied once per test worker (apps/api/src/db/seed/e2e-worker-accounts.ts). */
export type WorkerAccount =
  'learner' | 'promoter' | 'clerk' | 'moderator' | 'manager' | 'admin' | 'support' | 'superuser';

/**
 * This worker's own copy of a demo account (`learner.w1@demo.example`): journeys running side by side
 * never share an account's language, selected company, login lock, mailbox or blocked state. Call it
 * inside a test, a hook or a fixture (it reads the running test's worker). docs/testing.md
 */
export function account(name: WorkerAccount): string {
  return `${name}.w${base.info().parallelIndex}@demo.example`;
}

/**
 * The demo accounts as seeded, with their history (finished courses, points, badges, certificates). Only
 * the journeys of the `catalog` project use them (playwright.config.ts): that project runs one file at a
 * time, and no other journey signs in with these.
 */
export const seeded = {
  learner: 'learner@demo.example',
  manager: 'manager@demo.example',
  admin: 'admin@demo.example',
} as const;

/** The accounts most journeys use: this worker's copies, read when a test runs. */
export const users = {
  get learner() {
    return { email: account('learner'), name: 'Ana Souza' };
  },
  get admin() {
    return { email: account('admin') };
  },
  get clerk() {
    return { email: account('clerk') };
  },
  /** Only read: never changed by a journey, so every worker shares it. */
  blocked: { email: 'blocked@demo.example' },
};

/** Fills the login form and submits it, whatever the language on screen. */
export async function submitLogin(page: Page, username: string, password = PASSWORD) {
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

export async function loginAs(page: Page, username: string = users.learner.email) {
  await page.goto('/');
  await submitLogin(page, username);
  await expect(page).not.toHaveURL(/\/$/);
}

/** A date as the app writes it: DD/MM/YYYY or MM/DD/YYYY. */
export function todayAs(order: 'dmy' | 'mdy', timeZone = 'America/Sao_Paulo'): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .formatToParts(new Date())
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return order === 'dmy'
    ? `${parts.day}/${parts.month}/${parts.year}`
    : `${parts.month}/${parts.day}/${parts.year}`;
}

/**
 * Signs in through the API (no browser) and puts the account back to a known state: its language, and
 * its first company selected.
 */
export async function resetAccount(request: APIRequestContext, email: string, languageCode: string) {
  const { clientId } = (await (await request.get('/api/site/oauth-client')).json()) as { clientId: string };
  const token = await request.post('/o/token/', {
    form: { grant_type: 'password', username: email, password: PASSWORD },
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:`).toString('base64')}` },
  });
  expect(token.ok()).toBe(true);
  const { access_token } = (await token.json()) as { access_token: string };
  const saved = await request.put('/api/session/language', {
    data: { languageCode },
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(saved.ok()).toBe(true);
  const { clients } = (await saved.json()) as { clients: { id: number }[] };
  const selected = await request.put('/api/session/client', {
    data: { clientId: clients[0]!.id },
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(selected.ok()).toBe(true);
}

/**
 * The journeys' `test`: every journey starts with this worker's learner in Portuguese and in their first
 * company, whatever an earlier journey of the worker switched.
 */
export const test = base.extend<{ learnerReset: void }>({
  learnerReset: [
    async ({ request }, use) => {
      await resetAccount(request, users.learner.email, 'pt-BR');
      await use();
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Waits until a screen shows what it loaded: the load event, then no loading spinner left. Not
 * 'networkidle': a signed-in tab keeps its realtime WebSocket open, so the network is never idle.
 */
export async function settled(page: Page) {
  await page.waitForLoadState('load');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}
