import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { client, json, session } from '../../../test/fixtures';
import { mockApi, renderApp, settledAt } from '../../../test/render-app';
import { useCommonStore } from '../../../lib/session-store';

function signIn(isSuperuser: boolean) {
  const base = session({ canAccessBackOffice: true, clients: [client({ roles: ['program_admin'] })] });
  useCommonStore.setState({
    accessToken: 'access',
    sessionType: 'password',
    session: { ...base, user: { ...base.user, isSuperuser } },
  });
}

describe('audit trail screen', () => {
  it('tells who did what in words: names, translated actions and roles, no ids or JSON', async () => {
    mockApi((url) => {
      if (url.startsWith('/api/admin/audit-trail')) {
        return json({
          items: [
            {
              id: 7,
              at: '2026-11-20T13:05:00.000Z',
              actor: { id: 3, name: 'Ana Lima', email: 'ana@aurora.example' },
              action: 'user.roles',
              targetType: 'user',
              targetId: '41',
              targetName: 'Bruno Souza',
              before: ['sales_agent'],
              after: ['sales_agent', 'promoter'],
              requestId: 'r-1',
            },
            {
              id: 6,
              at: '2026-11-19T10:00:00.000Z',
              actor: null,
              action: 'course.publish',
              targetType: 'course',
              targetId: '12',
              targetName: null,
              details: { kind: 'file', size: 2596 },
              requestId: null,
            },
          ],
          total: 2,
          page: 1,
          pageSize: 25,
        });
      }
      return undefined;
    });
    signIn(false);
    const { router } = renderApp('/admin/settings/audit-trail');
    await settledAt(router, '/admin/settings/audit-trail');
    expect((await screen.findAllByText('Ana Lima')).length).toBeGreaterThan(0);
    const table = within(screen.getByRole('table', { name: 'Trilha de auditoria' }));
    expect(table.getByText('Perfis alterados')).toBeTruthy();
    expect(table.getByText('Bruno Souza')).toBeTruthy();
    expect(table.getByText('Vendedor(a) → Vendedor(a), Promotor(a)')).toBeTruthy();
    expect(table.getAllByText('A plataforma').length).toBeGreaterThan(0);
    expect(table.getByText('Curso publicado')).toBeTruthy();
    expect(table.getByText('Curso nº 12')).toBeTruthy();
    // Technical details stay in the CSV export.
    expect(table.queryByText(/2596/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeTruthy();
    // The job queue's tab is a superuser's.
    expect(screen.queryByRole('tab', { name: 'Tarefas em segundo plano' })).toBeNull();
  });

  it('shows a superuser the job queue tab', async () => {
    mockApi((url) =>
      url.startsWith('/api/admin/audit-trail')
        ? json({ items: [], total: 0, page: 1, pageSize: 25 })
        : undefined,
    );
    signIn(true);
    const { router } = renderApp('/admin/settings/audit-trail');
    await settledAt(router, '/admin/settings/audit-trail');
    expect(await screen.findByText('Nada registrado com estes filtros.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Tarefas em segundo plano' })).toBeTruthy();
  });
});
