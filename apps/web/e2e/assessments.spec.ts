import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, seriousViolations, signIn } from './learning-support';
import { account, expect, resetAccount, settled, test } from './support';

// Tests and quizzes of the demo course set (apps/api/src/db/seed/assessments-demo.ts), taken by this
// worker's own learner, who has no attempts at them when the server starts. Each journey first puts back
// what an earlier try of it may have left (an unblock, a restart), so a retry on the same server runs
// the same way. The courses hold fixed questions in a fixed order, so the right options are known by
// their place: no text of a question is needed, and every language answers the same way.

type Language = 'pt-BR' | 'en-US' | 'es' | 'fr';
const catalogs = new Map<string, Record<string, unknown>>();
/** A text of a catalog area (`assessments-player` by default) in a language, with its {{values}} filled. */
function tr(
  language: Language,
  key: string,
  values: Record<string, string | number> = {},
  area = 'assessments-player',
): string {
  const name = `${language}/${area}`;
  if (!catalogs.has(name)) {
    const file = path.resolve(import.meta.dirname, `../../../packages/i18n/locales/${name}.json`);
    catalogs.set(name, JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>);
  }
  let text = key
    .split('.')
    .reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], catalogs.get(name));
  if (typeof text !== 'string') throw new Error(`no text ${key} in ${name}`);
  for (const [k, v] of Object.entries(values)) text = (text as string).replaceAll(`{{${k}}}`, String(v));
  return text as string;
}

const PHONE = { width: 390, height: 844 };

async function axe(page: Page, name: string) {
  await settled(page);
  expect(await seriousViolations(page), name).toEqual([]);
}

async function noOverflow(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(1);
}

interface Course {
  id: number;
  activities: Map<string, { id: number; order: string }>;
}

/** A demo course of tests as the learner's API shows it: its id and its activities by title. */
async function course(request: APIRequestContext, token: string, title: string): Promise<Course> {
  const headers = { Authorization: `Bearer ${token}` };
  const list = (await (
    await request.get('/api/learning/courses?page=1&pageSize=48', { headers })
  ).json()) as {
    items: { id: number; title: string }[];
  };
  const card = list.items.find((c) => c.title === title);
  expect(card, `the course ${title}`).toBeDefined();
  const detail = (await (await request.get(`/api/learning/courses/${card!.id}`, { headers })).json()) as {
    modules: { activities: { id: number; title: string; hierarchyOrder: string }[] }[];
  };
  const activities = new Map(
    detail.modules.flatMap((m) => m.activities).map((a) => [a.title, { id: a.id, order: a.hierarchyOrder }]),
  );
  return { id: card!.id, activities };
}

interface Overview {
  test: {
    attemptsUsed: number;
    attemptsLeft: number | null;
    passed: boolean;
    status: string;
    canStart: boolean;
  };
}

/**
 * The learner's side of a test through the API, to put an account back as a journey needs it. Each
 * call signs in anew: the journeys' server gives access tokens of a few seconds.
 */
function learnerApi(request: APIRequestContext, email: string, activityId: number) {
  const auth = async () => ({ Authorization: `Bearer ${await apiToken(request, email)}` });
  const base = `/api/learning/activities/${activityId}/attempts`;
  return {
    async overview() {
      const res = await request.get(base, { headers: await auth() });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as Overview;
    },
    /** One attempt with these answers by position (none: every question left blank). */
    async take(answers: unknown[] = []) {
      const headers = await auth();
      const started = await request.post(base, { headers });
      expect(started.ok(), await started.text()).toBe(true);
      const { attempt } = (await started.json()) as { attempt: { id: number } };
      for (const [index, answer] of answers.entries()) {
        const saved = await request.put(`${base}/${attempt.id}/answers/${index}`, {
          headers,
          data: { answer },
        });
        expect(saved.ok(), await saved.text()).toBe(true);
      }
      const sent = await request.post(`${base}/${attempt.id}/submit`, { headers });
      expect(sent.ok(), await sent.text()).toBe(true);
      return ((await sent.json()) as { result: { outcome: { restarted: boolean; blocked: boolean } } })
        .result;
    },
  };
}

/** Opens a test activity in the player and waits for its intro. */
async function openTest(page: Page, c: Course, title: string, language: Language) {
  await page.goto(`/courses/${c.id}/activities/${c.activities.get(title)!.order}?locale=${language}`);
  // The first player screen after signing in loads its code: slow on a busy machine.
  await expect(page.getByTestId('test-intro')).toBeVisible({ timeout: 30_000 });
}

/** Starts (or resumes, or retries) an attempt from the intro or the result. */
async function startAttempt(page: Page) {
  const retry = page.getByTestId('result-retry');
  if (await retry.isVisible().catch(() => false)) await retry.click();
  else await page.getByTestId('start-attempt').click();
  await expect(page.getByRole('navigation').locator('[data-testid="question-step"]').first()).toBeVisible();
}

/** Submits the attempt from any question, through the confirmation. */
async function submit(page: Page, language: Language) {
  const finish = page
    .getByTestId('attempt-runner')
    .getByRole('button', { name: tr(language, 'attempt.finish') });
  await finish.last().click();
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('test-result')).toBeVisible();
}

