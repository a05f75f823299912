import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { account, resetAccount, settled, submitLogin } from './support';

// The profile, institutional and accounts back-office screens in every language, at desktop and phone
// width: each is shot for review and checked by axe for serious violations.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const languages = ['pt-BR', 'en-US', 'es', 'fr'] as const;
const viewports = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
];

async function signIn(page: Page, email: string, language: string) {
  await resetAccount(page.request, email, language);
  await page.goto(`/?locale=${language}`);
  // The banner would cover the bottom of every shot.
  await page
    .getByTestId('cookie-accept-all')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await submitLogin(page, email);
  await page.waitForURL((url) => url.pathname !== '/');
}

async function look(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/accounts/${name}.png`, fullPage: true });
  const { violations } = await new AxeBuilder({ page }).disableRules(['color-contrast']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${name}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** No text or control runs off the side of the screen. */
async function fitsWidth(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(1);
}

for (const viewport of viewports) {
  for (const language of languages) {
    test(`profile, institutional and accounts back office, ${language}, ${viewport.name}`, async ({
      page,
    }) => {
      // Thirteen screens, each through axe: with two workers sharing the CPU it needs the screens' budget.
      test.setTimeout(240_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const suffix = `${language}-${viewport.name}`;

      await page.goto(`/institutional/about?locale=${language}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await look(page, `institutional-about-${suffix}`);
      await fitsWidth(page, 'institutional/about');

      await signIn(page, account('promoter'), language);
      for (const tab of ['data', 'security', 'preferences', 'inbox', 'activity', 'account']) {
        await page.goto(tab === 'data' ? '/profile' : `/profile?tab=${tab}`);
        // At phone width the sections are a labelled select; from the tablet width, tabs.
        if (viewport.name === 'phone') {
          await expect(page.getByRole('combobox').first()).toHaveValue(tab);
        } else {
          await expect(page.getByRole('tab', { selected: true })).toBeVisible();
        }
        await look(page, `profile-${tab}-${suffix}`);
        await fitsWidth(page, `profile ${tab}`);
      }
      await page.goto('/contact-us');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await look(page, `contact-us-${suffix}`);

      // Signed out for good: with the promoter's session still in the page's storage, the next load renews it
      // through the refresh cookie that the API sign-in below sets, and opens the app instead of the login.
      await page.context().clearCookies();
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await signIn(page, account('admin'), language);
      for (const [path, name] of [
        ['/admin/users', 'admin-users'],
        ['/admin/users/deletion-requests', 'admin-deletion-requests'],
        ['/admin/communications', 'admin-outbox'],
        ['/admin/communications/tickets', 'admin-tickets'],
        ['/admin/settings', 'admin-login-config'],
        ['/admin/settings/pages', 'admin-pages'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await look(page, `${name}-${suffix}`);
        await fitsWidth(page, path);
      }
    });
  }
}
