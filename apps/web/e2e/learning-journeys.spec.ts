import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  addActivity,
  assets,
  choose,
  notScormZip,
  scormZip,
  seriousViolations,
  signIn,
} from './learning-support';
import { seeded } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
// Names no demo content uses, so searches find exactly what this journey built.
const COURSE = 'Vitrine de fim de ano: montagem passo a passo';
const TRAIL = 'Trilha da temporada de fim de ano';
const manager = seeded.manager;
const learner = seeded.learner;

test.describe.configure({ mode: 'serial' });

// Finishing a course opens the rewards' finishing dialog over the player (rewards-journeys.spec.ts walks
// it); these journeys are about the player itself, so they close it whenever it shows.
test.beforeEach(async ({ page }) => {
  await page.addLocatorHandler(
    page.getByRole('dialog', { name: /^(Curso concluído|Trilha concluída)!$/ }),
    async (dialog) => {
      await dialog.getByRole('button', { name: 'Fechar' }).first().click();
    },
  );
});

let courseId = 0;
let trailId = 0;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/learning/${name}.png`, fullPage: true });
}

test('a manager builds a course: cover, PDF, video, SCORM 1.2 and 2004 packages; a bad zip is refused', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, manager);
  await page.goto('/admin/content');
  await page.getByTestId('new-course').click();
  await page.getByTestId('new-title').fill(COURSE);
  await page.getByRole('button', { name: 'Criar', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/content\/courses\/\d+/);
  courseId = Number(/courses\/(\d+)/.exec(page.url())?.[1]);

  // Details: description, self-enrollment, a cover with a real upload progress bar.
  await page
    .getByLabel('Descrição')
    .fill('Como planejar, montar e manter a vitrine da loja na temporada de fim de ano.');
  await choose(page, 'Inscrição', 'Inscrição pelo participante');
  await page
    .locator('[data-testid="upload-dropzone"] input[type="file"]')
    .setInputFiles(path.join(assets, 'covers/atendimento-que-encanta.jpg'));
  await expect(page.getByTestId('upload-current')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Alterações salvas.')).toBeVisible();

  await page.getByRole('tab', { name: 'Conteúdo' }).click();
  await page.getByTestId('new-module').fill('Fundamentos do atendimento');
  await page.getByRole('button', { name: 'Adicionar módulo' }).click();
  await expect(page.getByTestId('admin-module')).toHaveCount(1);

  await addActivity(
    page,
    'PDF',
    'Guia rápido do vendedor',
    path.join(assets, 'files/guia-rapido-do-vendedor.pdf'),
  );
  await addActivity(page, 'Vídeo', 'Boas-vindas ao cliente', path.join(assets, 'media/demo-video.mp4'));

  // An invalid package is refused with a clear message, and the activity stays without content.
  await page.getByTestId('add-activity').first().click();
  const dialog = page.getByRole('dialog');
  await choose(page, 'Tipo', 'Lição interativa (SCORM)');
  await dialog.getByTestId('activity-title').fill('Atendimento no varejo');
  await dialog.getByTestId('activity-save').click();
  const input = dialog.locator('[data-testid="upload-dropzone"] input[type="file"]');
  await input.setInputFiles({ name: 'pacote.zip', mimeType: 'application/zip', buffer: notScormZip() });
  await expect(dialog.getByTestId('upload-error')).toContainText(/imsmanifest|manifesto/i);
  await shot(page, 'admin-scorm-error-pt-BR-desktop');
  await input.setInputFiles({
    name: 'atendimento-scorm12.zip',
    mimeType: 'application/zip',
    buffer: scormZip('retail-basics-scorm12'),
  });
  await expect(dialog.getByTestId('upload-current')).toContainText('SCORM 1.2');
  // The import report: one SCO, no sequencing, its size; nothing the player cannot do yet.
  await expect(dialog.getByTestId('scorm-report-scos')).toHaveText('1 SCO');
  await expect(dialog.getByTestId('scorm-report-sequencing')).toHaveText('Sem sequenciamento');
  await expect(dialog.getByTestId('scorm-report-size')).toContainText('KB');
  await expect(dialog.getByTestId('scorm-report-limits')).toHaveCount(0);
  await dialog.getByTestId('scorm-report').scrollIntoViewIfNeeded();
  await shot(page, 'admin-scorm-report-pt-BR-desktop');
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).last().click();

  await addActivity(page, 'Lição interativa (SCORM)', 'Conhecendo os notebooks', {
    name: 'notebooks-scorm2004.zip',
    mimeType: 'application/zip',
    buffer: scormZip('product-knowledge-scorm2004'),
  });
  await expect(page.getByTestId('admin-activity')).toHaveCount(4);
  await expect(page.getByText('Falta o conteúdo')).toHaveCount(0);
  await shot(page, 'admin-course-content-pt-BR-desktop');

  await page.getByRole('switch', { name: 'Publicado' }).click({ force: true });
  await expect(page.getByRole('switch', { name: 'Publicado' })).toBeChecked();

  // A trail with the course in it.
  await page.goto('/admin/content?tab=trails');
  await page.getByTestId('new-trail').click();
  await page.getByTestId('new-title').fill(TRAIL);
  await page.getByRole('button', { name: 'Criar', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/content\/trails\/\d+/);
  trailId = Number(/trails\/(\d+)/.exec(page.url())?.[1]);
  await choose(page, 'Adicionar curso', COURSE);
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(page.getByTestId('trail-item')).toHaveCount(1);
  await page.getByRole('switch', { name: 'Publicado' }).click({ force: true });
  await expect(page.getByRole('switch', { name: 'Publicado' })).toBeChecked();
});

test('a learner finds the course with filters, enrolls and reads the PDF to the last page', async ({
  page,
}) => {
  await signIn(page, learner);
  await page.goto(`/trails/${trailId}`);
  await expect(page.getByRole('heading', { level: 1, name: TRAIL })).toBeVisible();
  await expect(page.getByTestId('trail-progress')).toContainText('0%');

  await page.goto('/online-courses');
  // A search that matches nothing, then the right one (saved after a short pause in typing).
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('planilhas avançadas');
  await expect(page.getByText('Nenhum resultado para estes filtros')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('vitrine de fim');
  await expect(page.getByText('Nenhum resultado para estes filtros')).toHaveCount(0);
  await page.waitForTimeout(500);
  const card = page.getByTestId('catalog-card').filter({ hasText: COURSE });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('catalog-card')).toHaveCount(1);
  // The filter survives a reload.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('vitrine de fim');
  await expect(page.getByTestId('catalog-card')).toHaveCount(1);
  await shot(page, 'course-list-pt-BR-desktop');

  await card.getByRole('link', { name: COURSE }).click();
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  await expect(page.getByTestId('lock-reason').first()).toContainText('Inscreva-se');
  await page.getByTestId('enroll-button').click();
  await expect(page.getByRole('dialog')).toContainText(COURSE);
  await page.getByTestId('confirm-enrollment').click();
  await expect(page.getByTestId('unenroll-button')).toBeVisible();
  await shot(page, 'course-detail-pt-BR-desktop');

  await page.getByTestId('continue-button').click();
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/activities/1\\.1$`));
  await expect(page.getByTestId('pdf-page-indicator')).toHaveText('Página 1 de 4');
  await expect(page.getByTestId('activity-done')).toHaveCount(0);
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Próxima página' }).click();
  await expect(page.getByTestId('pdf-page-indicator')).toHaveText('Página 4 de 4');
  await expect(page.getByTestId('pdf-completed')).toBeVisible();
  await expect(page.getByTestId('activity-done')).toBeVisible();
  await shot(page, 'player-pdf-pt-BR-desktop');
});

