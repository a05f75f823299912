import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { makeValidCpf } from '@trilha/domain/document';
import { lastMessage } from './accounts-mailbox';
import { expect, PASSWORD, settled, submitLogin, test, users } from './support';

/**
 * Every accounts screen as a visitor sees it, in the four languages, at desktop and phone width: a
 * full-page screenshot of each (in $SHOTS_DIR), no serious or critical accessibility violation, and no
 * catalog key or raw error code left on screen.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const languages = [
  { code: 'pt-BR', acceptCookies: 'Aceitar todos' },
  { code: 'en-US', acceptCookies: 'Accept all' },
  { code: 'es', acceptCookies: 'Aceptar todas' },
  { code: 'fr', acceptCookies: 'Tout accepter' },
] as const;
const viewports = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The pre-registered demo account: claimed here, then asked its company, brands and stores. */
const claimed = { email: 'preregistered@demo.example', document: makeValidCpf('741852963') };
const links = { valid: '', used: '', invalid: '' };

/** The path of the newest set-password or recover-password link e-mailed to an address (its mailbox). */
async function linkSentTo(to: string, template: string) {
  const body = await lastMessage(to, template);
  return /https?:\/\/[^\s/]+(\/(?:set|recover)-password\/\S+)/.exec(body)![1]!;
}

/**
 * Claims the pre-registered account (its set-password link is then used), and asks a recover-password
 * link for the clerk (still valid) and a broken copy of it. Once per worker; a later worker finds the used
 * link in the mailbox.
 */
async function ensureLinks(request: APIRequestContext) {
  if (links.valid) return;
  const first = await request.post('/api/accounts/first-access', { data: { identifier: claimed.email } });
  links.used = await linkSentTo(claimed.email, 'set_password');
  if (first.ok()) {
    const [, , username, uidb64, token] = links.used.split('/');
    const set = await request.post('/api/accounts/password-links/set', {
      data: { purpose: 'set', username, uidb64, token, password: PASSWORD, passwordConfirmation: PASSWORD },
    });
    expect(set.ok()).toBe(true);
  }
  const recover = await request.post('/api/etraining_login/api_recover_password', {
    data: { method: 'email', identifier: users.clerk.email },
  });
  expect(recover.ok()).toBe(true);
  links.valid = await linkSentTo(users.clerk.email, 'recover_password');
  links.invalid = links.valid.replace(/\/[^/]+$/, '/not-a-valid-token');
}

/** Opens a path; while the shared web build is being rewritten the server answers 404 for a moment. */
async function visit(page: Page, path: string) {
  for (let attempt = 0; attempt < 30; attempt++) {
    const response = await page.goto(path);
    if (!response || response.status() < 400) return;
    await page.waitForTimeout(2000);
  }
  throw new Error(`${path} did not load`);
}

/**
 * Opens a signed-in screen. Access tokens live 5 s in these runs, and a reload soon after a token refresh
 * has been seen to land on the login screen; then the test signs in again and reopens the screen.
 */
async function signedInAt(page: Page, email: string, path: string) {
  const target = new RegExp(`${path.split('?')[0]}(\\?|$)`);
  for (let attempt = 0; attempt < 3; attempt++) {
    await visit(page, path);
    const login = page.locator('input[autocomplete="username"]');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    if (
      target.test(new URL(page.url()).pathname + new URL(page.url()).search) &&
      !(await login.isVisible())
    ) {
      return;
    }
    await submitLogin(page, email);
    await expect(page).not.toHaveURL(/\/(\?.*)?$/);
  }
  throw new Error(`${path}: signed out on every try`);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`) }));
}

const catalogKey =
  /\b(?:register|fields|recover|passwordLink|completeRegister|onboarding|webservice|sso|changePassword|firstAccess|registerSuccess|password|profiles|kinds|common|errors)[.:][a-zA-Z_]+\b/;
const rawCode = /\b[A-Z]{3,}_[A-Z_]{3,}\b/;

/** Waits for the screen, checks it, and saves its picture. */
async function shoot(page: Page, name: string, lang: string, viewport: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await settled(page);
  const text = await page.locator('body').innerText();
  // Soft: one run lists every screen's problems.
  expect.soft(text, `${name}: catalog key on screen`).not.toMatch(catalogKey);
  expect.soft(text, `${name}: raw error code on screen`).not.toMatch(rawCode);
  expect.soft(await seriousViolations(page), `${name}: accessibility`).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/accounts-${name}-${lang}-${viewport}.png`, fullPage: true });
}

