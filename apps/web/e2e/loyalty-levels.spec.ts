import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { account, expect, settled, submitLogin, test, users } from './support';

/**
 * Levels of the loyalty program (docs/loyalty.md, "Levels") at a phone's width: the learner of Nimbus
 * Tech sees the level card on home and the level page with the waiting level-change request in four
 * languages, then the program administrator approves it and the learner is at the new level. Each
 * worker's learner copy has its own waiting request (seeded by `e2eWorkerLevelSeeders`).
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

async function signIn(page: Page, email: string) {
  await page.goto('/?locale=pt-BR');
  await page
    .getByTestId('cookie-accept-all')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await submitLogin(page, email);
  await page.waitForURL((url) => url.pathname !== '/');
}

async function learnerInNimbus(page: Page) {
  await page.goto('/home');
  await page.getByRole('button', { name: /Ana Souza/ }).click();
  await page.getByRole('menuitemradio', { name: 'Nimbus Tech' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Nimbus Tech' })).toBeHidden();
}

const languages = [
  ['pt-BR', 'Meu nível'],
  ['en-US', 'My level'],
  ['es', 'Mi nivel'],
  ['fr', 'Mon niveau'],
] as const;

test('the learner’s level card on home and level page, in four languages at phone width', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, users.learner.email);
  await learnerInNimbus(page);

  for (const [language, title] of languages) {
    await page.goto(`/home?locale=${language}`);
    const card = page.getByRole('region', { name: title });
    await expect(card.getByTestId('home-level-name')).not.toBeEmpty();
    await expect(card.getByRole('progressbar')).toBeVisible();
    await settled(page);
    await noSidewaysScroll(page);
    expect(await seriousViolations(page), `home ${language}`).toEqual([]);

    await page.goto(`/campaigns/levels?locale=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('level-name')).not.toBeEmpty();
    await expect(page.getByRole('listitem').filter({ has: page.getByText(/Influencer/) })).toBeVisible();
    await settled(page);
    await noSidewaysScroll(page);
    expect(await seriousViolations(page), `levels ${language}`).toEqual([]);
  }

  // In Portuguese: the seeded 1,200 XP are past Creator's 1,000 and the change waits for approval (or,
  // on a retry after the administrator's journey, it was approved).
  await page.goto('/campaigns/levels?locale=pt-BR');
  await expect(page.getByTestId('level-request')).toContainText(/Creator/);
  await expect(page.getByText(/1\.200 de 1\.000 XP|1\.200 de 3\.000 XP/)).toBeVisible();
});

test('the administrator approves a waiting level change, and the learner is at the new level', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, users.admin.email);
  await page.goto('/home');
  await page.getByRole('combobox', { name: 'Empresa' }).click();
  await page.getByRole('option', { name: 'Nimbus Tech' }).click();
  await expect(page.getByRole('link', { name: 'Nimbus Tech — Início' })).toBeVisible();

  await page.goto('/admin/campaigns/level-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Mudanças de nível' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Pedidos de mudança de nível' });
  await expect(table.or(page.getByText('Nenhum pedido nesta situação.'))).toBeVisible();
  const row = page.getByTestId(`level-request-${account('learner')}`);
  if ((await row.count()) > 0) {
    await expect(row.getByText('Basic → Creator')).toBeVisible();
    await expect(row.getByText('Tudo auditado')).toBeVisible();
    await settled(page);
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('button', { name: /^Aprovar a mudança de / }).click();
    await expect(page.getByText('Mudança de nível aprovada.')).toBeVisible();
    await expect(row).toHaveCount(0);
  }
  // Approved, now or by an earlier try of this journey.
  await page.getByLabel('Situação', { exact: true }).first().click();
  await page.getByRole('option', { name: 'Aprovadas' }).click();
  await expect(page.getByTestId(`level-request-${account('learner')}`)).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, users.learner.email);
  await learnerInNimbus(page);
  await page.goto('/campaigns/levels');
  await expect(page.getByTestId('level-name')).toHaveText('Creator');
  await expect(page.getByTestId('level-request')).toContainText('Sua mudança para Creator foi aprovada.');
});
