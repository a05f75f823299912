import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCommonStore } from '../../../lib/session-store';
import { client, json, session } from '../../../test/fixtures';
import { mockApi, renderApp, settledAt } from '../../../test/render-app';

const day = 24 * 3600 * 1000;
const learnerSurvey = {
  id: 7,
  title: 'Clima da equipe',
  description: 'Conte como foi o trimestre.',
  mandatory: true,
  startsAt: new Date(Date.now() - day).toISOString(),
  endsAt: new Date(Date.now() + 7 * day).toISOString(),
  answered: false,
  questions: [
    { kind: 'alternative', text: 'Como foi o trimestre?', required: true, options: ['Bom', 'Ruim'] },
    {
      kind: 'multiple_choice_justified',
      text: 'O que ajudou?',
      required: false,
      options: ['Treinos', 'Equipe'],
    },
    { kind: 'essay', text: 'Sugestões', required: false, options: [] },
  ],
};

function signIn(roles: ('manager' | 'sales_agent' | 'instructor')[], user: object = {}) {
  const base = session({
    clients: [client({ roles, homeRoute: '/home' })],
    canAccessBackOffice: !roles.includes('sales_agent'),
  });
  useCommonStore.setState({
    accessToken: 'access',
    sessionType: 'password',
    session: { ...base, user: { ...base.user, ...user } },
  });
}

