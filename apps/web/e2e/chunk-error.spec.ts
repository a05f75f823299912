import type { Route } from '@playwright/test';
import { expect, loginAs, test } from './support';

test('a page chunk that fails to load shows the reload screen, and reloading recovers', async ({ page }) => {
  const loaded = new Set<string>();
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) loaded.add(response.url());
  });
  await loginAs(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Any script the app has not loaded yet (the next page's chunk and its own dependencies) fails.
  const failNewChunks = (route: Route) =>
    loaded.has(route.request().url()) ? route.continue() : route.abort('failed');
  await page.route('**/assets/*.js', failNewChunks);
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByText('Notícias').click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('heading', { name: 'Não foi possível carregar esta página' })).toBeVisible();
  // The app shell is still there around the message.
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();

  await page.unroute('**/assets/*.js', failNewChunks);
  await page.getByRole('button', { name: 'Recarregar a página' }).click();
  await expect(page.getByRole('heading', { name: 'Não foi possível carregar esta página' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/news$/);
});
