import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken } from './learning-support';
import { account, expect, resetAccount, settled, submitLogin, test } from './support';

// The reward store: a learner of this worker finds a reward by the filters, redeems it at phone width,
// follows the order in the profile, and this worker's administrator approves it in the orders queue. The
// journey makes its own department, category and item (named for the worker and the run, so journeys side
// by side never see each other's) and credits the learner through the rewards adjustment.

async function axe(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page }).disableRules(['color-contrast']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${name}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function noOverflow(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(1);
}

const name = (pt: string) => ({ 'pt-BR': pt, 'en-US': pt, es: pt, fr: pt });

async function setUpStore(request: APIRequestContext, title: string) {
  await resetAccount(request, account('admin'), 'pt-BR');
  const admin = { Authorization: `Bearer ${await apiToken(request, account('admin'))}` };
  const learner = { Authorization: `Bearer ${await apiToken(request, account('learner'))}` };
  const post = async (url: string, data: unknown, headers = admin) => {
    const res = await request.post(url, { data, headers });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as Record<string, unknown>;
  };
  const suffix = title.split(' ').at(-1)!;
  const department = await post('/api/admin/store/departments', { name: name(`Casa ${suffix}`) });
  const category = await post('/api/admin/store/categories', { name: name(`Cozinha ${suffix}`) });
  await post('/api/admin/store/items', {
    departmentId: department.id,
    categoryId: category.id,
    title: name(title),
    description: name('Aço inox, mantém a bebida quente por 12 horas.'),
    price: 300,
    stock: 4,
    kind: 'physical',
  });
  const keychain = await post('/api/admin/store/items', {
    departmentId: department.id,
    categoryId: category.id,
    title: name(`Chaveiro ${suffix}`),
    description: name('Chaveiro de metal com o logotipo.'),
    price: 100,
    stock: 20,
    kind: 'physical',
  });
  // A dearer item of the same category: "affordable with my points" hides it.
  await post('/api/admin/store/items', {
    departmentId: department.id,
    categoryId: category.id,
    title: name(`Cafeteira ${suffix}`),
    description: name('Cafeteira expresso com vaporizador.'),
    price: 900_000,
    stock: 10,
    kind: 'physical',
  });
  const me = await request.get('/api/session', { headers: learner });
  const userId = ((await me.json()) as { user: { id: number } }).user.id;
  const credit = await request.post('/api/admin/rewards/adjustments', {
    data: { userId, ledger: 'points', amount: 500, reason: 'Crédito para a loja de prêmios' },
    headers: { ...admin, 'Idempotency-Key': randomUUID() },
  });
  expect(credit.status(), await credit.text()).toBe(201);
  const keychainId = (keychain.item as { id: number }).id;
  /** The learner orders the keychain through the API (a second order for the queue to reprove). */
  const orderKeychain = async () => {
    const res = await request.post(`/api/store/items/${keychainId}/redeem`, {
      data: {
        address: {
          zip: '01310-100',
          street: 'Av. Paulista',
          number: '1000',
          city: 'São Paulo',
          country: 'BR',
        },
      },
      // Access tokens of the journeys' server live 5 seconds: a fresh one.
      headers: {
        Authorization: `Bearer ${await apiToken(request, account('learner'))}`,
        'Idempotency-Key': randomUUID(),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  return {
    category: `Cozinha ${suffix}`,
    dearer: `Cafeteira ${suffix}`,
    keychain: `Chaveiro ${suffix}`,
    orderKeychain,
  };
}

test('a learner redeems a reward at phone width and an administrator approves the order', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = `w${test.info().parallelIndex}x${Date.now().toString(36)}`;
  const title = `Garrafa térmica ${stamp}`;
  const { category, dearer, keychain, orderKeychain } = await setUpStore(request, title);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?locale=pt-BR');
  await page
    .getByTestId('cookie-accept-all')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await submitLogin(page, account('learner'));
  await page.waitForURL((url) => url.pathname !== '/');

  // The store in every language, at phone width.
  for (const [language, heading] of [
    ['en-US', 'Reward store'],
    ['es', 'Tienda de premios'],
    ['fr', 'Boutique de récompenses'],
  ] as const) {
    await page.goto(`/reward-store?locale=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await settled(page);
    await noOverflow(page, `store ${language}`);
  }

  // The store: my points, then the filters narrow it to this run's items.
  await page.goto('/reward-store?locale=pt-BR');
  await expect(page.getByRole('heading', { level: 1, name: 'Loja de prêmios' })).toBeVisible();
  await expect(page.getByTestId('store-available')).not.toHaveText('0');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(stamp);
  await expect(page.getByTestId('store-item')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Categoria' }).click();
  await page.getByRole('option', { name: category }).click();
  await page.getByRole('switch', { name: 'Só o que meus pontos pagam' }).check({ force: true });
  await expect(page.getByTestId('store-item')).toHaveCount(2);
  await expect(page.getByTestId('store-item').filter({ hasText: dearer })).toHaveCount(0);
  const card = page.getByTestId('store-item').filter({ hasText: title });
  await expect(card.getByText('Restam 4')).toBeVisible();
  await settled(page);
  await axe(page, 'store');
  await noOverflow(page, 'store');

  // The details and the redemption.
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('can-redeem')).toBeVisible();
  await settled(page);
  await axe(page, 'details');
  await noOverflow(page, 'details');
  await page.getByTestId('redeem-open').click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar resgate' });
  await expect(dialog.getByText('Endereço de entrega')).toBeVisible();
  for (const [label, value] of [
    ['CEP', '01310-100'],
    ['Endereço', 'Av. Paulista'],
    ['Cidade', 'São Paulo'],
    ['País', 'Brasil'],
  ] as const) {
    const field = dialog.getByRole('textbox', { name: label, exact: true });
    if (!(await field.inputValue())) await field.fill(value);
  }
  await dialog.getByRole('textbox', { name: 'Complemento', exact: true }).fill('Sala 12');
  await axe(page, 'redeem dialog');
  await dialog.getByRole('button', { name: 'Confirmar resgate' }).dblclick();
  await expect(page.getByTestId('redeem-success')).toBeVisible();
  await expect(page.getByText('Resgate feito!')).toBeVisible();

  // The order in the profile, awaiting approval; the double tap ordered once.
  await page.getByRole('link', { name: 'Ver meus pedidos' }).click();
  await page.waitForURL(/\/profile\?tab=orders/);
  const order = page.getByTestId('my-order').filter({ hasText: title });
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId('order-status')).toHaveText('Aguardando aprovação');
  await order.getByRole('button').first().click();
  await expect(order.getByText('Pedido feito')).toBeVisible();
  await settled(page);
  await axe(page, 'my orders');
  await noOverflow(page, 'my orders');

  // A second order, of the keychain, for the administrator to reprove: 500 − 300 − 100 = 100 left.
  await orderKeychain();

  // The administrator approves the bottle and reproves the keychain in the orders queue.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await admin.goto('/?locale=pt-BR');
  await admin
    .getByTestId('cookie-accept-all')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await submitLogin(admin, account('admin'));
  await admin.waitForURL((url) => url.pathname !== '/');
  await admin.goto('/admin/rewards/orders');
  await expect(admin.getByRole('heading', { level: 1, name: 'Pedidos da loja' })).toBeVisible();
  const row = admin.getByTestId('queue-order').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await settled(admin);
  await axe(admin, 'orders queue');
  await row.getByRole('button', { name: 'Aprovar' }).click();
  await expect(admin.getByText(`Pedido de ${title} aprovado.`)).toBeVisible();
  const second = admin.getByTestId('queue-order').filter({ hasText: keychain });
  await second.getByRole('button', { name: 'Reprovar' }).click();
  const reprove = admin.getByRole('dialog', { name: 'Reprovar pedido' });
  await reprove.getByRole('textbox', { name: 'Motivo' }).fill('Endereço fora da área de entrega');
  await reprove.getByRole('button', { name: 'Reprovar' }).click();
  await expect(admin.getByText(`Pedido de ${keychain} reprovado.`)).toBeVisible();
  await admin.getByRole('combobox', { name: 'Situação' }).click();
  await admin.getByRole('option', { name: 'Aprovado' }).click();
  const approved = admin.getByTestId('queue-order').filter({ hasText: title });
  await approved.getByRole('button', { name: 'Informar envio' }).click();
  const ship = admin.getByRole('dialog', { name: 'Informar envio' });
  await ship.getByRole('textbox', { name: 'Transportadora' }).fill('Correios');
  await ship.getByRole('textbox', { name: 'Código de rastreio' }).fill(`BR${stamp}`);
  await ship.getByRole('button', { name: 'Informar envio' }).click();
  await expect(admin.getByText(`Envio de ${title} informado.`)).toBeVisible();
  await adminContext.close();

  // The learner sees the order move, with the carrier and the tracking code.
  await page.reload();
  const moved = page.getByTestId('my-order').filter({ hasText: title });
  await expect(moved.getByTestId('order-status')).toHaveText('Enviado');
  await moved.getByRole('button').first().click();
  await expect(moved.getByText(`Correios · código de rastreio BR${stamp}`)).toBeVisible();

  // The reproved order tells the reason, and its points are back: 500 − 300 = 200 available.
  const reproved = page.getByTestId('my-order').filter({ hasText: keychain });
  await expect(reproved.getByTestId('order-status')).toHaveText('Reprovado');
  await reproved.getByRole('button').first().click();
  await expect(reproved.getByText('Motivo: Endereço fora da área de entrega')).toBeVisible();
  await page.goto('/reward-store');
  await expect(page.getByTestId('store-available')).toHaveText('200');
});
