import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminActivity, AdminCourse } from '@trilha/contracts/learning';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { useCommonStore } from '../../../lib/session-store';
import { json } from '../../../test/fixtures';
import { mockApi } from '../../../test/render-app';
import { ActivityModal } from './activity-modal';

const bankQuestion = (id: number, stem: string) => ({
  id,
  kind: 'true_false',
  answer: true,
  feedbackTrue: '',
  feedbackFalse: '',
  categoryId: 3,
  categoryName: 'Vendas',
  title: '',
  stem,
  generalFeedback: '',
  points: 1,
  tags: [],
  media: null,
  translations: {},
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

const testActivity = (parts: Partial<AdminActivity> = {}): AdminActivity => ({
  id: 90,
  moduleId: 5,
  hierarchyOrder: '1.2',
  position: 2,
  kind: 'restart_test',
  title: 'Prova do módulo',
  description: '',
  requiresPrevious: false,
  requiresAuthorization: false,
  settings: {},
  test: {
    questions: { mode: 'fixed', questionIds: [12, 11] },
    shuffleQuestions: true,
    shuffleAnswers: false,
    passMark: 1,
    maxAttempts: 2,
    timeLimitMinutes: 15,
    review: 'none',
    countedAttempt: 'last',
    scope: 'course',
  },
  file: null,
  scorm: null,
  ready: true,
  ...parts,
});

const course = (activities: AdminActivity[]): AdminCourse => ({
  id: 1,
  title: 'Atendimento',
  description: '',
  coverUrl: null,
  workloadMinutes: null,
  categoryId: null,
  tagIds: [],
  subscriptionMode: 'open',
  prerequisiteIds: [],
  isPublic: false,
  published: false,
  publishedAt: null,
  audience: { areaIds: [], groupIds: [], countryIds: [], roles: [] },
  modules: [{ id: 5, position: 1, title: 'Módulo', activities }],
  enrollmentCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

function bankApi(url: string) {
  if (url === '/api/admin/question-bank/categories')
    return json({ categories: [{ id: 3, name: 'Vendas', questions: 4 }] });
  if (url.startsWith('/api/admin/question-bank/questions?'))
    return json({
      questions: [bankQuestion(11, 'Pode trocar?'), bankQuestion(12, 'Precisa de nota?')],
      total: 2,
      page: 1,
      pageSize: 8,
    });
  const one = /\/api\/admin\/question-bank\/questions\/(\d+)$/.exec(url);
  if (one)
    return json({
      question: bankQuestion(Number(one[1]), one[1] === '11' ? 'Pode trocar?' : 'Precisa de nota?'),
    });
  if (url === '/api/admin/awards/badges') return json({ badges: [] });
  if (url.startsWith('/api/admin/awards/')) return json({ award: null });
  return undefined;
}

function renderModal(activity: AdminActivity | null) {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  render(
    <AppProviders env="test">
      <ActivityModal courseId={1} moduleId={5} activity={activity} opened onClose={() => undefined} />
    </AppProviders>,
  );
}

const selectInput = (label: string) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT' && el.hasAttribute('aria-haspopup'))!;

async function choose(label: string, option: string) {
  fireEvent.click(selectInput(label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const sent = (calls: { url: string; init?: RequestInit }[], url: string, method: string) =>
  calls
    .filter((c) => c.url === url && c.init?.method === method)
    .map((c) => JSON.parse(String(c.init!.body)) as { kind: string; settings: unknown });

describe('the test settings of the activity editor', () => {
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });

  it('says in words what is wrong with a test’s settings before anything is sent', async () => {
    const { calls } = mockApi(bankApi, (url, init) =>
      url === '/api/admin/learning/modules/5/activities' && init?.method === 'POST'
        ? json(course([testActivity({ kind: 'block_test', title: 'Prova final' })]))
        : undefined,
    );
    renderModal(null);
    await choose('Tipo', 'Prova com bloqueio');
    fireEvent.change(screen.getByRole('textbox', { name: /^Título/ }), { target: { value: 'Prova final' } });
    const settings = await screen.findByTestId('test-settings');
    // Unlimited attempts are not offered to a block test.
    expect((within(settings).getByRole('radio', { name: 'Ilimitadas' }) as HTMLInputElement).disabled).toBe(
      true,
    );

    fireEvent.change(within(settings).getByRole('textbox', { name: 'Mínimo de acertos para aprovar' }), {
      target: { value: '3' },
    });
    fireEvent.click(screen.getByTestId('activity-save'));
    expect((await screen.findByTestId('questions-error')).textContent).toBe(
      'Escolha pelo menos uma questão (até 200).',
    );
    expect(screen.getByTestId('test-settings-invalid')).toBeTruthy();
    expect(sent(calls, '/api/admin/learning/modules/5/activities', 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar questões no banco' }), {
      target: { value: 'troca' },
    });
    await waitFor(() => expect(calls.some((c) => c.url.includes('search=troca'))).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar a questão: Precisa de nota?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar a questão: Pode trocar?' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('picked-question').map((li) => li.textContent)).toEqual([
        '1. Precisa de nota?',
        '2. Pode trocar?',
      ]),
    );
    expect(screen.queryByTestId('questions-error')).toBeNull();
    // The pass mark now passes the two questions: the contract's own message.
    expect(screen.getByText('O mínimo de acertos para aprovação passa do número de questões.')).toBeTruthy();
  });

  it('creates a block test with its questions in order, attempts, time limit, shuffle and review', async () => {
    const { calls } = mockApi(bankApi, (url, init) =>
      url === '/api/admin/learning/modules/5/activities' && init?.method === 'POST'
        ? json(course([testActivity({ kind: 'block_test', title: 'Prova final' })]))
        : undefined,
    );
    renderModal(null);
    await choose('Tipo', 'Prova com bloqueio');
    fireEvent.change(screen.getByRole('textbox', { name: /^Título/ }), { target: { value: 'Prova final' } });
    const settings = await screen.findByTestId('test-settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar a questão: Precisa de nota?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar a questão: Pode trocar?' }));
    await waitFor(() => expect(screen.getAllByTestId('picked-question')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Subir a questão 2' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Mínimo de acertos para aprovar' }), {
      target: { value: '2' },
    });
    fireEvent.click(within(settings).getByRole('radio', { name: 'Várias' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Número de tentativas' }), {
      target: { value: '3' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Limitar o tempo de cada tentativa' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Minutos por tentativa' }), {
      target: { value: '20' },
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Embaralhar as alternativas' }));
    await choose('Depois de enviar, o aluno vê', 'As respostas, o feedback e as respostas certas');
    expect(screen.queryByTestId('test-settings-invalid')).toBeNull();

    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() =>
      expect(sent(calls, '/api/admin/learning/modules/5/activities', 'POST')).toHaveLength(1),
    );
    expect(sent(calls, '/api/admin/learning/modules/5/activities', 'POST')[0]).toEqual({
      kind: 'block_test',
      title: 'Prova final',
      description: '',
      requiresPrevious: false,
      requiresAuthorization: false,
      settings: {
        questions: { mode: 'fixed', questionIds: [11, 12] },
        shuffleQuestions: false,
        shuffleAnswers: true,
        passMark: 2,
        maxAttempts: 3,
        timeLimitMinutes: 20,
        review: 'answers_with_correct',
        countedAttempt: 'highest',
      },
    });
  });

  it('lets a general test cover the whole trail, and sends the scope only then', async () => {
    const { calls } = mockApi(bankApi, (url, init) =>
      url === '/api/admin/learning/modules/5/activities' && init?.method === 'POST'
        ? json(course([testActivity({ kind: 'block_general_test', title: 'Prova da trilha' })]))
        : undefined,
    );
    renderModal(null);
    await choose('Tipo', 'Prova geral com bloqueio');
    fireEvent.change(screen.getByRole('textbox', { name: /^Título/ }), {
      target: { value: 'Prova da trilha' },
    });
    const settings = await screen.findByTestId('test-settings');
    const scope = within(settings).getByRole('radiogroup', { name: 'O que a prova cobre' });
    expect(within(scope).getByRole('radio', { name: 'O curso' })).toHaveProperty('checked', true);
    fireEvent.click(within(scope).getByRole('radio', { name: /^A trilha inteira/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar a questão: Pode trocar?' }));
    await waitFor(() => expect(screen.getAllByTestId('picked-question')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() =>
      expect(sent(calls, '/api/admin/learning/modules/5/activities', 'POST')).toHaveLength(1),
    );
    expect(sent(calls, '/api/admin/learning/modules/5/activities', 'POST')[0]!.settings).toMatchObject({
      questions: { mode: 'fixed', questionIds: [11] },
      maxAttempts: 1,
      scope: 'trail',
    });
  });

  it('forgets the trail scope when another kind is picked', async () => {
    const { calls } = mockApi(bankApi, (url, init) =>
      url === '/api/admin/learning/modules/5/activities' && init?.method === 'POST'
        ? json(course([testActivity({ kind: 'block_test', title: 'Prova' })]))
        : undefined,
    );
    renderModal(null);
    await choose('Tipo', 'Prova geral com bloqueio');
    fireEvent.change(screen.getByRole('textbox', { name: /^Título/ }), { target: { value: 'Prova' } });
    fireEvent.click(await screen.findByRole('radio', { name: /^A trilha inteira/ }));
    await choose('Tipo', 'Prova com bloqueio');
    expect(screen.queryByRole('radiogroup', { name: 'O que a prova cobre' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar a questão: Pode trocar?' }));
    await waitFor(() => expect(screen.getAllByTestId('picked-question')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() =>
      expect(sent(calls, '/api/admin/learning/modules/5/activities', 'POST')).toHaveLength(1),
    );
    const sentSettings = sent(calls, '/api/admin/learning/modules/5/activities', 'POST')[0]!;
    expect(sentSettings.kind).toBe('block_test');
    expect(sentSettings.settings).not.toHaveProperty('scope');
  });

  it('draws a number of questions from a category and tags, and refuses an empty count', async () => {
    const { calls } = mockApi(bankApi, (url, init) =>
      url === '/api/admin/learning/modules/5/activities' && init?.method === 'POST'
        ? json(course([testActivity({ kind: 'unevaluated_quiz', title: 'Quiz' })]))
        : undefined,
    );
    renderModal(null);
    await choose('Tipo', 'Quiz de prática');
    fireEvent.change(screen.getByRole('textbox', { name: /^Título/ }), { target: { value: 'Quiz' } });
    fireEvent.click(await screen.findByRole('radio', { name: 'Sorteadas a cada tentativa' }));
    const count = screen.getByRole('textbox', { name: 'Número de questões' });
    fireEvent.change(count, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('activity-save'));
    expect(await screen.findByText('Informe de 1 a 200 questões.')).toBeTruthy();
    fireEvent.change(count, { target: { value: '5' } });
    await choose('Categoria', 'Vendas (4 questões)');
    const tags = screen
      .getAllByLabelText('Etiquetas')
      .find((el) => el.tagName === 'INPUT' && (el as HTMLInputElement).type !== 'hidden')!;
    fireEvent.paste(tags, { clipboardData: { getData: () => 'trocas' } });
    expect(await screen.findByText('trocas')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Ilimitadas' }));
    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() =>
      expect(sent(calls, '/api/admin/learning/modules/5/activities', 'POST')).toHaveLength(1),
    );
    expect(sent(calls, '/api/admin/learning/modules/5/activities', 'POST')[0]!.settings).toEqual({
      questions: { mode: 'drawn', count: 5, categoryId: 3, tags: ['trocas'] },
      shuffleQuestions: false,
      shuffleAnswers: false,
      passMark: 0,
      maxAttempts: null,
      timeLimitMinutes: null,
      review: 'answers',
      countedAttempt: 'highest',
    });
  });

  it('opens a saved test with its settings and its picked questions, and saves them back', async () => {
    const { calls } = mockApi(bankApi, (url, init) =>
      url === '/api/admin/learning/activities/90' && init?.method === 'PUT'
        ? json(course([testActivity()]))
        : undefined,
    );
    renderModal(testActivity());
    await waitFor(() =>
      expect(screen.getAllByTestId('picked-question').map((li) => li.textContent)).toEqual([
        '1. Precisa de nota?',
        '2. Pode trocar?',
      ]),
    );
    expect((screen.getByRole('textbox', { name: 'Minutos por tentativa' }) as HTMLInputElement).value).toBe(
      '15',
    );
    expect((screen.getByRole('textbox', { name: 'Número de tentativas' }) as HTMLInputElement).value).toBe(
      '2',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tirar a questão 1' }));
    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() => expect(sent(calls, '/api/admin/learning/activities/90', 'PUT')).toHaveLength(1));
    expect(sent(calls, '/api/admin/learning/activities/90', 'PUT')[0]!.settings).toEqual({
      questions: { mode: 'fixed', questionIds: [11] },
      shuffleQuestions: true,
      shuffleAnswers: false,
      passMark: 1,
      maxAttempts: 2,
      timeLimitMinutes: 15,
      review: 'none',
      countedAttempt: 'last',
    });
  });
});
