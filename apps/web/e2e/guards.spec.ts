import { expect, loginAs, submitLogin, users, test } from './support';

test.describe('navigation guards', () => {
  test('an authenticated page without a session goes to login, then back there after login (once)', async ({
    page,
  }) => {
    await page.goto('/trails/3?tab=about');
    await expect(page).toHaveURL(/\/$/);
    await submitLogin(page, users.learner.email);
    await expect(page).toHaveURL(/\/trails\/3\?tab=about$/);
    // Used once: the next login goes home.
    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await submitLogin(page, users.learner.email);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a public page with a session goes to the client’s home route', async ({ page }) => {
    await loginAs(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('webservice-login with a module goes there only when the client has the flag', async ({ page }) => {
    await loginAs(page);
    await page.goto('/webservice-login/abc?module=news&id=5');
    await expect(page).toHaveURL(/\/news\/5$/);
    await page.goto('/webservice-login/abc?module=campaigns&id=5');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a token query on an authenticated page ends the session and asks for login', async ({ page }) => {
    await loginAs(page);
    await page.goto('/news?token=someone-else');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Entre na sua conta' })).toBeVisible();
    await submitLogin(page, users.learner.email);
    await expect(page).toHaveURL(/\/news$/);
  });

  test('old paths redirect keeping the id', async ({ page }) => {
    await loginAs(page);
    await page.goto('/courses/12');
    await expect(page).toHaveURL(/\/online-courses\/12$/);
    await page.goto('/webcasts/4');
    await expect(page).toHaveURL(/\/webinars\/4$/);
    await page.goto('/presential/2');
    await expect(page).toHaveURL(/\/presential-courses\/2$/);
  });

  test('the back office is only for allowed users', async ({ page }) => {
    await loginAs(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Acesso restrito' })).toBeVisible();
  });

  test('a program administrator opens the back office', async ({ page }) => {
    await loginAs(page, users.admin.email);
    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Área administrativa' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Área administrativa' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Navegação da área administrativa' })
      .getByText('Moderação')
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Moderação' })).toBeVisible();
  });

  test('each page change scrolls to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await loginAs(page);
    await expect(page.getByRole('link', { name: /Seus dados, pontos e certificados/ })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByText('Notícias').click();
    await expect(page).toHaveURL(/\/news$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('an unknown path shows the not-found screen', async ({ page }) => {
    await page.goto('/this-page/does-not-exist');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  });
});
