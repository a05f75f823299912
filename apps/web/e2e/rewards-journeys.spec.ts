import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiToken, seriousViolations, signIn } from './learning-support';
import { seeded } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
// The seeded learner: this journey adds to the history the demo gave it (the `catalog` project).
const learner = seeded.learner;
// A short course of the demo (a presentation and three files, each done when downloaded) whose award
// gives points, XP and a certificate; the learner has not started it in the demo data.
const COURSE = 'Experiência do cliente';

test.describe.configure({ mode: 'serial' });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/rewards/${name}.png`, fullPage: true });
}

/** A page with no session at all, as a visitor who got the certificate's link or QR code. */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'pt-BR' });
  return context.newPage();
}

interface Player {
  activity: { progress: { status: string } };
  content: { fileName?: string | null } | null;
}

let certificateCode = '';

test('a learner finishes a course, sees what it gave, then finds the points, badges and certificate in the profile', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Access tokens live five seconds in the journeys' server: each call asks for its own.
  const auth = async () => ({ Authorization: `Bearer ${await apiToken(page.request, learner)}` });
  const list = await page.request.get(
    `/api/learning/courses?search=${encodeURIComponent(COURSE)}&page=1&pageSize=12`,
    { headers: await auth() },
  );
  expect(list.ok()).toBe(true);
  const course = ((await list.json()) as { items: { id: number; title: string }[] }).items.find(
    (c) => c.title === COURSE,
  );
  expect(course, COURSE).toBeTruthy();
  const courseId = course!.id;
  const detail = (await (
    await page.request.get(`/api/learning/courses/${courseId}`, { headers: await auth() })
  ).json()) as {
    modules: { activities: { hierarchyOrder: string }[] }[];
  };
  const orders = detail.modules.flatMap((m) => m.activities.map((a) => a.hierarchyOrder));
  expect(orders.length).toBeGreaterThan(0);

  await signIn(page, learner);
  for (const [index, order] of orders.entries()) {
    const payload = (await (
      await page.request.get(`/api/learning/courses/${courseId}/activities/${order}`, {
        headers: await auth(),
      })
    ).json()) as Player;
    await page.goto(`/courses/${courseId}/activities/${order}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (['finished', 'approved', 'improved'].includes(payload.activity.progress.status)) continue;
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Baixar ${payload.content?.fileName ?? ''}` }).click();
    await download;
    if (index < orders.length - 1) await expect(page.getByTestId('activity-done')).toBeVisible();
  }

  // The last download finished the course: the finishing moment opens and waits for the grant.
  const dialog = page.getByRole('dialog', { name: 'Curso concluído!' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('earned-course')).toBeVisible({ timeout: 25_000 });
  await expect(dialog).toContainText('+120 pontos');
  await expect(dialog).toContainText('+60 de XP');
  await expect(dialog.getByRole('button', { name: 'Baixar certificado' })).toBeVisible();
  const verify = dialog.getByRole('link', { name: 'Página de verificação' });
  certificateCode = decodeURIComponent((await verify.getAttribute('href'))!.replace('/certificates/', ''));
  expect(certificateCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expect(page.getByTestId('finish-announcement')).toContainText('Você ganhou: +120 pontos');
  await shot(page, 'finish-moment-pt-BR-desktop');
  expect(await seriousViolations(page)).toEqual([]);

  // Escape closes it; reopening the finished course does not bring it back.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('activity-done')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/profile?tab=points');
  // The course's title is on its line, as the reference or the reason the ledger wrote.
  const line = page
    .getByTestId('statement-line')
    .filter({ hasText: 'Curso concluído' })
    .filter({ hasText: COURSE })
    .filter({ hasText: '+120 pontos' });
  await expect(line).toBeVisible();
  await expect(page.getByRole('img', { name: /Pontos e XP nos últimos meses/ })).toBeVisible();
  // The source filter narrows the statement to the courses' lines.
  await page.getByLabel('Origem').selectOption('course');
  await expect(page.getByTestId('statement-line').filter({ hasText: 'Atividade concluída' })).toHaveCount(0);
  await expect(line).toBeVisible();

  await page.goto('/profile?tab=badges');
  await expect(page.getByTestId('earned-badge').filter({ hasText: 'Atendimento nota 10' })).toBeVisible();
  await expect(
    page.getByTestId('available-badge').filter({ hasText: 'Mil pontos' }).getByTestId('badge-missing'),
  ).toHaveText(/^[\d.]+ de 1\.000 pontos$/);

  await page.goto('/profile?tab=certificates');
  const certificate = page.getByTestId('certificate').filter({ hasText: COURSE });
  await expect(certificate).toContainText('Válido');
  await expect(certificate).toContainText(certificateCode);

  const guest = await visitor(browser);
  await guest.goto(`/certificates/${certificateCode}`);
  await expect(guest.getByText('Certificado válido')).toBeVisible();
  await expect(guest.getByTestId('certificate-learner')).toHaveText('Ana Souza');
  await expect(guest.getByTestId('certificate-title')).toHaveText(COURSE);
  await guest.goto('/certificates/AAAA-BBBB-CCCC');
  await expect(guest.getByTestId('certificate-not-found')).toBeVisible();
  await guest.context().close();
});

const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

for (const language of ['pt-BR', 'en-US', 'es', 'fr']) {
  for (const viewport of viewports) {
    test(`rewards screens look right, ${language}, ${viewport.name}`, async ({ page, browser }) => {
      test.setTimeout(120_000);
      const suffix = `${language}-${viewport.name}`;
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signIn(page, learner);

      await page.goto(`/profile?tab=points&locale=${language}`);
      await expect(page.getByTestId('statement-line').first()).toBeVisible();
      await expect(page.getByRole('img').filter({ has: page.locator('desc') })).toBeVisible();
      await shot(page, `points-${suffix}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/profile?tab=badges&locale=${language}`);
      await expect(page.getByTestId('earned-badge').first()).toBeVisible();
      await expect(page.getByTestId('available-badge').first()).toBeVisible();
      await shot(page, `badges-${suffix}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/profile?tab=certificates&locale=${language}`);
      await expect(page.getByTestId('certificate').first()).toBeVisible();
      await shot(page, `certificates-${suffix}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/home?locale=${language}`);
      await expect(page.getByTestId('home-points')).toBeVisible();
      await shot(page, `home-${suffix}`);

      const mine = await page.request.get('/api/rewards/certificates', {
        headers: { Authorization: `Bearer ${await apiToken(page.request, learner)}` },
      });
      expect(mine.ok()).toBe(true);
      const code = ((await mine.json()) as { items: { code: string }[] }).items[0]!.code;
      const guest = await visitor(browser);
      await guest.setViewportSize({ width: viewport.width, height: viewport.height });
      await guest.goto(`/certificates/${code}?locale=${language}`);
      await expect(guest.getByTestId('certificate-status')).toBeVisible();
      await shot(guest, `public-certificate-${suffix}`);
      expect(await seriousViolations(guest)).toEqual([]);
      await guest.goto(`/certificates/AAAA-BBBB-CCCC?locale=${language}`);
      await expect(guest.getByTestId('certificate-not-found')).toBeVisible();
      await shot(guest, `public-certificate-not-found-${suffix}`);
      await guest.context().close();
    });
  }
}