test('the video completes only when watched: seeking to the end does not count', async ({ page }) => {
  await signIn(page, learner);
  await page.goto(`/courses/${courseId}/activities/1.2`);
  const video = page.getByTestId('media-player');
  await expect(video).toBeVisible();
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    if (v.readyState < 1) await new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
    v.currentTime = v.duration - 0.6;
    await v.play();
    await new Promise((r) => v.addEventListener('ended', r, { once: true }));
  });
  // The pause/end report has gone out; the activity is not done.
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('activity-done')).toHaveCount(0);
  await shot(page, 'player-video-pt-BR-desktop');

  await video.evaluate(async (v: HTMLVideoElement) => {
    v.currentTime = 0;
    // The fastest the player's controls offer: the server admits no more than 2x the wall time.
    v.playbackRate = 2;
    await v.play();
    await new Promise((r) => v.addEventListener('ended', r, { once: true }));
  });
  await expect(page.getByTestId('activity-done')).toBeVisible({ timeout: 15_000 });
});

async function scormFrame(page: Page) {
  const frame = page.frameLocator('[data-testid="scorm-frame"]');
  await expect(frame.locator('#lms-status')).toHaveAttribute('data-connected', 'true');
  return frame;
}

test('a SCORM 1.2 lesson is completed and passed in the player, and stays so after a reload', async ({
  page,
}) => {
  await signIn(page, learner);
  await page.goto(`/courses/${courseId}/activities/1.3`);
  const frame = await scormFrame(page);
  for (let i = 0; i < 3; i++) await frame.locator('#next').click();
  await frame.locator('#q1-b').check();
  await frame.locator('#q2-c').check();
  await frame.locator('#q3-a').check();
  await frame.locator('#finish').click();
  await expect(frame.locator('#result-status')).toHaveAttribute('data-status', 'passed');
  await expect(page.getByTestId('scorm-success')).toHaveText('Aprovado');
  await expect(page.getByTestId('activity-done')).toBeVisible();
  await shot(page, 'player-scorm-pt-BR-desktop');
  await page.reload();
  await expect(page.getByTestId('scorm-success')).toHaveText('Aprovado');
  await expect(page.getByTestId('activity-done')).toBeVisible();
  // Passed and left normally: the attempt is over and no retake is allowed, so the lesson opens for review.
  await expect(page.getByTestId('scorm-review')).toBeVisible();
  await shot(page, 'player-scorm-review-pt-BR-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('scorm-review')).toBeVisible();
  await shot(page, 'player-scorm-review-pt-BR-phone');
});

test('a SCORM 2004 lesson resumes where the learner left after a reload, then passes', async ({ page }) => {
  await signIn(page, learner);
  await page.goto(`/courses/${courseId}/activities/1.4`);
  let frame = await scormFrame(page);
  await frame.locator('#next').click();
  await frame.locator('#next').click();
  await expect(frame.locator('#page-indicator')).toContainText('3');
  // Each page change commits; give it a moment to reach the server.
  await page.waitForTimeout(1500);
  await page.reload();
  frame = await scormFrame(page);
  await expect(frame.locator('#resume-notice')).toBeVisible();
  await expect(frame.locator('#page-indicator')).toContainText('3');
  await frame.locator('#next').click();
  await frame.locator('#next').click();
  await frame.locator('#q1-c').check();
  await frame.locator('#q2-a').check();
  await frame.locator('#q3-b').check();
  await frame.locator('#finish').click();
  await expect(frame.locator('#result-status')).toHaveAttribute('data-status', 'passed');
  await expect(page.getByTestId('scorm-success')).toHaveText('Aprovado');
  await expect(page.getByTestId('course-percent')).toHaveText('100%');
});

test('the trail shows the finished course and its progress moved', async ({ page }) => {
  await signIn(page, learner);
  await page.goto(`/trails/${trailId}`);
  await expect(page.getByTestId('trail-progress')).toContainText('100%');
  await expect(page.getByTestId('trail-step')).toContainText('Concluído');
});

test('the manager sees the learner in the progress report and exports it as CSV', async ({ page }) => {
  await signIn(page, manager);
  await page.goto(`/admin/content/courses/${courseId}?tab=report`);
  await expect(page.getByRole('cell', { name: /Ana Souza/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
});

const viewports = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
];

for (const language of ['pt-BR', 'en-US', 'es', 'fr']) {
  for (const viewport of viewports) {
    test(`learning screens look right, ${language}, ${viewport.name}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signIn(page, learner);
      const suffix = `${language}-${viewport.name}`;
      await page.goto(`/online-courses?locale=${language}`);
      await expect(page.getByTestId('catalog-card').first()).toBeVisible();
      await shot(page, `course-list-${suffix}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`/online-courses/${courseId}?locale=${language}`);
      await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
      await shot(page, `course-detail-${suffix}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`/trails/${trailId}?locale=${language}`);
      await expect(page.getByTestId('trail-step')).toBeVisible();
      await shot(page, `trail-${suffix}`);
      await page.goto(`/courses/${courseId}/activities/1.1?locale=${language}`);
      await expect(page.getByTestId('pdf-canvas')).toBeVisible();
      await page.waitForTimeout(800);
      await shot(page, `player-pdf-${suffix}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`/courses/${courseId}/activities/1.2?locale=${language}`);
      await expect(page.getByTestId('media-player')).toBeVisible();
      await shot(page, `player-video-${suffix}`);
      await page.goto(`/courses/${courseId}/activities/1.3?locale=${language}`);
      await scormFrame(page);
      await shot(page, `player-scorm-${suffix}`);

      // Signed out for good: with the learner's session still in the page's storage, the next load renews it
      // through the refresh cookie that the API sign-in below sets, and opens the app instead of the login.
      await page.context().clearCookies();
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await signIn(page, manager);
      await page.goto(`/admin/content?locale=${language}`);
      await expect(page.getByRole('link', { name: COURSE })).toBeVisible();
      await shot(page, `admin-list-${suffix}`);
      await page.goto(`/admin/content/courses/${courseId}?tab=content&locale=${language}`);
      await expect(page.getByTestId('admin-activity').first()).toBeVisible();
      await shot(page, `admin-course-${suffix}`);
    });
  }
}
