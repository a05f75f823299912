import { expect, loginAs, submitLogin, users, test } from './support';

test.describe('login', () => {
  test('a learner signs in and lands on home with their name and company', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Entre na sua conta' })).toBeVisible();
    await submitLogin(page, users.learner.email);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: `Olá, ${users.learner.name}!` })).toBeVisible();
    await expect(page.getByText('Boas-vindas ao programa Aurora Varejo.')).toBeVisible();
    // Module tiles come from the session's client modules.
    await expect(page.getByRole('link', { name: /Cursos online no seu ritmo/ })).toBeVisible();
    await expect(page).toHaveTitle(/Início · Aurora Varejo/);
  });

  test('switching company changes the home route and branding', async ({ page }) => {
    await loginAs(page);
    await page.getByRole('combobox', { name: 'Empresa' }).click();
    await page.getByRole('option', { name: 'Nimbus Tech' }).click();
    await expect(page).toHaveURL(/\/online-courses$/);
    await expect(page).toHaveTitle(/Nimbus Tech/);
  });

  test('wrong password shows the credentials error', async ({ page }) => {
    await page.goto('/');
    await submitLogin(page, users.learner.email, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText(
      'Usuário ou senha incorretos. Verifique os dados e tente novamente.',
    );
    await expect(page).toHaveURL(/\/$/);
  });

  test('a blocked user sees the full blocked message', async ({ page }) => {
    await page.goto('/');
    await submitLogin(page, users.blocked.email);
    await expect(page.getByRole('alert')).toContainText(
      'Usuário bloqueado. Seu acesso foi bloqueado por atividade incompatível com o regulamento. Entre em contato com o representante da loja ou com o suporte.',
    );
  });

  test('too many failed attempts lock the account for some minutes', async ({ page }) => {
    await page.goto('/');
    for (let attempt = 0; attempt < 6; attempt++) {
      await submitLogin(page, users.clerk.email, `wrong-${attempt}`);
      await expect(page.getByRole('alert')).toBeVisible();
    }
    await expect(page.getByRole('alert')).toContainText(/Aguarde \d+ minuto\(s\)/);
  });

  test('signing out returns to login and protects the app again', async ({ page }) => {
    await loginAs(page);
    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The refresh cookie went with the session.
    await expect
      .poll(async () => (await page.context().cookies()).some((c) => c.name === 'trilha_refresh'))
      .toBe(false);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Entre na sua conta' })).toBeVisible();
  });
});