test.describe('accounts screens', () => {
  for (const viewport of viewports) {
    for (const language of languages) {
      const { code } = language;
      const shot = (page: Page, name: string) => shoot(page, name, code, viewport.name);

      test(`public accounts screens, ${code}, ${viewport.name}`, async ({ page, request }) => {
        test.setTimeout(240_000);
        await ensureLinks(request);
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await visit(page, `/register?locale=${code}`);
        await page.getByRole('button', { name: language.acceptCookies }).click();

        await shot(page, 'register');
        await page.locator('form button[type="submit"]').click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await shot(page, 'register-errors');

        await visit(page, `/register-seven-trade?locale=${code}`);
        await expect(page.getByRole('textbox').first()).toBeVisible();
        await page.locator('form button[type="submit"]').click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await page.locator('.mantine-Select-input').last().click();
        await page.getByRole('option').first().click();
        await page.getByRole('checkbox', { name: 'Magazine Horizonte' }).check();
        await shot(page, 'register-seven-trade');

        for (const slug of ['register-pop-trade', 'tigre-juntos-somos-mais', 'intel-first-access']) {
          await visit(page, `/${slug}?locale=${code}`);
          await shot(page, slug);
        }
        await visit(page, `/intel-login-redirect?error=ACCOUNTS_GOOGLE_FAILED&locale=${code}`);
        await shot(page, 'intel-login-redirect-failed');
        await visit(page, `/register-success?locale=${code}`);
        await shot(page, 'register-success');
        await visit(page, `/first_access?locale=${code}`);
        await shot(page, 'first-access');

        await visit(page, `/request-password?locale=${code}`);
        const methods = ['email', 'document', 'username', 'code'];
        for (const [i, method] of methods.entries()) {
          await page.locator('.mantine-SegmentedControl-label').nth(i).click();
          await shot(page, `request-password-${method}`);
        }
        await page.getByRole('textbox').first().fill(claimed.document);
        await page.locator('form button[type="submit"]').click();
        await expect(page.getByRole('radio', { name: 'WhatsApp', exact: true })).toBeVisible();
        await shot(page, 'request-password-code-phones');

        await visit(page, `${links.valid}?locale=${code}`);
        await expect(page.locator('input[autocomplete="new-password"]').first()).toBeVisible();
        await page.locator('input[autocomplete="new-password"]').first().fill('abcD1');
        await shot(page, 'recover-password-link');
        await visit(page, `${links.used}?locale=${code}`);
        await shot(page, 'set-password-used');
        await visit(page, `${links.invalid}?locale=${code}`);
        await shot(page, 'recover-password-invalid');

        await visit(page, `/webservice-login/?locale=${code}`);
        await shot(page, 'webservice-login-no-token');
        await visit(page, `/webservice-login/not-a-token?locale=${code}`);
        await expect(page.getByRole('alert')).toBeVisible();
        await shot(page, 'webservice-login-bad-token');
      });

      test(`complete-register, ${code}, ${viewport.name}`, async ({ page, request }) => {
        await ensureLinks(request);
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await visit(page, `/?locale=${code}`);
        await page.getByRole('button', { name: language.acceptCookies }).click();
        await submitLogin(page, claimed.email);
        await expect(page).toHaveURL(/\/complete-register$/);
        await signedInAt(page, claimed.email, `/complete-register?locale=${code}`);
        await expect(page.getByRole('checkbox').first()).toBeVisible();
        await shot(page, 'complete-register');
        await page.locator('form button[type="submit"]').click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await shot(page, 'complete-register-errors');
      });

      test(`onboarding and change-password, ${code}, ${viewport.name}`, async ({ page }) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await visit(page, `/?locale=${code}`);
        await page.getByRole('button', { name: language.acceptCookies }).click();
        await submitLogin(page, users.learner.email);
        await expect(page).not.toHaveURL(/\/$/);
        await signedInAt(page, users.learner.email, `/onboarding?locale=${code}`);
        await shot(page, 'onboarding');
        await signedInAt(page, users.learner.email, `/change-password?locale=${code}`);
        await page.locator('input[autocomplete="new-password"]').first().fill('Abcdef1');
        await shot(page, 'change-password');
      });
    }
  }
});
