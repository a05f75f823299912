import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, submitLogin, test, users } from './support';

/**
 * The loyalty program's screens for a learner of Nimbus Tech at a phone's width (docs/loyalty.md): the
 * campaigns with a sign-up to a running one at one of its stores, and the points table at the learner's
 * level; no sideways scrolling and no serious accessibility findings.
 */

test.use({ viewport: { width: 390, height: 844 } });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`) }));
}

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

async function inNimbus(page: Page) {
  await page.goto('/home');
  await page.getByRole('button', { name: /Ana Souza/ }).click();
  await page.getByRole('menuitemradio', { name: 'Nimbus Tech' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Nimbus Tech' })).toBeHidden();
}

test('campaigns and the points table on a phone: sign up at a store, then what products are worth', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Aceitar todos' }).click();
  await submitLogin(page, users.learner.email);
  await expect(page).not.toHaveURL(/\/$/);
  await inNimbus(page);

  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Campanhas' })).toBeVisible();
  const active = page.getByRole('region', { name: 'Campanhas ativas' });
  await expect(active.getByRole('article').first()).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  const signUp = active.getByRole('button', { name: /^Inscrever-se em / }).first();
  if (await signUp.isVisible()) {
    await signUp.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio').first().click();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirmar inscrição' }).click();
    await expect(dialog.getByText('Inscrição feita!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Concluir' }).click();
  }
  await expect(active.getByText(/^Inscrito pela loja /).first()).toBeVisible();

  await page.goto('/points-table');
  await expect(page.getByRole('heading', { level: 1, name: 'Tabela de pontos' })).toBeVisible();
  await expect(page.getByTestId('my-level')).not.toBeEmpty();
  const list = page.getByRole('list', { name: 'Produtos e pontos' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('textbox', { name: 'Buscar produto' }).fill('zzzz-nothing');
  await expect(page.getByText('Nenhum produto encontrado com essa busca.')).toBeVisible();
});

test('the back office: a running campaign shows its stores and keeps its product points', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Aceitar todos' }).click();
  await submitLogin(page, users.admin.email);
  await expect(page).not.toHaveURL(/\/$/);
  await page.goto('/home');
  await page.getByRole('combobox', { name: 'Empresa' }).click();
  await page.getByRole('option', { name: 'Nimbus Tech' }).click();
  await expect(page.getByRole('link', { name: 'Nimbus Tech — Início' })).toBeVisible();

  await page.goto('/admin/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Campanhas e níveis' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Campanhas' });
  const running = table.getByRole('row').filter({ hasText: 'Ativa' }).first();
  await expect(running).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  const name = (await running.getByRole('link').textContent()) ?? '';
  await running.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/campaigns\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Pontos congelados')).toHaveCount(1);
  await expect(page.getByRole('checkbox').first()).toBeVisible();
  const points = page.getByRole('textbox', { name: /^Pontos de / }).first();
  await expect(points).toBeDisabled();
  await expect(points).not.toHaveValue('');
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
});
