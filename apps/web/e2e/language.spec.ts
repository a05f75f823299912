import { expect, loginAs, submitLogin, todayAs, test, users } from './support';

test.describe('language', () => {
  test('the switch on the login screen changes the texts and <html lang>', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Alterar idioma/ }).click();
    await page.getByRole('menuitemradio', { name: 'English (US)' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    // The choice survives a reload (encrypted `common` area).
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  });

  test('?locale= changes the language', async ({ page }) => {
    await page.goto('/?locale=es');
    await expect(page.getByRole('heading', { name: 'Inicia sesión en tu cuenta' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('switching language after login changes texts and the date format, and is saved to the account', async ({
    page,
  }) => {
    await loginAs(page);
    await expect(page.getByTestId('today')).toHaveText(`Hoje é ${todayAs('dmy')}`);

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/session/language') && r.request().method() === 'PUT' && r.ok(),
    );
    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    await page.getByRole('menuitemradio', { name: 'English (US)' }).click();
    await saved;
    await expect(page.getByRole('heading', { name: 'Hello, Ana Souza!' })).toBeVisible();
    await expect(page.getByTestId('today')).toHaveText(`Today is ${todayAs('mdy')}`);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Español' }).click();
    await expect(page.getByTestId('today')).toHaveText(`Hoy es ${todayAs('dmy')}`);

    await page.getByRole('combobox', { name: 'Idioma' }).click();
    await page.getByRole('option', { name: 'Français' }).click();
    await expect(page.getByTestId('today')).toHaveText(`Nous sommes le ${todayAs('mdy')}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('a language chosen on the login screen wins at sign-in and is saved to the account', async ({
    page,
    browser,
  }) => {
    await page.goto('/?locale=en-US');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/session/language') && r.request().method() === 'PUT' && r.ok(),
    );
    await submitLogin(page, users.learner.email);
    await saved;
    await expect(page.getByRole('heading', { name: 'Hello, Ana Souza!' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

    // Saved to the account: another device without a choice signs in in English.
    const other = await browser.newContext({ locale: 'pt-BR' });
    const second = await other.newPage();
    await loginAs(second);
    await expect(second.getByRole('heading', { name: 'Hello, Ana Souza!' })).toBeVisible();
    await other.close();
  });

  test('the account’s language wins after login', async ({ page, browser }) => {
    await loginAs(page);
    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/session/language') && r.ok());
    await page.getByRole('menuitemradio', { name: 'Español' }).click();
    await saved;

    // Another device, still in Portuguese before login.
    const other = await browser.newContext({ locale: 'pt-BR' });
    const second = await other.newPage();
    await loginAs(second);
    await expect(second.getByRole('heading', { name: '¡Hola, Ana Souza!' })).toBeVisible();
    await other.close();
  });
});
