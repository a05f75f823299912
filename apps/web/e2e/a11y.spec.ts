import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './support';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`),
    }));
}

test('login has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Entre na sua conta' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('home has no serious accessibility violations', async ({ page }) => {
  await loginAs(page);
  await expect(page.getByRole('heading', { name: 'Olá, Ana Souza!' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('home at phone width has no serious violations and a working menu drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page);
  const burger = page.getByRole('button', { name: 'Abrir o menu de navegação' });
  await expect(burger).toBeVisible();
  await burger.click();
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(nav.getByText('Biblioteca')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await nav.getByText('Biblioteca').click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('button', { name: 'Abrir o menu de navegação' })).toBeVisible();
});

test('the skip link jumps to the content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Entre na sua conta' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});
