import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { learnerCatalog, seriousViolations, signIn, type ActivityRef } from './learning-support';
import { seeded } from './support';

/**
 * Every learning screen over the demo courses, as a learner and a manager see them, in the four
 * languages at desktop and phone width: screenshots to look at, and checks that nothing shows a raw key,
 * a raw id or a cut-off text, and that the player of each activity kind opens.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const learner = seeded.learner;
const manager = seeded.manager;
// A course and a trail of the demo, with content, learners and a report.
const DEMO_COURSE = 'Atendimento que encanta';
const DEMO_TRAIL = 'Trilha do consultor de vendas';
const languages = ['pt-BR', 'en-US', 'es', 'fr'] as const;
const viewports = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

type Catalog = Awaited<ReturnType<typeof learnerCatalog>>;
let cached: Catalog | null = null;

/** Read once per worker (a failed test restarts the worker; the next test reads it again). */
async function demoCatalog(request: APIRequestContext): Promise<Catalog> {
  cached ??= await learnerCatalog(request, learner);
  return cached;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/learning-screens/${name}.png`, fullPage: true });
}

/** No i18n key (`player.next`, `kinds.pdf`) and nothing wider than the screen. */
async function looksFinished(page: Page, where: string) {
  const main = page.locator('main');
  await expect
    .soft(main, where)
    .not.toContainText(
      /\b(?:list|filters|course|trail|player|kinds|status|lock|enrollment|files|pdf|scorm|portfolio|team|tabs|content|activity|report|enrollments|upload|audience|modes|roles)\.[a-z][A-Za-z_.]+\b/,
    );
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      // Tables scroll inside their own container; that is by design.
      if (el.closest('.mantine-TableScrollContainer-scrollContainer, .mantine-ScrollArea-viewport')) continue;
      wide.push(
        `${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)} → ${Math.round(box.right)}`,
      );
    }
    return wide.slice(0, 5);
  });
  expect.soft(overflow, `${where}: wider than the screen`).toEqual([]);
}

/** What shows that the player of a kind has opened. */
function readyLocator(page: Page, activity: ActivityRef) {
  switch (activity.kind) {
    case 'pdf':
      return page.getByTestId('pdf-canvas');
    case 'video':
    case 'wowza':
      return page.getByTestId('media-player');
    case 'audio':
      return page.locator('main audio');
    case 'youtube':
    case 'vimeo':
      return page.locator('main iframe').first();
    case 'scorm':
      return page.getByTestId('scorm-frame');
    case 'html':
    case 'slideshare':
      return page.getByTestId('content-frame').or(page.locator('main a[target="_blank"]')).first();
    case 'flash':
      return page.getByTestId('flash-unsupported');
    case 'conventional_test':
    case 'block_test':
    case 'restart_test':
    case 'evaluated_quiz':
    case 'unevaluated_quiz':
    case 'block_general_test':
    case 'restart_general_test':
      // The test courses of the demo (assessments-demo.ts): the player opens on the test's intro.
      return page.getByTestId('test-intro');
    case 'drag_and_drop':
    case 'drag_the_words':
    case 'find_the_pairs':
    case 'this_or_that':
    case 'fill_in_the_blanks':
    case 'true_or_false':
    case 'flashcards':
    case 'enigma':
      // The games demo course (games-demo.ts): the player opens on the game's intro.
      return page.getByTestId('game-intro');
    default:
      return page
        .locator('main')
        .getByRole('button', { name: /.+\.\w{2,4}$/ })
        .first();
  }
}

test('the demo catalog has a course and a trail for the learner, and an activity of every kind', async ({
  request,
}) => {
  const catalog = await demoCatalog(request);
  const kinds = [...catalog.activities.keys()].sort();
  test.info().annotations.push({ type: 'kinds', description: kinds.join(', ') });
  expect(kinds).toEqual(expect.arrayContaining(['pdf', 'video', 'audio', 'scorm', 'html', 'flash', 'ppt']));
  expect(catalog.enrolled).not.toBeNull();
  expect(catalog.trail).not.toBeNull();
});

for (const language of languages) {
  for (const viewport of viewports) {
    const suffix = `${language}-${viewport.name}`;

    test(`learner screens, ${suffix}`, async ({ page, request }) => {
      test.setTimeout(240_000);
      const catalog = await demoCatalog(request);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });

      // Public pages first, before signing in (a signed-in user is sent home from the portfolio).
      await page.goto(`/about-team?locale=${language}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot(page, `about-team-${suffix}`);
      await page.goto(`/portfolio?locale=${language}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(400);
      await shot(page, `portfolio-${suffix}`);
      if (catalog.publicSlug) {
        await page.goto(`/portfolio-course/${catalog.publicSlug}?locale=${language}`);
        // The demo site may have its public portfolio switched off: then the page says so.
        await expect(page.locator('main h1, main [role="alert"], main h2').first()).toBeVisible();
        await shot(page, `portfolio-course-${suffix}`);
      }

      await signIn(page, learner);
      await page.goto(`/online-courses?locale=${language}`);
      await expect(page.getByTestId('catalog-card').first()).toBeVisible();
      await looksFinished(page, 'course list');
      await shot(page, `course-list-${suffix}`);
      if (viewport.name === 'phone') {
        await page.getByRole('button', { name: /^(Filtros|Filters|Filtres)/ }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${SHOTS}/learning-screens/course-filters-${suffix}.png` });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
      expect.soft(await seriousViolations(page)).toEqual([]);

      if (catalog.locked) {
        await page.goto(`/online-courses/${catalog.locked.id}?locale=${language}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await looksFinished(page, 'locked course');
        await shot(page, `course-locked-${suffix}`);
        expect.soft(await seriousViolations(page)).toEqual([]);
      }
      await page.goto(`/online-courses/${catalog.enrolled!.id}?locale=${language}`);
      await expect(page.getByTestId('activity-row').first()).toBeVisible();
      await looksFinished(page, 'enrolled course');
      await shot(page, `course-enrolled-${suffix}`);
      expect.soft(await seriousViolations(page)).toEqual([]);

      await page.goto(`/trails?locale=${language}`);
      await expect(page.getByTestId('catalog-card').first()).toBeVisible();
      await looksFinished(page, 'trail list');
      await shot(page, `trail-list-${suffix}`);
      await page.goto(`/trails/${catalog.trail!.id}?locale=${language}`);
      await expect(page.getByTestId('trail-step').first()).toBeVisible();
      await looksFinished(page, 'trail');
      await shot(page, `trail-${suffix}`);
      expect.soft(await seriousViolations(page), 'trail').toEqual([]);

      for (const [key, activity] of catalog.activities) {
        await page.goto(`/courses/${activity.courseId}/activities/${activity.order}?locale=${language}`);
        await expect(page.getByRole('heading', { level: 1, name: activity.title })).toBeVisible();
        await expect(readyLocator(page, activity)).toBeVisible();
        await page.waitForTimeout(600);
        await looksFinished(page, `player ${key}`);
        await shot(page, `player-${key}-${suffix}`);
        // Every kind in one language; the PDF reader (the most controls) in all of them.
        if (key === 'pdf' || language === 'pt-BR') {
          expect.soft(await seriousViolations(page), `player ${key}`).toEqual([]);
        }
      }

      if (viewport.name === 'phone') {
        // The activity menu opens in a drawer on a phone.
        const first = [...catalog.activities.values()][0]!;
        await page.goto(`/courses/${first.courseId}/activities/${first.order}?locale=${language}`);
        await page
          .getByRole('button', {
            name: /^(Conteúdo do curso|Course content|Contenido del curso|Contenu du cours)$/,
          })
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${SHOTS}/learning-screens/player-menu-${suffix}.png` });
      }
    });

    test(`back office screens, ${suffix}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signIn(page, manager);
      await page.goto(`/admin/content?locale=${language}`);
      await expect(page.locator('main table a').first()).toBeVisible();
      await looksFinished(page, 'content list');
      await shot(page, `admin-list-${suffix}`);
      expect.soft(await seriousViolations(page), 'content list').toEqual([]);
      // A demo course by name: the newest course of the list may be one another journey is building.
      await page.locator('main input[type="search"]').fill(DEMO_COURSE);
      const demoCourse = page.locator('main table').getByRole('link', { name: DEMO_COURSE, exact: true });
      await expect(demoCourse).toBeVisible();
      await demoCourse.click();
      await expect(page).toHaveURL(/\/admin\/content\/courses\/\d+/);
      const courseUrl = page.url().replace(/\?.*$/, '');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot(page, `admin-course-details-${suffix}`);
      await page.goto(`${courseUrl}?tab=content&locale=${language}`);
      await expect(page.getByTestId('admin-activity').first()).toBeVisible();
      await looksFinished(page, 'course editor');
      await shot(page, `admin-course-content-${suffix}`);
      expect.soft(await seriousViolations(page), 'course editor').toEqual([]);
      await page.goto(`${courseUrl}?tab=report&locale=${language}`);
      await expect(page.locator('main table')).toBeVisible();
      await page.waitForTimeout(500);
      await shot(page, `admin-course-report-${suffix}`);
      expect.soft(await seriousViolations(page), 'report').toEqual([]);
      await page.goto(`${courseUrl}?tab=enrollments&locale=${language}`);
      await expect(page.locator('main table')).toBeVisible();
      await page.waitForTimeout(500);
      await shot(page, `admin-course-enrollments-${suffix}`);

      await page.goto(`/admin/content?tab=trails&locale=${language}`);
      const demoTrail = page.locator('main table').getByRole('link', { name: DEMO_TRAIL, exact: true });
      await expect(demoTrail).toBeVisible();
      await shot(page, `admin-trails-${suffix}`);
      await demoTrail.click();
      await expect(page.getByTestId('trail-item').first()).toBeVisible();
      await looksFinished(page, 'trail editor');
      await shot(page, `admin-trail-${suffix}`);
      expect.soft(await seriousViolations(page), 'trail editor').toEqual([]);
    });
  }
}

test('a library file whose download fails says so', async ({ page, request }) => {
  const catalog = await demoCatalog(request);
  await signIn(page, learner);
  // A file shown only as a download card (no preview that would fail first).
  const files = ['file-excel', 'file-compressed', 'file-document', 'file-powerpoint']
    .map((key) => catalog.activities.get(key))
    .filter((a) => a !== undefined);
  expect(files.length).toBeGreaterThan(0);
  const file = files[0]!;
  await page.goto(`/courses/${file.courseId}/activities/${file.order}`);
  const download = page
    .locator('main')
    .getByRole('button', { name: /^Baixar / })
    .last();
  await expect(download).toBeVisible();
  await page.route('**/api/learning/activities/*/download*', (route) => route.abort());
  await download.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Download do arquivo falhou' })).toBeVisible();
  await shot(page, 'player-file-download-failed-pt-BR-desktop');
});
