import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { client, json, session } from '../../../test/fixtures';
import { mockApi, renderApp, settledAt } from '../../../test/render-app';
import { useCommonStore } from '../../../lib/session-store';

function signIn(roles: string[], isSuperuser: boolean) {
  const base = session({ canAccessBackOffice: true, clients: [client({ roles: roles as never })] });
  useCommonStore.setState({
    accessToken: 'access',
    sessionType: 'password',
    session: { ...base, user: { ...base.user, isSuperuser } },
  });
}

async function tabsAt(path: string) {
  mockApi((url) =>
    url.startsWith('/api/admin/audit-trail')
      ? json({ items: [], total: 0, page: 1, pageSize: 25 })
      : undefined,
  );
  const { router } = renderApp(path);
  await settledAt(router, path);
  await screen.findByRole('tab', { name: 'Tela de login' });
  return [
    'Tela de login',
    'Páginas institucionais',
    'Trilha de auditoria',
    'Tarefas em segundo plano',
  ].filter((name) => screen.queryByRole('tab', { name }) !== null);
}

describe('settings tabs (permission matrix)', () => {
  it('shows a program administrator the screens of the settings area, the job queue only to a superuser', async () => {
    signIn(['program_admin'], false);
    expect(await tabsAt('/admin/settings/audit-trail')).toEqual([
      'Tela de login',
      'Páginas institucionais',
      'Trilha de auditoria',
    ]);
  });

  it('shows a superuser every tab, the job queue included', async () => {
    signIn([], true);
    expect(await tabsAt('/admin/settings/audit-trail')).toHaveLength(4);
  });
});
