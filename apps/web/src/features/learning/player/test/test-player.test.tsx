import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type {
  AttemptQuestion,
  AttemptResult,
  AttemptReview,
  AttemptView,
  TestOverview,
} from '@trilha/contracts/assessments/attempts';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../../app/providers';
import { useCommonStore } from '../../../../lib/session-store';
import { json } from '../../../../test/fixtures';
import { mockApi } from '../../../../test/render-app';
import { ActivityContent } from '../activity-content';
import { TestPlayer } from './test-player';

const base = '/api/learning/activities/40/attempts';
/** The right answer in words, for kinds whose answer shape cannot hold it (none here). */
const noCorrectText = { correctText: null };

function overview(test: Partial<TestOverview['test']> = {}, attempts: TestOverview['attempts'] = []) {
  return {
    test: {
      activityId: 40,
      kind: 'block_test',
      title: 'Prova final',
      questionCount: 8,
      passMark: 6,
      maxAttempts: 3,
      timeLimitMinutes: 20,
      review: 'answers_with_correct',
      attemptsUsed: 0,
      attemptsLeft: 3,
      openAttemptId: null,
      canStart: true,
      blockedReason: null,
      bestScore: null,
      passed: false,
      status: 'not_started',
      ...test,
    },
    attempts,
  } satisfies TestOverview;
}

const q = (index: number, kind: AttemptQuestion['kind'], parts: Partial<AttemptQuestion> = {}) =>
  ({
    index,
    kind,
    stem: `Questão ${kind}`,
    media: null,
    points: 1,
    options: null,
    left: null,
    right: null,
    items: null,
    ...parts,
  }) satisfies AttemptQuestion;

const questions: AttemptQuestion[] = [
  q(0, 'single_choice', {
    options: [
      { index: 0, text: 'Trocar o produto' },
      { index: 1, text: 'Negar a troca' },
    ],
  }),
  q(1, 'multiple_choice', {
    options: [
      { index: 0, text: 'Nota fiscal' },
      { index: 1, text: 'Embalagem' },
      { index: 2, text: 'Cupom de desconto' },
    ],
  }),
  q(2, 'true_false'),
  q(3, 'matching', {
    left: [
      { index: 0, text: 'Notebook' },
      { index: 1, text: 'Monitor' },
    ],
    right: [
      { index: 0, text: 'Tela' },
      { index: 1, text: 'Teclado' },
    ],
  }),
  q(4, 'ordering', {
    items: [
      { index: 0, text: 'Cumprimentar' },
      { index: 1, text: 'Ouvir' },
      { index: 2, text: 'Oferecer' },
    ],
  }),
  q(5, 'numeric'),
  q(6, 'short_answer'),
  q(7, 'essay'),
];

function attemptView(parts: Partial<AttemptView['attempt']> = {}): AttemptView {
  return {
    attempt: {
      id: 7,
      activityId: 40,
      number: 1,
      status: 'in_progress',
      startedAt: '2026-11-25T02:00:00.000Z',
      deadlineAt: null,
      secondsLeft: null,
      questions,
      answers: questions.map(() => null),
      ...parts,
    },
  };
}

function result(parts: Partial<AttemptResult['result']> = {}, outcome = {}): AttemptResult {
  return {
    result: {
      attemptId: 7,
      number: 1,
      status: 'submitted',
      score: 87.5,
      correctCount: 7,
      questionCount: 8,
      passMark: 6,
      passed: true,
      submittedAt: '2026-11-25T02:10:00.000Z',
      bestScore: 87.5,
      reviewAvailable: true,
      outcome: {
        activityFinished: true,
        attemptsLeft: 2,
        blocked: false,
        restarted: false,
        courseStatus: 'approved',
        ...outcome,
      },
      ...parts,
    },
  };
}

function renderPlayer() {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  render(
    <AppProviders env="test">
      <TestPlayer activityId={40} trailId={null} />
    </AppProviders>,
  );
}

const answerPuts = (calls: { url: string; init?: RequestInit }[]) =>
  calls
    .filter((c) => c.init?.method === 'PUT' && c.url.startsWith(`${base}/7/answers/`))
    .map((c) => ({
      index: Number(c.url.split('/').at(-1)),
      body: JSON.parse(String(c.init!.body)) as { answer: unknown },
    }));

const lastAnswer = (calls: { url: string; init?: RequestInit }[], index: number) =>
  answerPuts(calls)
    .filter((p) => p.index === index)
    .at(-1)?.body.answer;

