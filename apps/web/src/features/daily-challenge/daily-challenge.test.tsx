import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { DailyChallengeToday } from '@trilha/contracts/daily-challenge';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { useCommonStore } from '../../lib/session-store';
import { client, json, session } from '../../test/fixtures';
import { mockApi } from '../../test/render-app';
import DailyChallengeCard from './components/daily-challenge-card';
import DailyChallengeCalendarPage from './pages/daily-challenge-calendar-page';

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

function renderIt(element: React.ReactNode, roles: string[] = ['sales_agent'], path = '/') {
  const base = session({ canAccessBackOffice: true, clients: [client({ roles: roles as never })] });
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password', session: base });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const question = {
  kind: 'single_choice' as const,
  stem: 'Qual tinta seca mais rápido?',
  media: null,
  options: ['Esmalte', 'Acrílica', 'Óleo'],
};
const unanswered = (streak = 4): DailyChallengeToday => ({
  day: '2026-11-25',
  timeZone: 'America/Sao_Paulo',
  challenge: { id: 9, points: 20, xp: 5, question },
  answer: null,
  streak: { current: streak, best: 6, answeredToday: false },
  badge: null,
});

describe('daily challenge card', () => {
  it('answers once: sends the chosen option, shows the feedback, the points and the longer streak', async () => {
    let sent: unknown = null;
    mockApi((url, init) => {
      if (url === '/api/daily-challenge/today') return json(unanswered());
      if (url === '/api/daily-challenge/today/answer' && init?.method === 'POST') {
        sent = JSON.parse(String(init.body));
        return json({
          ...unanswered(),
          answer: {
            answer: { kind: 'single_choice', option: 1 },
            correct: true,
            points: 20,
            xp: 5,
            feedback: 'Isso! A acrílica seca em 1 hora.',
            solution: { options: [1], value: null },
            answeredAt: '2026-11-25T12:00:00.000Z',
          },
          streak: { current: 5, best: 6, answeredToday: true },
        } satisfies DailyChallengeToday);
      }
      return undefined;
    });
    renderIt(<DailyChallengeCard />);

    expect(await screen.findByText('Qual tinta seca mais rápido?')).toBeTruthy();
    expect(within(screen.getByTestId('daily-streak')).getByText('4 dias seguidos')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Responder' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Acrílica' }));
    fireEvent.click(screen.getByRole('button', { name: 'Responder' }));

    expect(await screen.findByText('Resposta certa!')).toBeTruthy();
    expect(sent).toEqual({ kind: 'single_choice', option: 1 });
    expect(screen.getByText('Isso! A acrílica seca em 1 hora.')).toBeTruthy();
    expect(screen.getByText('Você ganhou 20 pontos e 5 XP.')).toBeTruthy();
    expect(within(screen.getByTestId('daily-streak')).getByText('5 dias seguidos')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Responder' })).toBeNull();
  });

  it('shows a wrong answer with the right one, and a refusal in words', async () => {
    mockApi((url, init) => {
      if (url === '/api/daily-challenge/today') return json({ ...unanswered(0) });
      if (url === '/api/daily-challenge/today/answer' && init?.method === 'POST')
        return json({ error: { code: 'DAILY_CHALLENGE_ALREADY_ANSWERED', message: 'already' } }, 409);
      return undefined;
    });
    renderIt(<DailyChallengeCard />);
    expect(await screen.findByText('Responda hoje para começar uma sequência')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Óleo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Responder' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/já respondeu o desafio de hoje/);
  });

  it('reads back an answer given earlier: wrong, with what was right', async () => {
    mockApi((url) => {
      if (url === '/api/daily-challenge/today')
        return json({
          ...unanswered(1),
          answer: {
            answer: { kind: 'single_choice', option: 2 },
            correct: false,
            points: 0,
            xp: 0,
            feedback: '',
            solution: { options: [1], value: null },
            answeredAt: '2026-11-25T12:00:00.000Z',
          },
          streak: { current: 1, best: 6, answeredToday: true },
        } satisfies DailyChallengeToday);
      return undefined;
    });
    renderIt(<DailyChallengeCard />);
    expect(await screen.findByText('Não foi dessa vez.')).toBeTruthy();
    expect(screen.getByText('Resposta certa: Acrílica')).toBeTruthy();
    expect(screen.getByText('1 dia seguido')).toBeTruthy();
  });
});

