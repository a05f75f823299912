import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminAttemptDetail, AdminAttemptItem } from '@trilha/contracts/assessments/attempts';
import type { AdminActivity, AdminCourse } from '@trilha/contracts/learning';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { useCommonStore } from '../../../lib/session-store';
import { json } from '../../../test/fixtures';
import { mockApi } from '../../../test/render-app';
import { CourseTestsPanel } from './course-tests-panel';

const activity = (id: number, kind: AdminActivity['kind'], title: string): AdminActivity => ({
  id,
  moduleId: 5,
  hierarchyOrder: `1.${id - 89}`,
  position: id - 89,
  kind,
  title,
  description: '',
  requiresPrevious: false,
  requiresAuthorization: false,
  settings: {},
  test: null,
  file: null,
  scorm: null,
  ready: true,
});

const course: AdminCourse = {
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
  published: true,
  publishedAt: null,
  audience: { areaIds: [], groupIds: [], countryIds: [], roles: [] },
  modules: [
    {
      id: 5,
      position: 1,
      title: 'Módulo',
      activities: [activity(90, 'pdf', 'Apostila'), activity(91, 'block_test', 'Prova final')],
    },
  ],
  enrollmentCount: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const learner = { id: 21, name: 'Ana Souza', email: 'ana@demo.example' };

const item: AdminAttemptItem = {
  id: 300,
  number: 2,
  status: 'pending_grading',
  startedAt: '2026-11-24T10:00:00.000Z',
  deadlineAt: null,
  submittedAt: '2026-11-24T10:12:30.000Z',
  score: null,
  correctCount: 1,
  questionCount: 2,
  passed: null,
  user: learner,
  activityId: 91,
  courseId: 1,
  durationSeconds: 750,
  essaysPending: 1,
};

const extra = { correctText: null };

const detail = (graded: boolean): AdminAttemptDetail => ({
  attempt: {
    ...item,
    ...(graded ? { status: 'submitted', score: 75, passed: true, essaysPending: 0 } : {}),
    questions: [
      {
        ...extra,
        index: 0,
        questionId: 11,
        kind: 'single_choice',
        stem: 'O que fazer na troca?',
        media: null,
        points: 1,
        options: [
          { index: 0, text: 'Trocar o produto' },
          { index: 1, text: 'Negar a troca' },
        ],
        left: null,
        right: null,
        items: null,
        answer: { kind: 'single_choice', option: 0 },
        earned: 1,
        correct: true,
        feedback: [],
        correctAnswer: { kind: 'single_choice', option: 0 },
        graderComment: null,
        essayGraded: false,
      },
      {
        ...extra,
        index: 1,
        questionId: 12,
        kind: 'essay',
        stem: 'Como você recebe um cliente?',
        media: null,
        points: 2,
        options: null,
        left: null,
        right: null,
        items: null,
        answer: { kind: 'essay', text: 'Com um sorriso.' },
        earned: graded ? 1 : null,
        correct: graded ? false : null,
        feedback: [],
        correctAnswer: null,
        graderComment: graded ? 'Faltou ouvir.' : null,
        essayGraded: graded,
      },
    ],
  },
});

function renderPanel() {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  render(
    <AppProviders env="test">
      <CourseTestsPanel course={course} />
    </AppProviders>,
  );
}

const posts = (calls: { url: string; init?: RequestInit }[], url: string) =>
  calls
    .filter((c) => c.url === url && c.init?.method === 'POST')
    .map((c) => JSON.parse(String(c.init!.body)));

describe("the course's tests in the back office", () => {
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });

  it("lists a test's attempts with time and score, shows the answers and grades an essay", async () => {
    const { calls } = mockApi((url, init) => {
      if (url.startsWith('/api/admin/assessments/activities/91/attempts'))
        return json({ items: [item], total: 1, page: 1, pageSize: 20 });
      if (url === '/api/admin/assessments/attempts/300/grades' && init?.method === 'POST')
        return json(detail(true));
      if (url === '/api/admin/assessments/attempts/300') return json(detail(false));
      if (url.startsWith('/api/admin/assessments/courses/1/blocks'))
        return json({ items: [], total: 0, page: 1, pageSize: 20 });
      return undefined;
    });
    renderPanel();
    const table = await screen.findByTestId('test-attempts');
    const row = within(table).getByText('Ana Souza').closest('tr')!;
    expect(within(row).getByText('12min 30s')).toBeTruthy();
    expect(within(row).getByText('Aguardando correção')).toBeTruthy();
    expect(within(row).getByText('1 dissertativa a corrigir')).toBeTruthy();
    expect(await screen.findByText('Nenhum aluno bloqueado.')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Corrigir a tentativa 2 de Ana Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ana Souza · tentativa 2' });
    const [choice] = await within(dialog).findAllByTestId('admin-attempt-question');
    expect(choice!.textContent).toContain('Resposta do aluno: Trocar o produto');
    expect(choice!.textContent).toContain('Resposta certa: Trocar o produto');

    const points = within(dialog).getByRole('textbox', { name: 'Pontos da questão 2 (0 a 2)' });
    fireEvent.change(points, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByTestId('save-grades'));
    expect(await within(dialog).findByText('Informe de 0 a 2 pontos.')).toBeTruthy();
    expect(posts(calls, '/api/admin/assessments/attempts/300/grades')).toHaveLength(0);

    fireEvent.change(points, { target: { value: '1' } });
    fireEvent.change(
      within(dialog).getByRole('textbox', { name: 'Comentário para o aluno sobre a questão 2' }),
      { target: { value: 'Faltou ouvir.' } },
    );
    fireEvent.click(within(dialog).getByTestId('save-grades'));
    expect(await within(dialog).findByText(/Correção salva/)).toBeTruthy();
    expect(posts(calls, '/api/admin/assessments/attempts/300/grades')).toEqual([
      { grades: [{ index: 1, points: 1, comment: 'Faltou ouvir.' }] },
    ]);
  });

  it('shows an attempt still in progress without marking its answers', async () => {
    const open = detail(false);
    open.attempt.status = 'in_progress';
    mockApi((url) => {
      if (url.startsWith('/api/admin/assessments/activities/91/attempts'))
        return json({
          items: [{ ...item, status: 'in_progress', essaysPending: 0 }],
          total: 1,
          page: 1,
          pageSize: 20,
        });
      if (url === '/api/admin/assessments/attempts/300') return json(open);
      if (url.startsWith('/api/admin/assessments/courses/1/blocks'))
        return json({ items: [], total: 0, page: 1, pageSize: 20 });
      return undefined;
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Ver respostas da tentativa 2 de Ana Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ana Souza · tentativa 2' });
    expect(await within(dialog).findByText(/Tentativa em andamento/)).toBeTruthy();
    expect(within(dialog).queryByText('Correta')).toBeNull();
    expect(within(dialog).queryByText('Errada')).toBeNull();
  });

  it('unblocks a blocked learner only with a reason', async () => {
    let blocked = true;
    const { calls } = mockApi((url, init) => {
      if (url.startsWith('/api/admin/assessments/activities/91/attempts'))
        return json({ items: [], total: 0, page: 1, pageSize: 20 });
      if (url === '/api/admin/assessments/courses/1/users/21/unblock' && init?.method === 'POST') {
        blocked = false;
        return json({ unblocked: true, courseStatus: 'in_progress' });
      }
      if (url.startsWith('/api/admin/assessments/courses/1/blocks'))
        return json({
          items: blocked
            ? [
                {
                  user: learner,
                  courseId: 1,
                  activityId: 91,
                  activityTitle: 'Prova final',
                  blockedAt: '2026-11-24T10:12:30.000Z',
                },
              ]
            : [],
          total: blocked ? 1 : 0,
          page: 1,
          pageSize: 20,
        });
      return undefined;
    });
    renderPanel();
    const table = await screen.findByTestId('blocked-learners');
    expect(within(table).getByText('Prova final')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Desbloquear Ana Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desbloquear Ana Souza?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Motivo/ }), { target: { value: ' a ' } });
    fireEvent.click(within(dialog).getByTestId('confirm-unblock'));
    expect(await within(dialog).findByText('Escreva o motivo (pelo menos 3 caracteres).')).toBeTruthy();
    expect(posts(calls, '/api/admin/assessments/courses/1/users/21/unblock')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Motivo/ }), {
      target: { value: 'Refez o módulo com o instrutor' },
    });
    fireEvent.click(within(dialog).getByTestId('confirm-unblock'));
    expect(await screen.findByText('Ana Souza foi desbloqueado.')).toBeTruthy();
    expect(posts(calls, '/api/admin/assessments/courses/1/users/21/unblock')).toEqual([
      { reason: 'Refez o módulo com o instrutor' },
    ]);
    await waitFor(() => expect(screen.getByText('Nenhum aluno bloqueado.')).toBeTruthy());
  });
});