async function next(page: Page, language: Language) {
  await page
    .getByTestId('attempt-runner')
    .getByRole('button', { name: tr(language, 'attempt.next') })
    .click();
}

/** Fails attempts (every question blank) until the result says `until` (a `next.*Title` key). */
async function failUntil(page: Page, language: Language, until: string, most: number) {
  for (let i = 0; i < most; i++) {
    await startAttempt(page);
    await submit(page, language);
    await expect(page.getByTestId('result-headline')).toHaveText(tr(language, 'result.failed'));
    const title = await page.getByTestId('result-next').locator('.mantine-Alert-title').innerText();
    if (title === tr(language, until)) return;
  }
  throw new Error(`no "${until}" after ${most} failed attempts`);
}

// ------------------------------------------------------------------------------------------------

test('a timed test: the clock is on screen, and passing it finishes the activity', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const learner = account('learner');
  await signIn(page, learner);
  const pratica = await course(request, await apiToken(request, learner), 'Avaliações na prática');

  // The intro in every language at phone width.
  await page.setViewportSize(PHONE);
  for (const language of ['en-US', 'es', 'fr', 'pt-BR'] as const) {
    await openTest(page, pratica, 'Prova de atendimento', language);
    await expect(page.getByTestId('intro-time')).toHaveText(
      tr(language, 'intro.minutes_other', { count: 10 }),
    );
    await expect(page.getByText(tr(language, 'rules.timed'), { exact: false })).toBeVisible();
    await axe(page, `timed test intro ${language}`);
    await noOverflow(page, `timed test intro ${language}`);
  }

  // pt-BR, desktop: answer the four questions right, with the countdown running.
  await page.setViewportSize({ width: 1280, height: 900 });
  const pt = 'pt-BR';
  await startAttempt(page);
  const timer = page.getByTestId('test-countdown');
  await expect(timer).toBeVisible();
  await expect(timer).toHaveAccessibleName(/\d{1,2}:\d{2}/);
  await axe(page, 'timed test attempt');
  // 1. The greeting (single choice, with its picture): the first option.
  await expect(page.locator('section img')).toBeVisible();
  await page.getByRole('radio').nth(0).check();
  await next(page, pt);
  // 2. A complaint: listen to the end (true).
  await page.getByRole('radio', { name: tr(pt, 'question.true') }).check();
  await next(page, pt);
  // 3. Days to exchange a product: 30.
  await page.getByRole('textbox', { name: tr(pt, 'question.answer') }).fill('30');
  await next(page, pt);
  // 4. Active listening: the first two options.
  await page.getByRole('checkbox').nth(0).check();
  await page.getByRole('checkbox').nth(1).check();
  await expect(page.getByText(tr(pt, 'attempt.answered', { answered: 4, total: 4 }))).toBeVisible();
  await submit(page, pt);
  await expect(page.getByTestId('result-headline')).toHaveText(tr(pt, 'result.passed'));
  await expect(page.getByTestId('result-score')).toHaveText('100%');
  await axe(page, 'timed test passed');
  // The review shows each answer with the right one.
  await page.getByRole('button', { name: tr(pt, 'result.review') }).click();
  await expect(page.getByText(tr(pt, 'review.right')).first()).toBeVisible();
  await axe(page, 'timed test review');
});

