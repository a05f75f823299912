import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AssessedCourse } from '@trilha/contracts/assessments/attempts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCommonStore } from '../../../lib/session-store';
import { client, json, session } from '../../../test/fixtures';
import { mockApi, renderApp, settledAt } from '../../../test/render-app';

const course: AssessedCourse = {
  id: 7,
  title: 'Atendimento',
  published: true,
  tests: [
    { id: 91, kind: 'block_test', title: 'Prova final', hierarchyOrder: '1.2' },
    { id: 92, kind: 'restart_general_test', title: 'Prova geral', hierarchyOrder: '2.1' },
  ],
  pendingGrading: 2,
  blocked: 1,
};
const quiet: AssessedCourse = {
  id: 8,
  title: 'Vendas',
  published: true,
  tests: [{ id: 95, kind: 'evaluated_quiz', title: 'Quiz', hierarchyOrder: '1.1' }],
  pendingGrading: 0,
  blocked: 0,
};

function signedInAs(roles: string[]) {
  useCommonStore.setState({
    accessToken: 'access',
    sessionType: 'password',
    session: session({ canAccessBackOffice: true, clients: [client({ roles: roles as never })] }),
  });
}

const api = (url: string) => {
  if (url.startsWith('/api/admin/assessments/courses?')) {
    const search = new URL(url, 'http://x').searchParams.get('search');
    const items = search ? [course, quiet].filter((c) => c.title.includes(search)) : [course, quiet];
    return json({ items, total: items.length, page: 1, pageSize: 20 });
  }
  if (url === '/api/admin/assessments/courses/7') return json({ course });
  if (url.startsWith('/api/admin/assessments/activities/91/attempts?'))
    return json({ items: [], total: 0, page: 1, pageSize: 20 });
  if (url.startsWith('/api/admin/assessments/courses/7/blocks?'))
    return json({
      items: [
        {
          user: { id: 21, name: 'Ana Souza', email: 'ana@demo.example' },
          courseId: 7,
          activityId: 91,
          activityTitle: 'Prova final',
          blockedAt: '2026-11-20T10:00:00.000Z',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    });
  return undefined;
};

describe('the instructors’ tests screen', () => {
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });

  it('an instructor without the content area finds it in the navigation, lists the courses with tests and opens one', async () => {
    const { calls } = mockApi(api);
    signedInAs(['instructor']);
    const { router } = renderApp('/admin/assessments');
    await settledAt(router, '/admin/assessments');
    const nav = await screen.findByRole('navigation', { name: 'Navegação da área administrativa' });
    expect(within(nav).getByRole('link', { name: 'Provas e tentativas' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Conteúdos e trilhas' })).toBeNull();

    const table = await screen.findByTestId('assessed-courses');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('2 tentativas a corrigir')).toBeTruthy();
    expect(within(rows[1]!).getByText('1 aluno bloqueado')).toBeTruthy();
    expect(within(rows[2]!).getByText('Nada pendente')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar curso pelo nome' }), {
      target: { value: 'Vend' },
    });
    await waitFor(() =>
      expect(within(screen.getByTestId('assessed-courses')).getAllByRole('row')).toHaveLength(2),
    );
    expect(calls.some((c) => c.url.includes('search=Vend'))).toBe(true);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar curso pelo nome' }), {
      target: { value: '' },
    });

    fireEvent.click(await screen.findByRole('link', { name: 'Atendimento' }));
    await settledAt(router, '/admin/assessments/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Atendimento' })).toBeTruthy();
    expect(screen.getByText('2 provas')).toBeTruthy();
    // The same panel as the course editor's Tests tab: the tests to choose, attempts and who is blocked.
    expect(await screen.findByText('Nenhuma tentativa ainda.', { exact: false })).toBeTruthy();
    const blocked = await screen.findByTestId('blocked-learners');
    expect(within(blocked).getByText('Ana Souza')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Desbloquear Ana Souza' })).toBeTruthy();
  });

  it('a learner’s deep link shows the forbidden screen', async () => {
    mockApi(api);
    signedInAs(['sales_agent']);
    const { router } = renderApp('/admin/assessments/7');
    await settledAt(router, '/admin/assessments/7');
    expect(await screen.findByRole('heading', { name: 'Acesso restrito' })).toBeTruthy();
  });
});
