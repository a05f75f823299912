import type { Page } from '@playwright/test';
import { seriousViolations } from './learning-support';
import { expect, loginAs, settled, test } from './support';

// The instructors' tests screen (docs/assessments.md, "Back office"). The demo instructor of Aurora has
// no content area: the screen is its way to the attempts, essay grades and unblocks. Only this file
// signs in with it, and it only reads (no grade, no unblock, no language change), so workers may share it.

const INSTRUCTOR = 'instructor@demo.example';
const PHONE = { width: 390, height: 844 };

async function axe(page: Page, name: string) {
  await settled(page);
  expect(await seriousViolations(page), name).toEqual([]);
}

async function signIn(page: Page) {
  await loginAs(page, INSTRUCTOR);
  const accept = page.getByRole('button', { name: 'Aceitar todos' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

test('the instructor opens the tests screen from the back office and reads a course’s attempts', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Navegação da área administrativa' });
  await expect(nav.getByRole('link', { name: 'Provas e tentativas' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Conteúdos e trilhas' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Provas e tentativas' }).click();

  await expect(page).toHaveURL(/\/admin\/assessments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Provas e tentativas' })).toBeVisible();
  const courses = page.getByTestId('assessed-courses');
  await expect(courses.getByRole('link', { name: 'Avaliações na prática' })).toBeVisible();
  await axe(page, 'tests screen: courses');

  await courses.getByRole('link', { name: 'Avaliações na prática' }).click();
  await expect(page).toHaveURL(/\/admin\/assessments\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Avaliações na prática' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Prova ou quiz', exact: true })).toHaveValue(
    /Prova de atendimento/,
  );
  await expect(page.getByRole('heading', { name: 'Alunos bloqueados neste curso' })).toBeVisible();
  await axe(page, 'tests screen: a course');
});

test('the tests screen fits a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  await page.goto('/admin/assessments');
  await expect(page.getByTestId('assessed-courses')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the tests screen is wider than the phone').toBeLessThanOrEqual(1);
  await axe(page, 'tests screen at 390 px');
});
