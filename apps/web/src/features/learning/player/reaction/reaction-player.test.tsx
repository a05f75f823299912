import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useCommonStore } from '../../../../lib/session-store';
import { client, json, session } from '../../../../test/fixtures';
import { mockApi, renderApp, settledAt } from '../../../../test/render-app';

const reaction = {
  activityId: 41,
  courseId: 3,
  title: 'Avaliação de reação',
  description: '',
  open: true,
  closedReason: null,
  closedCode: null,
  pendingActivities: 0,
  answered: false,
  answeredAt: null,
  questions: [
    { kind: 'alternative', text: 'Como avalia o treinamento?', required: true, options: ['Bom', 'Ruim'] },
    { kind: 'essay', text: 'Comentários', required: false, options: [] },
  ],
};
const progress = {
  activity: {
    status: 'finished',
    percent: 100,
    success: null,
    score: null,
    completedAt: new Date().toISOString(),
    watchedShare: null,
    resumePosition: null,
    resumePage: null,
  },
  course: { status: 'finished', percent: 100, completedActivities: 3, totalActivities: 3 },
  unlocked: [],
};

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

// Each test signs in again: the app may read the session while a test runs.
beforeEach(() => {
  // A client with in-person courses: their routes are gated by the module.
  const base = session({
    clients: [
      client({
        roles: ['sales_agent'],
        homeRoute: '/home',
        flags: { has_courses: true, has_presentials: true },
        modules: [
          { key: 'online-courses', path: '/online-courses' },
          { key: 'presential-courses', path: '/presential-courses' },
        ],
      }),
    ],
  });
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password', session: base });
});

// The route's chunk and the catalogs load lazily on the first render: a slow machine needs time.
describe(
  'the reaction evaluation player, from data only (the in-person courses route)',
  { timeout: 20_000 },
  () => {
    it('says in-person reactions are not available while the API has none', async () => {
      mockApi((url) =>
        url === '/api/learning/presential-courses/3/reactions/1.2'
          ? json({ available: false, reaction: null })
          : undefined,
      );
      const { router } = renderApp('/presential-courses/3/reactions/1.2');
      await settledAt(router, '/presential-courses/3/reactions/1.2');
      expect(await screen.findByText('Avaliação indisponível', {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Ir para o início' })).toBeTruthy();
    });

    it('shows why it is locked before the training ends', async () => {
      mockApi((url) =>
        url === '/api/learning/presential-courses/3/reactions/1.3'
          ? json({
              available: true,
              reaction: {
                ...reaction,
                open: false,
                closedReason: 'training_not_ended',
                closedCode: 'REACTION_TRAINING_NOT_ENDED',
                pendingActivities: 2,
              },
            })
          : undefined,
      );
      const { router } = renderApp('/presential-courses/3/reactions/1.3');
      await settledAt(router, '/presential-courses/3/reactions/1.3');
      expect(
        await screen.findByText('Disponível ao fim do treinamento', {}, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.getByText('Faltam concluir 2 atividades do curso.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Enviar respostas' })).toBeNull();
    });

    it('checks the required question, sends the answers once and thanks the learner', async () => {
      const { calls } = mockApi((url, init) => {
        if (url === '/api/learning/activities/41/reaction' && init?.method === 'POST') return json(progress);
        if (url === '/api/learning/presential-courses/3/reactions/1.4')
          return json({ available: true, reaction });
        return undefined;
      });
      const { router } = renderApp('/presential-courses/3/reactions/1.4');
      await settledAt(router, '/presential-courses/3/reactions/1.4');
      expect(
        await screen.findByRole('heading', { name: 'Avaliação de reação' }, { timeout: 10_000 }),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Enviar respostas' }));
      expect(await screen.findByText('Selecione pelo menos uma opção.')).toBeTruthy();
      expect(calls.some((c) => c.url.endsWith('/reaction'))).toBe(false);

      fireEvent.click(screen.getByRole('radio', { name: 'Bom' }));
      fireEvent.click(screen.getByRole('button', { name: 'Enviar respostas' }));
      expect(
        await screen.findByText('Obrigado! Sua avaliação foi enviada e esta atividade está concluída.'),
      ).toBeTruthy();
      const sent = calls.find((c) => c.url === '/api/learning/activities/41/reaction')!;
      expect(JSON.parse(String(sent.init!.body))).toEqual({
        answers: [{ question: 0, options: [0], text: '' }],
      });
    });
  },
);
