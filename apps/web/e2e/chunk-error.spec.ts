import { expect, loginAs, test } from './support';

test('a page chunk that fails to load shows the reload screen, and reloading recovers', async ({ page }) => {
  await loginAs(page);
  await page.route('**/assets/coming-soon-page-*.js', (route) => route.abort('failed'));
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByText('Notícias').click();
  await expect(page.getByRole('heading', { name: 'Não foi possível carregar esta página' })).toBeVisible();
  // The app shell is still there around the message.
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();

  await page.unroute('**/assets/coming-soon-page-*.js');
  await page.getByRole('button', { name: 'Recarregar a página' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notícias' })).toBeVisible();
  await expect(page.getByText(/Esta tela ainda não está disponível/)).toBeVisible();
});
