import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, submitLogin, test, users } from './support';

/**
 * A seller of Nimbus Tech on a phone (docs/sales.md, docs/photos.md): signs up to the running campaign if
 * needed, reports a sale with its invoice photo and products picked brand to SKU, finds it pending in my
 * sales, then sends this week's store photo of a type and sees it under audit; the pages read in the four
 * languages; no sideways scrolling and no serious accessibility findings. Each worker's learner is its own
 * copy, with no history: the week's photo types it uses are its own by its worker's index.
 */

test.use({ viewport: { width: 390, height: 844 } });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAkCAIAAABAJy5dAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAUElEQVRYhe2WQQ0AQAzCZhJPeKq5k8E9mkwAIdBxNF/dzRWgoOhQzRC2LHP8IBijQzVD2LLMIYQDLTpUM4QtixyKYKyvA59rnB/dTzP+HGgPFp3Cl8UUxxkAAAAASUVORK5CYII=',
  'base64',
);

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

async function signedUpInNimbus(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Aceitar todos' }).click();
  await submitLogin(page, users.learner.email);
  await expect(page).not.toHaveURL(/\/$/);
  await page.goto('/home');
  await page.getByRole('button', { name: /Ana Souza/ }).click();
  await page.getByRole('menuitemradio', { name: 'Nimbus Tech' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Nimbus Tech' })).toBeHidden();
  await page.goto('/campaigns');
  const active = page.getByRole('region', { name: 'Campanhas ativas' });
  await expect(active.getByRole('article').first()).toBeVisible();
  const signUp = active.getByRole('button', { name: /^Inscrever-se em / }).first();
  if (await signUp.isVisible()) {
    await signUp.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio').first().click();
    await dialog.getByRole('button', { name: 'Confirmar inscrição' }).click();
    await expect(dialog.getByText('Inscrição feita!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Concluir' }).click();
  }
  await expect(active.getByText(/^Inscrito pela loja /).first()).toBeVisible();
}

test('report a sale with its photo, then send this week’s store photo, on a phone', async ({ page }) => {
  await signedUpInNimbus(page);

  await page.goto('/insert-sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrar vendas' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Registrar uma venda' });
  await expect(form.getByRole('combobox', { name: 'Loja' })).not.toHaveValue('');
  // Each step of the product: the first option wherever nothing is taken by itself.
  for (const step of ['Marca', 'Tipo de produto', 'Processador', 'Geração', 'Formato', 'SKU']) {
    const field = form.getByRole('combobox', { name: step, exact: true });
    await expect(field).toBeEnabled();
    if ((await field.inputValue()) === '') {
      await field.click();
      await page.getByRole('option').first().click();
    }
  }
  await form.getByRole('button', { name: 'Adicionar produto' }).click();
  await expect(form.getByRole('list', { name: 'Produtos da venda' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('live-points')).not.toContainText('Pontos base: 0');
  const invoice = `E2E-${Date.now()}-${test.info().parallelIndex}`;
  await form.getByRole('textbox', { name: /^Número da nota fiscal/ }).fill(invoice);
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'nota.png', mimeType: 'image/png', buffer: PNG });
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Enviar venda' }).click();
  await expect(page.getByRole('heading', { name: 'Venda enviada!' })).toBeVisible();
  await page.getByRole('button', { name: 'Ver minhas vendas' }).click();
  const sales = page.getByRole('list', { name: 'Vendas enviadas' });
  const mine = sales.getByRole('listitem').filter({ hasText: invoice });
  await expect(mine).toBeVisible();
  await expect(mine.getByText('Pendente')).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/upload-photos');
  await expect(page.getByRole('heading', { level: 1, name: 'Enviar fotos' })).toBeVisible();
  const week = page.getByRole('list', { name: 'Tipos de foto desta semana' });
  await expect(week.getByRole('listitem').first()).toBeVisible();
  // This worker's type: the one of its index among the week's types.
  const item = week.getByRole('listitem').nth(test.info().parallelIndex % 3);
  const typeName = (await item.getAttribute('aria-label')) ?? '';
  await item.getByRole('button', { name: `Tirar foto: ${typeName}` }).click();
  await page
    .getByTestId('photo-input')
    .setInputFiles({ name: 'gondola.png', mimeType: 'image/png', buffer: PNG });
  await item.getByRole('button', { name: 'Enviar foto' }).click();
  await expect(page.getByText(new RegExp(`^Foto ${typeName} enviada!`))).toBeVisible();
  await expect(item.getByText('Em auditoria')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Fotos enviadas' }).getByText(typeName)).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  // The same pages in the other languages.
  for (const [locale, sales, photos] of [
    ['en-US', 'Report sales', 'Upload photos'],
    ['es', 'Registrar ventas', 'Enviar fotos'],
    ['fr', 'Déclarer des ventes', 'Envoyer des photos'],
  ] as const) {
    await page.goto(`/insert-sales?view=mine&locale=${locale}`);
    await expect(page.getByRole('heading', { level: 1, name: sales })).toBeVisible();
    await expect(page.getByRole('list').filter({ hasText: invoice })).toBeVisible();
    await page.goto(`/upload-photos?locale=${locale}`);
    await expect(page.getByRole('heading', { level: 1, name: photos })).toBeVisible();
    await noSidewaysScroll(page);
  }
});