beforeAll(() => {
  // jsdom has no FontFaceSet, and Mantine's autosizing text areas listen to it.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

describe('the survey screen', () => {
  it('is where the guard takes a user who owes a mandatory survey, and sends the answers once checked', async () => {
    signIn(['sales_agent'], { mandatorySurveys: true, mandatorySurveyId: 7 });
    let answered = false;
    const { calls } = mockApi((url, init) => {
      if (url === '/api/surveys/7/answers' && init?.method === 'POST') {
        answered = true;
        return json({ ok: true });
      }
      if (url === '/api/surveys/7') return json({ survey: { ...learnerSurvey, answered } });
      if (url === '/api/session') {
        const s = session({ clients: [client({ roles: ['sales_agent'], homeRoute: '/home' })] });
        return json({
          ...s,
          user: { ...s.user, mandatorySurveys: !answered, mandatorySurveyId: answered ? null : 7 },
        });
      }
      return undefined;
    });
    const { router } = renderApp('/online-courses');
    await settledAt(router, '/home/surveys/7');
    expect(await screen.findByRole('heading', { name: 'Clima da equipe' })).toBeTruthy();
    expect(screen.getByText(/Esta pesquisa é obrigatória/)).toBeTruthy();

    // Nothing chosen for the required question: the browser says so and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Enviar respostas' }));
    expect(await screen.findByText('Selecione pelo menos uma opção.')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/answers'))).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: 'Ruim' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Equipe' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Justifique sua resposta' }), {
      target: { value: 'A equipe ajudou.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar respostas' }));
    expect(await screen.findByText('Obrigado! Suas respostas foram enviadas.')).toBeTruthy();
    const sent = calls.find((c) => c.url === '/api/surveys/7/answers')!;
    expect(JSON.parse(String(sent.init!.body))).toEqual({
      answers: [
        { question: 0, options: [1], text: '' },
        { question: 1, options: [1], text: 'A equipe ajudou.' },
      ],
    });
    await waitFor(() => expect(useCommonStore.getState().session?.user.mandatorySurveyId).toBeNull());
    fireEvent.click(screen.getByRole('link', { name: 'Ir para o início' }));
    await settledAt(router, '/home');
  });

  it('shows the server refusal beside its question, and a survey that is not for me', async () => {
    signIn(['sales_agent']);
    mockApi((url, init) => {
      if (url === '/api/surveys/7/answers' && init?.method === 'POST')
        return json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'x',
              details: [{ path: 'answers.0', code: 'SURVEY_ONE_OPTION_ONLY' }],
            },
          },
          400,
        );
      if (url === '/api/surveys/7') return json({ survey: learnerSurvey });
      return undefined;
    });
    const { router } = renderApp('/home/surveys/7');
    await settledAt(router, '/home/surveys/7');
    fireEvent.click(await screen.findByRole('radio', { name: 'Bom' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar respostas' }));
    expect(await screen.findByText('Selecione apenas uma opção.')).toBeTruthy();

    await router.navigate('/home/surveys/8');
    expect(await screen.findByText('Esta pesquisa não existe ou não é para você.')).toBeTruthy();
  });
});

describe('the survey builder', () => {
  it('builds a survey, previews it as the learner sees it and saves it', async () => {
    signIn(['manager']);
    const { calls } = mockApi((url, init) => {
      if (url === '/api/admin/learning/taxonomy')
        return json({ areas: [{ id: 3, name: 'Vendas' }], groups: [], tags: [], categories: [] });
      if (url === '/api/admin/surveys' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        return json({
          survey: {
            ...body,
            id: 21,
            description: { 'pt-BR': '', 'en-US': '', es: '', fr: '' },
            audience: { areaIds: [], groupIds: [], countryIds: [], roles: [] },
            ownerIds: [],
            responses: 0,
            createdAt: '2026-11-01T10:00:00.000Z',
            updatedAt: '2026-11-01T10:00:00.000Z',
          },
        });
      }
      return undefined;
    });
    const { router } = renderApp('/admin/content/surveys/new');
    await settledAt(router, '/admin/content/surveys/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Título \(pt-BR\)/ }), {
      target: { value: 'Clima' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Texto da pergunta \(pt-BR\)/ }), {
      target: { value: 'Como foi?' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Opção 1 \(pt-BR\)/ }), {
      target: { value: 'Bom' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Opção 2 \(pt-BR\)/ }), {
      target: { value: 'Ruim' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar pergunta' }));
    expect(screen.getByRole('region', { name: 'Pergunta 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remover a pergunta 2' }));
    fireEvent.click(screen.getByRole('switch', { name: /^Obrigatória/ }));

    fireEvent.click(screen.getByRole('button', { name: 'Pré-visualizar' }));
    const preview = await screen.findByRole('dialog');
    expect(within(preview).getByRole('radio', { name: 'Ruim' })).toBeTruthy();
    expect(
      (within(preview).getByRole('button', { name: 'Enviar respostas' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(preview).getByRole('button', { name: 'Fechar a pré-visualização' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await settledAt(router, '/admin/content/surveys/21');
    const body = JSON.parse(String(calls.find((c) => c.init?.method === 'POST')!.init!.body)) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      title: { 'pt-BR': 'Clima', 'en-US': '' },
      mandatory: true,
      published: false,
      questions: [
        {
          kind: 'alternative',
          required: true,
          text: { 'pt-BR': 'Como foi?' },
          options: [{ text: { 'pt-BR': 'Bom' } }, { text: { 'pt-BR': 'Ruim' } }],
        },
      ],
    });
    expect(Date.parse(String(body.endsAt))).toBeGreaterThan(Date.parse(String(body.startsAt)));
  });
});

describe('the results', () => {
  it('shows a bar per option with its count written out, the texts and the CSV download', async () => {
    signIn(['manager']);
    const { calls } = mockApi((url) => {
      if (url === '/api/surveys/7/results')
        return json({
          survey: { id: 7, title: 'Clima da equipe' },
          responses: 4,
          questions: [
            {
              index: 0,
              kind: 'alternative',
              text: 'Como foi?',
              answered: 4,
              texts: 0,
              options: [
                { text: 'Bom', count: 3 },
                { text: 'Ruim', count: 1 },
              ],
            },
            { index: 1, kind: 'essay', text: 'Sugestões', answered: 2, texts: 2, options: [] },
          ],
        });
      if (url.startsWith('/api/surveys/7/results/texts'))
        return json({
          texts: [
            { text: 'Mais treinos.', answeredAt: '2026-11-20T10:00:00.000Z' },
            { text: 'Nada.', answeredAt: '2026-11-21T10:00:00.000Z' },
          ],
          total: 2,
          page: 1,
          pageSize: 10,
        });
      if (url === '/api/surveys/7/results.csv') return new Response('"response"\r\n', { status: 200 });
      return undefined;
    });
    const { router } = renderApp('/admin/survey-results/7');
    await settledAt(router, '/admin/survey-results/7');
    expect(await screen.findByRole('heading', { name: 'Resultados: Clima da equipe' })).toBeTruthy();
    expect(screen.getByText('4 respostas')).toBeTruthy();
    const first = screen.getByRole('region', { name: '1. Como foi?' });
    expect(within(first).getByText('3 (75%)')).toBeTruthy();
    expect(within(first).getByText('1 (25%)')).toBeTruthy();
    expect(
      within(first)
        .getAllByTestId('survey-bar')
        .map((b) => b.style.width),
    ).toEqual(['75%', '25%']);
    const essays = screen.getByRole('region', { name: '2. Sugestões' });
    expect(await within(essays).findByText('Mais treinos.')).toBeTruthy();
    expect(within(essays).getByText('Nada.')).toBeTruthy();

    URL.createObjectURL ??= () => 'blob:csv';
    URL.revokeObjectURL ??= () => undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/surveys/7/results.csv')).toBe(true));
  });
});

describe('the surveys I own', () => {
  it('lists them for an instructor, outside the content area, with the way to their results', async () => {
    signIn(['instructor']);
    mockApi((url) => {
      if (url === '/api/surveys/owned')
        return json({
          surveys: [
            {
              id: 9,
              title: 'Clima dos treinamentos',
              startsAt: '2026-11-01T10:00:00.000Z',
              endsAt: '2026-12-01T10:00:00.000Z',
              published: true,
              mandatory: false,
              responses: 4,
            },
          ],
        });
      return undefined;
    });
    const { router } = renderApp('/admin/survey-results');
    await settledAt(router, '/admin/survey-results');
    const row = (await screen.findByText('Clima dos treinamentos')).closest('tr')!;
    expect(within(row).getByText('4')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Resultados de pesquisas' }).length).toBeGreaterThan(0);
    fireEvent.click(within(row).getByRole('link', { name: 'Resultados: Clima dos treinamentos' }));
    await settledAt(router, '/admin/survey-results/9');
  });
});
