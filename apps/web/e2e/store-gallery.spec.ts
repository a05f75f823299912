import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiToken } from './learning-support';
import { account, expect, settled, submitLogin, test } from './support';

// The reward's gallery and its audience: this worker's administrator makes a reward with a cover and two
// more photos (the demo headphones' own photos) for sales agents only; the learner (a sales agent) sees the
// photos as a gallery at phone width and moves through them by the keyboard.

const name = (pt: string) => ({ 'pt-BR': pt, 'en-US': pt, es: pt, fr: pt });

async function axe(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).disableRules(['color-contrast']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${label}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('a reward’s gallery at phone width, for its audience', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const stamp = `w${test.info().parallelIndex}x${Date.now().toString(36)}`;
  const admin = { Authorization: `Bearer ${await apiToken(request, account('admin'))}` };
  const learnerAuth = { Authorization: `Bearer ${await apiToken(request, account('learner'))}` };
  const post = async (url: string, data: unknown) => {
    const res = await request.post(url, { data, headers: admin });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as { id: number; item?: { id: number } };
  };
  // The demo headphones' cover and gallery: photos the media route serves.
  const listed = await request.get('/api/store/items?pageSize=50&q=Bluetooth', { headers: learnerAuth });
  const demo = ((await listed.json()) as { items: { id: number }[] }).items[0]!;
  const detail = (await (
    await request.get(`/api/store/items/${demo.id}`, { headers: learnerAuth })
  ).json()) as {
    item: { imageUrl: string; gallery: string[] };
  };
  expect(detail.item.gallery.length).toBeGreaterThan(1);
  const department = await post('/api/admin/store/departments', { name: name(`Galeria ${stamp}`) });
  const category = await post('/api/admin/store/categories', { name: name(`Fotos ${stamp}`) });
  const title = `Fone com fotos ${stamp}`;
  const made = await post('/api/admin/store/items', {
    departmentId: department.id,
    categoryId: category.id,
    title: name(title),
    description: name('Três fotos, na ordem da galeria.'),
    price: 10,
    stock: 5,
    kind: 'physical',
    imageUrl: detail.item.imageUrl,
    gallery: [...detail.item.gallery].reverse(),
    audience: { roles: ['sales_agent'] },
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?locale=pt-BR');
  await page
    .getByTestId('cookie-accept-all')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await submitLogin(page, account('learner'));
  await page.waitForURL((url) => url.pathname !== '/');
  await page.goto(`/reward-store/details/${made.item!.id}?locale=pt-BR`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const gallery = page.getByTestId('item-gallery');
  await expect(gallery.getByRole('button')).toHaveCount(3);
  await expect(page.getByRole('img', { name: `Foto 1 de 3 de ${title}` })).toHaveAttribute(
    'src',
    detail.item.imageUrl,
  );
  await gallery.getByRole('button', { name: 'Mostrar a foto 2 de 3' }).click();
  await expect(page.getByRole('img', { name: `Foto 2 de 3 de ${title}` })).toHaveAttribute(
    'src',
    detail.item.gallery.at(-1)!,
  );
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('img', { name: `Foto 3 de 3 de ${title}` })).toBeVisible();
  await expect(gallery.getByRole('button', { name: 'Mostrar a foto 3 de 3' })).toBeFocused();
  await settled(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await axe(page, 'details with a gallery');
  await page.screenshot({ path: test.info().outputPath('store-gallery-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await settled(page);
  await page.screenshot({ path: test.info().outputPath('store-gallery-desktop.png') });

  // The administrator's editor at phone width: the photos in order, the level and the audience.
  const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/?locale=pt-BR');
  await adminPage
    .getByTestId('cookie-accept-all')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await submitLogin(adminPage, account('admin'));
  await adminPage.waitForURL((url) => url.pathname !== '/');
  await adminPage.goto('/admin/rewards/store-catalog?locale=pt-BR');
  await adminPage.getByRole('textbox', { name: 'Buscar prêmio' }).fill(stamp);
  const row = adminPage.getByTestId('catalog-item').filter({ hasText: title });
  await row.getByRole('button', { name: 'Editar' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Editar prêmio' });
  await expect(dialog.getByTestId('gallery-photo')).toHaveCount(2);
  await expect(dialog.getByRole('textbox', { name: 'Endereço da foto 1' })).toHaveValue(
    detail.item.gallery.at(-1)!,
  );
  await expect(dialog.getByText('Nível mínimo no programa')).toBeVisible();
  await dialog.getByText('Público', { exact: true }).scrollIntoViewIfNeeded();
  await settled(adminPage);
  await axe(adminPage, 'item editor');
  await adminPage.screenshot({ path: test.info().outputPath('store-editor-390.png'), fullPage: true });
  await adminContext.close();

  // Limited to promoters, the same reward is gone for this sales agent (fresh tokens: signing in on the
  // page started a new session).
  const adminNow = { Authorization: `Bearer ${await apiToken(request, account('admin'))}` };
  const learnerNow = { Authorization: `Bearer ${await apiToken(request, account('learner'))}` };
  const put = await request.put(`/api/admin/store/items/${made.item!.id}`, {
    headers: adminNow,
    data: {
      departmentId: department.id,
      categoryId: category.id,
      title: name(title),
      description: name(''),
      price: 10,
      stock: 5,
      kind: 'physical',
      audience: { roles: ['promoter'] },
    },
  });
  expect(put.ok(), await put.text()).toBe(true);
  const hidden = await request.get(`/api/store/items/${made.item!.id}`, { headers: learnerNow });
  expect(hidden.status()).toBe(404);
});
