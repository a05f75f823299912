import type { Page } from '@playwright/test';
import { expect, loginAs, resetAccount, test, users } from './support';

/**
 * What a new user meets, tried at a phone's width (390 px) and in every language: module gating, the
 * not-found screen in the shell, one highlighted navigation item, profile sections, the Google sign-in
 * screen, complete-register, first access by a document typed with underscores.
 */

const SHOTS = process.env.E2E_SHOTS_DIR;
const languages = ['pt-BR', 'en-US', 'es', 'fr'] as const;

test.use({ viewport: { width: 390, height: 844 } });

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Selects the learner's company from the user menu, so the journey starts in it. */
async function inCompany(page: Page, name: 'Aurora Varejo' | 'Nimbus Tech') {
  await page.goto('/home');
  await page.getByRole('button', { name: /Ana Souza/ }).click();
  await page.getByRole('menuitemradio', { name }).click();
  await expect(page.getByRole('menuitemradio', { name })).toBeHidden();
}

test('a module the company lacks answers "not available in this company" inside the shell', async ({
  page,
  request,
}) => {
  await loginAs(page);
  await inCompany(page, 'Nimbus Tech');
  await expect(page).toHaveURL(/\/online-courses$/);
  for (const path of ['/library', '/news/1', '/webinars', '/trails/1/webinars/2']) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Módulo não disponível nesta empresa' }),
    ).toBeVisible();
    await expect(page.getByText('Em breve')).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'Abrir o menu de navegação' })).toBeVisible();
  await noSidewaysScroll(page);
  await shot(page, 'module-unavailable-pt-BR');
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/online-courses$/);

  // Home is the course list here: one navigation item is highlighted, not two.
  await page.getByRole('button', { name: 'Abrir o menu de navegação' }).click();
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(nav.getByRole('link', { name: 'Biblioteca' })).toHaveCount(0);
  await shot(page, 'nimbus-navigation');
  await resetAccount(request, users.learner.email, 'pt-BR');
});

test('an unknown path keeps the app shell for a signed-in user', async ({ page }) => {
  await loginAs(page);
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir o menu de navegação' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Ana Souza/ })).toBeVisible();
  await noSidewaysScroll(page);
  await shot(page, 'not-found-signed-in');
});

test('every profile section is reachable at 390 px, by keyboard, in every language', async ({
  page,
  request,
}) => {
  await loginAs(page);
  const labels = {
    'pt-BR': 'Seção do perfil',
    'en-US': 'Profile section',
    es: 'Sección del perfil',
    fr: 'Section du profil',
  };
  for (const lang of languages) {
    await resetAccount(request, users.learner.email, lang);
    await page.goto(`/profile?locale=${lang}`);
    const select = page.getByLabel(labels[lang]);
    await expect(select).toBeVisible();
    await expect(page.getByRole('tablist')).toBeHidden();
    const values = await select
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    // Every section; the ranking because the learner's client has it.
    expect(values).toEqual([
      'data',
      'security',
      'preferences',
      'inbox',
      'activity',
      'points',
      'badges',
      'certificates',
      'orders',
      'ranking',
      'account',
    ]);
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/tab=security/);
    await noSidewaysScroll(page);
    await shot(page, `profile-sections-${lang}`);
  }
  await resetAccount(request, users.learner.email, 'pt-BR');
  // From the tablet width up, the tabs are there and wrap instead of hiding past the edge.
  await page.setViewportSize({ width: 820, height: 1000 });
  await page.goto('/profile');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(11);
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport();
});

test('login-redirect-v2 and intel-login-redirect without Google sign-in: a translated screen back to login', async ({
  page,
}) => {
  const texts = {
    'pt-BR': ['Entrada com o Google indisponível', 'Voltar ao login'],
    'en-US': ['Google sign-in unavailable', 'Back to login'],
    es: ['Acceso con Google no disponible', 'Volver al inicio de sesión'],
    fr: ['Connexion avec Google indisponible', 'Retour à la connexion'],
  } as const;
  for (const lang of languages) {
    for (const path of ['/login-redirect-v2', '/intel-login-redirect']) {
      await page.goto(`${path}?locale=${lang}`);
      const [title, back] = texts[lang];
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('body')).not.toContainText('"error"');
      await noSidewaysScroll(page);
      if (path === '/login-redirect-v2') await shot(page, `google-unavailable-${lang}`);
      await page.getByRole('link', { name: back }).click();
      await expect(page).toHaveURL(/\/(\?.*)?$/);
    }
  }
  // The API's start, opened by the browser, leads to the same screen (in the language last chosen).
  await page.goto('/api/accounts/google/start');
  await expect(page).toHaveURL(/\/login-redirect-v2\?error=ACCOUNTS_GOOGLE_UNAVAILABLE$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connexion avec Google indisponible' }),
  ).toBeVisible();
});

test('complete-register with nothing missing goes on to the home route', async ({ page }) => {
  await loginAs(page);
  await page.goto('/complete-register');
  await expect(page).toHaveURL(/\/home$/);
});

test('first access finds the pre-registered account by 741_852_963_55', async ({ page }) => {
  await page.goto('/first_access');
  await page.getByLabel('CPF ou e-mail').fill('741_852_963_55');
  await page.getByRole('button', { name: 'Enviar link' }).click();
  // Found either way: a link is sent, or (when the accounts journeys of the same run claimed the account
  // first) the account is said to be active already; never "no pre-registration found".
  await expect(
    page
      .getByRole('heading', { name: 'Verifique seu e-mail' })
      .or(page.getByText('Esta conta já foi ativada. Entre com a sua senha ou recupere-a.')),
  ).toBeVisible();
  await expect(page.getByText('Não encontramos um pré-cadastro com esses dados.')).toHaveCount(0);
  await shot(page, 'first-access-underscores');
});

test('the CPF mask shows a twelfth digit instead of cutting it into a valid number', async ({ page }) => {
  await page.goto('/register');
  const document = page.getByLabel(/^CPF/);
  await document.fill('741852963551');
  await expect(document).toHaveValue('741.852.963-551');
});
