import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { settled, submitLogin } from './support';

// The mandatory survey of the demo: survey@demo.example (its own account, which no other journey uses)
// is taken to it at sign-in, sees it in every language at phone width, answers it once and lands home.
const EMAIL = 'survey@demo.example';
const titles = {
  'pt-BR': 'Boas-vindas ao programa',
  'en-US': 'Welcome to the programme',
  es: 'Bienvenida al programa',
  fr: 'Bienvenue dans le programme',
} as const;

async function axe(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page }).disableRules(['color-contrast']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${name}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('the guard brings the user to the mandatory survey until it is answered', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?locale=pt-BR');
  await page
    .getByTestId('cookie-accept-all')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await submitLogin(page, EMAIL);
  await page.waitForURL(/\/home\/surveys\/\d+$/);
  const surveyUrl = new URL(page.url()).pathname;

  // Any other screen of the app brings the user back while the survey is owed.
  await page.goto('/online-courses');
  await page.waitForURL((url) => url.pathname === surveyUrl);

  for (const language of ['en-US', 'es', 'fr', 'pt-BR'] as const) {
    await page.goto(`${surveyUrl}?locale=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: titles[language] })).toBeVisible();
    await settled(page);
    await axe(page, `survey ${language}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `survey ${language} is wider than the screen`).toBeLessThanOrEqual(1);
  }

  await page.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(page.getByText('Selecione pelo menos uma opção.').first()).toBeVisible();
  await page.getByRole('radio', { name: 'Por colegas' }).check();
  await page.getByRole('checkbox', { name: 'Vendas' }).check();
  await page.getByRole('checkbox', { name: 'Produtos' }).check();
  await page.getByRole('textbox', { name: /Algo mais que devemos saber/ }).fill('Gosto de vídeos curtos.');
  await page.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(page.getByText('Obrigado! Suas respostas foram enviadas.')).toBeVisible();
  await axe(page, 'survey sent');

  await page.getByRole('link', { name: 'Ir para o início' }).click();
  await page.waitForURL((url) => url.pathname === '/home');
  await page.goto('/online-courses');
  await expect(page).toHaveURL(/\/online-courses$/);
});