describe('daily challenge calendar', () => {
  it('shows the month with each day’s question, schedules a day and clears another', async () => {
    const calls: { method: string; url: string; body?: unknown }[] = [];
    let days = [
      {
        day: '2026-11-03',
        questionId: 4,
        stem: 'Quantas demãos leva a parede?',
        kind: 'single_choice',
        points: 10,
        xp: 10,
        scheduled: true,
        answers: 0,
      },
      {
        day: '2026-11-02',
        questionId: 5,
        stem: 'Pergunta já respondida',
        kind: 'true_false',
        points: 10,
        xp: 10,
        scheduled: false,
        answers: 3,
      },
    ];
    mockApi((url, init) => {
      const method = init?.method ?? 'GET';
      if (url.startsWith('/api/admin/daily-challenges')) {
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (method === 'DELETE') days = days.filter((d) => !url.endsWith(`day=${d.day}`));
        if (method === 'PUT')
          days = [
            ...days,
            {
              day: '2026-11-10',
              questionId: 8,
              stem: 'Qual rolo usar no teto?',
              kind: 'single_choice',
              points: 15,
              xp: 10,
              scheduled: true,
              answers: 0,
            },
          ];
        return json({ month: '2026-11', days });
      }
      if (url.startsWith('/api/admin/question-bank/questions'))
        return json({
          questions: [
            { id: 8, kind: 'single_choice', title: '', stem: 'Qual rolo usar no teto?' },
            { id: 9, kind: 'essay', title: '', stem: 'Redação longa' },
          ].map((q) => ({
            categoryId: null,
            categoryName: null,
            generalFeedback: '',
            points: 1,
            tags: [],
            media: null,
            translations: {},
            createdAt: '2026-11-01T00:00:00.000Z',
            updatedAt: '2026-11-01T00:00:00.000Z',
            ...q,
            ...(q.kind === 'essay' ? {} : { options: [{ text: 'A', correct: true, feedback: '' }] }),
          })),
          total: 2,
          page: 1,
          pageSize: 100,
        });
      return undefined;
    });
    renderIt(<DailyChallengeCalendarPage />, ['manager'], '/?month=2026-11');

    const third = await screen.findByTestId('day-2026-11-03');
    expect(await within(third).findByText('Quantas demãos leva a parede?')).toBeTruthy();
    const second = screen.getByTestId('day-2026-11-02');
    expect(within(second).getByText('3 respostas')).toBeTruthy();
    expect(within(second).queryByRole('button', { name: /^Limpar/ })).toBeNull();
    expect(
      screen.getAllByRole('listitem').filter((li) => li.dataset.testid?.startsWith('day-')),
    ).toHaveLength(30);

    fireEvent.click(within(third).getByRole('button', { name: /^Limpar/ }));
    await waitFor(() =>
      expect(within(screen.getByTestId('day-2026-11-03')).getByText('Sorteio do banco')).toBeTruthy(),
    );
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('day=2026-11-03'))).toBe(true);
    expect(within(screen.getByTestId('day-2026-11-02')).getByText('Pergunta já respondida')).toBeTruthy();

    fireEvent.click(
      within(screen.getByTestId('day-2026-11-10')).getByRole('button', { name: /^Escolher a pergunta/ }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      within(dialog)
        .getAllByLabelText(/Pergunta do banco/)
        .find((el) => el.tagName === 'INPUT' && el.hasAttribute('aria-haspopup'))!,
    );
    const option = await screen.findByRole('option', { name: 'Qual rolo usar no teto?' });
    expect(screen.queryByRole('option', { name: 'Redação longa' })).toBeNull();
    fireEvent.click(option);
    const points = within(dialog).getByLabelText('Pontos');
    fireEvent.change(points, { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('day-2026-11-10')).getByText('Qual rolo usar no teto?')).toBeTruthy(),
    );
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/admin/daily-challenges?day=2026-11-10',
      body: { questionId: 8, points: 15, xp: 10 },
    });
  });

  it('refuses a learner', async () => {
    mockApi(() => undefined);
    renderIt(<DailyChallengeCalendarPage />, ['sales_agent']);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Você não tem permissão para editar o desafio do dia.',
    );
  });
});