describe('the test player', () => {
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });

  it('shows the intro: questions, pass mark, attempts left, time limit, best grade, status and the kind’s rule', async () => {
    mockApi((url) =>
      url === base
        ? json(
            overview({ attemptsUsed: 1, attemptsLeft: 2, bestScore: 50, status: 'reproved' }, [
              {
                id: 5,
                number: 1,
                status: 'submitted',
                startedAt: '2026-11-20T10:00:00.000Z',
                deadlineAt: null,
                submittedAt: '2026-11-20T10:12:00.000Z',
                score: 50,
                correctCount: 4,
                questionCount: 8,
                passed: false,
              },
            ]),
          )
        : undefined,
    );
    renderPlayer();
    expect((await screen.findByTestId('intro-questions')).textContent).toBe('8');
    expect(screen.getByTestId('intro-pass-mark').textContent).toBe('6 de 8');
    expect(screen.getByTestId('intro-attempts').textContent).toBe('2 de 3 restantes');
    expect(screen.getByTestId('intro-time').textContent).toBe('20 minutos');
    expect(screen.getByTestId('intro-best').textContent).toBe('50%');
    expect(screen.getByTestId('test-status').textContent).toBe('Reprovado');
    expect(screen.getByText(/você fica bloqueado no treinamento/)).toBeTruthy();
    const history = screen.getByTestId('attempt-history');
    expect(within(history).getByText('Reprovado')).toBeTruthy();
    expect(within(history).getByRole('button', { name: 'Revisão da tentativa 1' })).toBeTruthy();
    expect(screen.getByTestId('start-attempt').textContent).toBe('Tentar de novo');
  });

  it('is what the player shows for a test activity', async () => {
    const { calls } = mockApi((url) => (url === `${base}?trailId=4` ? json(overview()) : undefined));
    useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
    render(
      <AppProviders env="test">
        <ActivityContent
          activityId={40}
          title="Prova final"
          content={{
            kind: 'test',
            activityKind: 'block_test',
            questionCount: 8,
            passMark: 6,
            maxAttempts: 3,
            timeLimitMinutes: 20,
          }}
          completed={false}
          onProgress={() => undefined}
          trailId={4}
        />
      </AppProviders>,
    );
    expect((await screen.findByTestId('intro-questions')).textContent).toBe('8');
    expect(calls.some((c) => c.url === `${base}?trailId=4`)).toBe(true);
  });

  it('says why a learner blocked in the training cannot start, and whom to ask', async () => {
    mockApi((url) =>
      url === base
        ? json(
            overview({
              attemptsUsed: 3,
              attemptsLeft: 0,
              canStart: false,
              blockedReason: 'ASSESSMENT_BLOCKED_IN_COURSE',
              status: 'blocked',
            }),
          )
        : undefined,
    );
    renderPlayer();
    expect((await screen.findByTestId('test-status')).textContent).toBe('Bloqueado');
    expect(screen.getByText(/Peça ao seu instrutor ou gestor para desbloquear você/)).toBeTruthy();
    expect(screen.queryByTestId('start-attempt')).toBeNull();
  });

  it('asks single, multiple, true/false and matching questions with their own inputs and saves each answer', async () => {
    const { calls } = mockApi((url, init) => {
      if (url === base && init?.method === 'POST') return json(attemptView());
      if (url === base) return json(overview());
      if (url.startsWith(`${base}/7/answers/`)) return json({ saved: true, closed: null, secondsLeft: null });
      return undefined;
    });
    renderPlayer();
    fireEvent.click(await screen.findByTestId('start-attempt'));
    await screen.findByTestId('attempt-runner');
    const next = () => fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));

    // Single choice
    fireEvent.click(screen.getByRole('radio', { name: 'Negar a troca' }));
    await waitFor(() => expect(lastAnswer(calls, 0)).toEqual({ kind: 'single_choice', option: 1 }));
    expect(screen.getByRole('button', { name: 'Questão 1, respondida' })).toBeTruthy();
    next();

    // Multiple choice
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cupom de desconto' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Nota fiscal' }));
    await waitFor(() => expect(lastAnswer(calls, 1)).toEqual({ kind: 'multiple_choice', options: [0, 2] }));
    next();

    // True or false
    fireEvent.click(screen.getByRole('radio', { name: 'Falso' }));
    await waitFor(() => expect(lastAnswer(calls, 2)).toEqual({ kind: 'true_false', value: false }));
    next();

    // Matching: a list per item
    fireEvent.change(screen.getByRole('combobox', { name: 'Monitor' }), { target: { value: '0' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Notebook' }), { target: { value: '1' } });
    await waitFor(() =>
      expect(lastAnswer(calls, 3)).toEqual({
        kind: 'matching',
        pairs: [
          { left: 0, right: 1 },
          { left: 1, right: 0 },
        ],
      }),
    );
  });

  it('asks ordering, numeric, short-answer and essay questions and saves each answer once the typing pauses', async () => {
    const { calls } = mockApi((url, init) => {
      if (url === base && init?.method === 'POST') return json(attemptView());
      if (url === base) return json(overview());
      if (url.startsWith(`${base}/7/answers/`)) return json({ saved: true, closed: null, secondsLeft: null });
      return undefined;
    });
    renderPlayer();
    fireEvent.click(await screen.findByTestId('start-attempt'));
    fireEvent.click(await screen.findByRole('button', { name: 'Questão 5, sem resposta' }));
    const next = () => fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));

    // Ordering: move buttons, the new position read out
    fireEvent.click(screen.getByRole('button', { name: 'Subir “Oferecer”' }));
    expect(screen.getByText('Oferecer agora está na posição 2 de 3.')).toBeTruthy();
    expect(screen.getAllByTestId('ordering-item').map((li) => li.textContent)).toEqual([
      '1.Cumprimentar',
      '2.Oferecer',
      '3.Ouvir',
    ]);
    expect((screen.getByRole('button', { name: 'Subir “Cumprimentar”' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await waitFor(() => expect(lastAnswer(calls, 4)).toEqual({ kind: 'ordering', order: [0, 2, 1] }));
    next();

    // Numeric: a comma reads as the decimal point; a wrong number says so and is not sent
    const numeric = screen.getByRole('textbox', { name: 'Sua resposta' });
    fireEvent.change(numeric, { target: { value: '3,x' } });
    expect(screen.getByText('Digite um número, por exemplo 3,5.')).toBeTruthy();
    fireEvent.change(numeric, { target: { value: '3,5' } });
    await waitFor(() => expect(lastAnswer(calls, 5)).toEqual({ kind: 'numeric', value: 3.5 }));
    expect(answerPuts(calls).filter((p) => p.index === 5)).toHaveLength(1);
    next();

    // Short answer
    fireEvent.change(screen.getByRole('textbox', { name: 'Sua resposta' }), {
      target: { value: 'Garantia' },
    });
    await waitFor(() => expect(lastAnswer(calls, 6)).toEqual({ kind: 'short_answer', text: 'Garantia' }));
    next();

    // Essay: typing sends only the last text once the typing pauses
    const essay = screen.getByRole('textbox', { name: 'Sua resposta' });
    fireEvent.change(essay, { target: { value: 'Ouço' } });
    fireEvent.change(essay, { target: { value: 'Ouço o cliente primeiro.' } });
    await waitFor(() =>
      expect(lastAnswer(calls, 7)).toEqual({ kind: 'essay', text: 'Ouço o cliente primeiro.' }),
    );
    expect(answerPuts(calls).filter((p) => p.index === 7)).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe('Respostas salvas'));
  });

  it('resumes an attempt at its first open question, with the saved answers', async () => {
    mockApi((url, init) => {
      if (url === base && init?.method === 'POST')
        return json(
          attemptView({
            answers: [{ kind: 'single_choice', option: 0 }, null, null, null, null, null, null, null],
          }),
        );
      if (url === base) return json(overview({ openAttemptId: 7, attemptsUsed: 1, status: 'in_progress' }));
      return undefined;
    });
    renderPlayer();
    expect((await screen.findByTestId('start-attempt')).textContent).toBe('Continuar a tentativa');
    fireEvent.click(screen.getByTestId('start-attempt'));
    expect(await screen.findByText('Questão 2 de 8 · 1 ponto')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Questão 1, respondida' })).toBeTruthy();
    expect(screen.getByText('1 de 8 respondidas', { exact: false })).toBeTruthy();
  });

  it('submits after confirmation, counting the open questions, and shows the result with the review', async () => {
    const review: AttemptReview = {
      review: {
        attemptId: 7,
        mode: 'answers_with_correct',
        score: 87.5,
        correctCount: 7,
        questionCount: 8,
        passed: true,
        questions: [
          {
            ...questions[0]!,
            ...noCorrectText,
            answer: { kind: 'single_choice', option: 1 },
            earned: 0,
            correct: false,
            feedback: ['A troca é um direito do cliente.'],
            correctAnswer: { kind: 'single_choice', option: 0 },
            graderComment: null,
          },
        ],
      },
    };
    const { calls } = mockApi((url, init) => {
      if (url === base && init?.method === 'POST') return json(attemptView());
      if (url === base) return json(overview());
      if (url === `${base}/7/submit`) return json(result());
      if (url === `${base}/7/review`) return json(review);
      return undefined;
    });
    renderPlayer();
    fireEvent.click(await screen.findByTestId('start-attempt'));
    fireEvent.click(await screen.findByRole('button', { name: 'Revisar e enviar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar suas respostas?' });
    expect(within(dialog).getByText('8 questões estão sem resposta e contarão como erradas.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continuar respondendo' }));
    await waitFor(() => expect(calls.some((c) => c.url === `${base}/7/submit`)).toBe(false));

    fireEvent.click(screen.getByRole('button', { name: 'Revisar e enviar' }));
    fireEvent.click(await screen.findByTestId('confirm-submit'));
    expect((await screen.findByTestId('result-headline')).textContent).toBe('Você foi aprovado!');
    expect(screen.getByTestId('result-score').textContent).toBe('88%');
    expect(screen.getByTestId('result-attempts-left').textContent).toBe('2');
    expect(screen.getByTestId('result-next').textContent).toContain('melhorar a nota');
    expect(calls.filter((c) => c.url === `${base}/7/submit`)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Ver a revisão' }));
    const reviewed = await screen.findByTestId('review-question');
    expect(within(reviewed).getByText('Errada')).toBeTruthy();
    expect(within(reviewed).getByText('Negar a troca')).toBeTruthy();
    expect(reviewed.textContent).toContain('Resposta certa: Trocar o produto');
    expect(reviewed.textContent).toContain('0 de 1 ponto');
    expect(reviewed.textContent).not.toContain('pontos');
    expect(within(reviewed).getByText('A troca é um direito do cliente.')).toBeTruthy();
  });

  it.each([
    [
      'blocked',
      result(
        { passed: false, score: 25, correctCount: 2 },
        { attemptsLeft: 0, blocked: true, activityFinished: false, courseStatus: 'blocked' },
      ),
      'Você está bloqueado neste treinamento',
      false,
    ],
    [
      'restarted',
      result(
        { passed: false, score: 25, correctCount: 2 },
        { attemptsLeft: 0, restarted: true, activityFinished: false, courseStatus: 'restarted' },
      ),
      'Seu progresso foi reiniciado',
      false,
    ],
    [
      'failed with attempts left',
      result(
        { passed: false, score: 25, correctCount: 2 },
        { attemptsLeft: 1, activityFinished: false, courseStatus: 'in_progress' },
      ),
      'Tente de novo',
      true,
    ],
    [
      'waiting for an essay grade',
      result(
        { passed: null, score: null, status: 'pending_grading' },
        { attemptsLeft: 2, activityFinished: false, courseStatus: 'in_progress' },
      ),
      'Falta corrigir uma resposta dissertativa',
      true,
    ],
    ['passed on the last attempt', result({}, { attemptsLeft: 0 }), 'Atividade concluída', false],
  ])('shows what to do next when %s', async (_name, answer, title, canRetry) => {
    mockApi((url, init) => {
      if (url === base && init?.method === 'POST') return json(attemptView());
      if (url === base) return json(overview());
      if (url === `${base}/7/submit`) return json(answer);
      return undefined;
    });
    renderPlayer();
    fireEvent.click(await screen.findByTestId('start-attempt'));
    fireEvent.click(await screen.findByRole('button', { name: 'Revisar e enviar' }));
    fireEvent.click(await screen.findByTestId('confirm-submit'));
    const next = await screen.findByTestId('result-next');
    expect(next.textContent).toContain(title);
    expect(screen.queryByTestId('result-retry') !== null).toBe(canRetry);
  });

  it('closes the attempt when a save finds the deadline passed, and shows the result', async () => {
    mockApi((url, init) => {
      if (url === base && init?.method === 'POST') return json(attemptView({ secondsLeft: 600 }));
      if (url === base) return json(overview());
      if (url.startsWith(`${base}/7/answers/`))
        return json({
          saved: false,
          closed: result(
            { status: 'expired', passed: false, score: 0, correctCount: 0 },
            { attemptsLeft: 2, activityFinished: false },
          ).result,
          secondsLeft: 0,
        });
      return undefined;
    });
    renderPlayer();
    fireEvent.click(await screen.findByTestId('start-attempt'));
    expect(await screen.findByTestId('test-countdown')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Trocar o produto' }));
    expect((await screen.findByTestId('result-headline')).textContent).toBe('Você não atingiu a nota mínima');
    expect(screen.getByText(/O tempo acabou e a tentativa foi enviada/)).toBeTruthy();
  });

  it('keeps the answer and offers to save again when a save fails', async () => {
    let fail = true;
    const { calls } = mockApi((url, init) => {
      if (url === base && init?.method === 'POST') return json(attemptView());
      if (url === base) return json(overview());
      if (url.startsWith(`${base}/7/answers/`))
        return fail
          ? json({ error: { code: 'INTERNAL', message: 'x' } }, 500)
          : json({ saved: true, closed: null, secondsLeft: null });
      return undefined;
    });
    renderPlayer();
    fireEvent.click(await screen.findByTestId('start-attempt'));
    fireEvent.click(await screen.findByRole('radio', { name: 'Trocar o produto' }));
    expect(await screen.findByText('Não foi possível salvar sua última resposta')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar salvar de novo' }));
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe('Respostas salvas'));
    expect(lastAnswer(calls, 0)).toEqual({ kind: 'single_choice', option: 0 });
    await act(async () => undefined);
  });
});
