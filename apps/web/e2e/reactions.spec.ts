import { expect, test, type Page } from '@playwright/test';
import { apiToken, seriousViolations } from './learning-support';
import { account, loginAs, resetAccount, settled, type WorkerAccount } from './support';

// A reaction evaluation closes the demo course "Atendimento por mensagem" (an HTML lesson, then the
// reaction). Each journey uses its own worker's account, which has not started the course: the reaction
// is locked until the lesson is finished, then it is answered once and the course is finished.
const COURSE = 'Atendimento por mensagem';

const texts = {
  'pt-BR': {
    locked:
      'Conclua antes todas as outras atividades: a avaliação de reação abre quando o treinamento termina.',
    submit: 'Enviar respostas',
    optionRequired: 'Selecione pelo menos uma opção.',
    excellent: 'Excelente',
    yes: 'Sim',
    examples: 'Os exemplos',
    justification: 'Justifique sua resposta',
    suggestion: /Deixe uma sugestão/,
    sent: 'Obrigado! Sua avaliação foi enviada e esta atividade está concluída.',
  },
  'en-US': {
    locked: 'Finish every other activity first: the feedback survey opens when the training ends.',
    submit: 'Send answers',
    optionRequired: 'Select at least one option.',
    excellent: 'Excellent',
    yes: 'Yes',
    examples: 'The examples',
    justification: 'Justify your answer',
    suggestion: /Leave a suggestion/,
    sent: 'Thank you! Your feedback was sent and this activity is finished.',
  },
} as const;

async function noSeriousViolations(page: Page, name: string) {
  await settled(page);
  expect(await seriousViolations(page), name).toEqual([]);
}

async function journey(page: Page, who: WorkerAccount, language: keyof typeof texts) {
  const x = texts[language];
  const email = account(who);
  await resetAccount(page.request, email, language);
  const headers = { Authorization: `Bearer ${await apiToken(page.request, email)}` };
  const list = await page.request.get(`/api/learning/courses?search=${encodeURIComponent(COURSE)}`, {
    headers,
  });
  expect(list.ok()).toBe(true);
  const course = ((await list.json()) as { items: { id: number; title: string }[] }).items.find(
    (c) => c.title === COURSE,
  );
  expect(course, COURSE).toBeTruthy();

  await loginAs(page, email);
  await page
    .getByTestId('cookie-accept-all')
    .click({ timeout: 5_000 })
    .catch(() => undefined);

  // Before the training ends: locked, with why.
  await page.goto(`/courses/${course!.id}/activities/1.2`);
  await expect(page.getByTestId('lock-reason').first()).toHaveText(x.locked);
  await noSeriousViolations(page, `${language} locked`);

  // The lesson, finished once its page loaded.
  await page.goto(`/courses/${course!.id}/activities/1.1`);
  await expect(page.getByTestId('activity-done')).toBeVisible({ timeout: 30_000 });

  // Now open: the questions as cards, the errors beside their question, then the thank-you.
  await page.goto(`/courses/${course!.id}/activities/1.2`);
  await expect(page.getByTestId('reaction-form')).toBeVisible();
  await noSeriousViolations(page, `${language} open`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${language}: the reaction is wider than the screen`).toBeLessThanOrEqual(1);

  await page.getByRole('button', { name: x.submit }).click();
  await expect(page.getByText(x.optionRequired).first()).toBeVisible();
  await page.getByRole('radio', { name: x.excellent }).check();
  await page.getByRole('radio', { name: x.yes, exact: true }).check();
  await page.getByRole('textbox', { name: x.justification }).fill('Vou usar os modelos de resposta.');
  await page.getByRole('checkbox', { name: x.examples }).check();
  await page.getByRole('textbox', { name: x.suggestion }).fill('Mais exemplos de mensagens difíceis.');
  await page.getByRole('button', { name: x.submit }).click();
  await expect(page.getByText(x.sent)).toBeVisible();
  await expect(page.getByTestId('course-percent')).toHaveText(/100/);
  await noSeriousViolations(page, `${language} sent`);

  // Answered once: the server keeps the first answer.
  const list2 = await page.request.get(`/api/learning/courses/${course!.id}`, {
    headers: { Authorization: `Bearer ${await apiToken(page.request, email)}` },
  });
  expect(((await list2.json()) as { progress: { percent: number } }).progress.percent).toBe(100);
}

test('a learner on a phone finishes the lesson and answers the reaction evaluation (pt-BR)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await journey(page, 'learner', 'pt-BR');
});

test('a colleague on a desktop answers it in English', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await journey(page, 'moderator', 'en-US');
});
