import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, loginAs, resetAccount, test, users } from './support';

/**
 * The profile's ranking tab (docs/ranking.md) at a phone's width, in every language: my position or how
 * to appear, the top with the demo's learners, the metric switch, the hide-my-name switch, and no serious
 * accessibility findings; then the ranking page of its own.
 */

test.use({ viewport: { width: 390, height: 844 } });

const texts = {
  'pt-BR': { me: 'Minha posição', top: 'Classificação', xp: 'XP', hide: /^Mostrar só as minhas iniciais/ },
  'en-US': { me: 'My position', top: 'Leaderboard', xp: 'XP', hide: /^Show only my initials/ },
  es: { me: 'Mi posición', top: 'Clasificación', xp: 'XP', hide: /^Mostrar solo mis iniciales/ },
  fr: { me: 'Ma position', top: 'Classement', xp: 'XP', hide: /^Afficher seulement mes initiales/ },
} as const;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`) }));
}

test('the ranking tab: my position, the top, the switches, in every language at 390 px', async ({
  page,
  request,
}) => {
  await loginAs(page);
  for (const lang of Object.keys(texts) as (keyof typeof texts)[]) {
    const t = texts[lang];
    await resetAccount(request, users.learner.email, lang);
    await page.goto(`/profile?tab=ranking&locale=${lang}`);
    await expect(page.getByRole('heading', { level: 2, name: t.me })).toBeVisible();
    const top = page.getByRole('list', { name: t.top });
    await expect(top.getByRole('listitem').first()).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  }

  // XP, then hiding my name and showing it again (the account is left as it was).
  await page.getByText('XP', { exact: true }).click();
  await expect(page.getByRole('list', { name: texts.fr.top }).getByText(/XP$/).first()).toBeVisible();
  const hide = page.getByRole('switch', { name: texts.fr.hide });
  await hide.click({ force: true });
  await expect(hide).toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: texts.fr.hide })).toBeChecked();
  await page.getByRole('switch', { name: texts.fr.hide }).click({ force: true });
  await expect(page.getByRole('switch', { name: texts.fr.hide })).not.toBeChecked();

  // The same ranking as a page of its own, reached from the module navigation.
  await page.goto('/ranking?locale=fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Classement' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: texts.fr.me })).toBeVisible();
  await expect(page.getByRole('list', { name: texts.fr.top }).getByRole('listitem').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await resetAccount(request, users.learner.email, 'pt-BR');
});
