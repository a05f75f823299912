import { expect, loginAs, test } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const languages = [
  { code: 'pt-BR', login: 'Entre na sua conta', greeting: 'Olá, Ana Souza!' },
  { code: 'en-US', login: 'Sign in to your account', greeting: 'Hello, Ana Souza!' },
  { code: 'es', login: 'Inicia sesión en tu cuenta', greeting: '¡Hola, Ana Souza!' },
  { code: 'fr', login: 'Connectez-vous à votre compte', greeting: 'Bonjour, Ana Souza !' },
];
const viewports = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
];

for (const viewport of viewports) {
  for (const language of languages) {
    test(`login and home, ${language.code}, ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(`/?locale=${language.code}`);
      await expect(page.getByRole('heading', { name: language.login })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/login-${language.code}-${viewport.name}.png`, fullPage: true });

      // The account's own language (pt-BR) wins after login; switch back to the one being shot.
      await loginAs(page);
      await page.goto(`/home?locale=${language.code}`);
      await expect(page.getByRole('heading', { name: language.greeting })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/home-${language.code}-${viewport.name}.png`, fullPage: true });
    });
  }
}