test('a block test failed to the end blocks the learner until the manager unblocks from the Tests tab', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const learner = account('learner');
  const manager = account('manager');
  const caixa = await course(request, await apiToken(request, learner), 'Operação de caixa');
  const testId = caixa.activities.get('Prova do caixa')!.id;

  // A retry finds the learner maybe blocked by the first try: the manager unblocks through the API.
  await resetAccount(request, manager, 'pt-BR');
  if ((await learnerApi(request, learner, testId).overview()).test.status === 'blocked') {
    const session = await request.get('/api/session', {
      headers: { Authorization: `Bearer ${await apiToken(request, learner)}` },
    });
    const { user } = (await session.json()) as { user: { id: number } };
    const res = await request.post(`/api/admin/assessments/courses/${caixa.id}/users/${user.id}/unblock`, {
      headers: { Authorization: `Bearer ${await apiToken(request, manager)}` },
      data: { reason: 'Nova tentativa da jornada' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }

  // English, phone width: every attempt blank, until blocked.
  const en = 'en-US';
  await page.setViewportSize(PHONE);
  await signIn(page, learner);
  await openTest(page, caixa, 'Prova do caixa', en);
  await expect(page.getByText(tr(en, 'rules.block'))).toBeVisible();
  await failUntil(page, en, 'next.blockedTitle', 2);
  await expect(page.getByTestId('result-next')).toContainText(tr(en, 'next.blocked'));
  await axe(page, 'blocked result');
  await noOverflow(page, 'blocked result');
  await expect(page.getByTestId('result-retry')).toHaveCount(0);

  // The course page says so.
  await page.goto(`/online-courses/${caixa.id}?locale=${en}`);
  await settled(page);
  await expect(
    page.getByText(tr(en, 'status.blocked', {}, 'learning'), { exact: true }).first(),
  ).toBeVisible();
  await axe(page, 'blocked course');

  // The manager unblocks from the course editor's Tests tab, with a reason.
  const context = await browser.newContext({ viewport: PHONE });
  const admin = await context.newPage();
  await signIn(admin, manager);
  await admin.goto(`/admin/content/courses/${caixa.id}?tab=tests`);
  const row = admin.getByTestId('blocked-learners').getByRole('row').filter({ hasText: learner });
  await expect(row).toBeVisible();
  await axe(admin, 'tests tab with a blocked learner');
  await row.getByRole('button', { name: tr('pt-BR', 'admin.unblock') }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('button', { name: tr('pt-BR', 'admin.unblock') }).click();
  await expect(dialog.getByText(tr('pt-BR', 'admin.reasonError', { min: 3 }))).toBeVisible();
  await dialog
    .getByRole('textbox', { name: tr('pt-BR', 'admin.reason') })
    .fill('Revisou a rotina do caixa comigo.');
  await dialog.getByTestId('confirm-unblock').click();
  await expect(admin.getByText(tr('pt-BR', 'admin.unblocked', { name: 'Ana Souza' }))).toBeVisible();
  await expect(row).toHaveCount(0);
  await context.close();

  // The learner has the test back, with new attempts.
  await openTest(page, caixa, 'Prova do caixa', en);
  await expect(page.getByTestId('intro-attempts')).toHaveText(
    tr(en, 'intro.attemptsOf', { left: 2, max: 2 }),
  );
  await expect(page.getByTestId('start-attempt')).toBeVisible();
});

test('the graded quiz: passed, then a better grade; then the restart test failed to the end starts the course over', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const learner = account('learner');
  const vitrine = await course(request, await apiToken(request, learner), 'Vitrine e estoque');
  const quiz = learnerApi(request, learner, vitrine.activities.get('Quiz da vitrine')!.id);
  const restart = learnerApi(request, learner, vitrine.activities.get('Prova de estoque')!.id);
  const right = [
    { kind: 'single_choice', option: 1 },
    { kind: 'true_false', value: true },
    { kind: 'single_choice', option: 0 },
  ];
  // A retry finds the quiz already taken: pass it if needed, then fail the restart test to start over.
  if ((await quiz.overview()).test.attemptsUsed > 0) {
    if (!(await quiz.overview()).test.passed) await quiz.take(right);
    for (let i = 0; i < 2; i++) if ((await restart.take()).outcome.restarted) break;
    expect((await quiz.overview()).test.attemptsUsed).toBe(0);
  }

  // Spanish, desktop: a pass with two of three right, then all three right.
  const es = 'es';
  await signIn(page, learner);
  await openTest(page, vitrine, 'Quiz da vitrine', es);
  await expect(page.getByText(tr(es, 'rules.graded'))).toBeVisible();
  await startAttempt(page);
  await page.getByRole('radio').nth(1).check();
  await next(page, es);
  await page.getByRole('radio', { name: tr(es, 'question.true') }).check();
  await next(page, es);
  await page.getByRole('radio').nth(1).check(); // wrong: the invoice is the first option
  await submit(page, es);
  await expect(page.getByTestId('result-headline')).toHaveText(tr(es, 'result.passed'));
  await expect(page.getByTestId('result-score')).toHaveText('67%');
  await expect(page.getByTestId('result-next')).toContainText(tr(es, 'next.improveTitle'));
  await axe(page, 'quiz passed, improvable');

  await startAttempt(page);
  await page.getByRole('radio').nth(1).check();
  await next(page, es);
  await page.getByRole('radio', { name: tr(es, 'question.true') }).check();
  await next(page, es);
  await page.getByRole('radio').nth(0).check();
  await submit(page, es);
  await expect(page.getByTestId('result-score')).toHaveText('100%');
  await expect(page.getByText(tr(es, 'result.best', { score: 100 }))).toBeVisible();
  await page.getByRole('button', { name: tr(es, 'result.backToTest') }).click();
  await expect(page.getByTestId('intro-best')).toHaveText('100%');
  await expect(page.getByTestId('attempt-history').getByText(tr(es, 'attemptStatus.passed'))).toHaveCount(2);

  // French, phone width: the restart test, every attempt blank, until the course starts over.
  const fr = 'fr';
  await page.setViewportSize(PHONE);
  await openTest(page, vitrine, 'Prova de estoque', fr);
  await expect(page.getByText(tr(fr, 'rules.restart'))).toBeVisible();
  await failUntil(page, fr, 'next.restartedTitle', 2);
  await expect(page.getByTestId('result-next')).toContainText(tr(fr, 'next.restarted'));
  await axe(page, 'restarted result');
  await noOverflow(page, 'restarted result');
  // The quiz's attempts are back: the course starts over.
  await openTest(page, vitrine, 'Quiz da vitrine', fr);
  await expect(page.getByTestId('intro-attempts')).toHaveText(
    tr(fr, 'intro.attemptsOf', { left: 3, max: 3 }),
  );
  expect((await quiz.overview()).test.attemptsUsed).toBe(0);
});
