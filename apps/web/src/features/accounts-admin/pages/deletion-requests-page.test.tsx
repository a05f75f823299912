import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { client, json, session } from '../../../test/fixtures';
import { mockApi, renderApp, settledAt } from '../../../test/render-app';
import { useCommonStore } from '../../../lib/session-store';

function signIn(roles: string[]) {
  const base = session({ canAccessBackOffice: true, clients: [client({ roles: roles as never })] });
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password', session: base });
}

async function openRequests() {
  mockApi((url) =>
    url.startsWith('/api/admin/accounts/deletion-requests')
      ? json({
          items: [
            {
              id: 7,
              userId: 42,
              fullName: 'Carla Dias',
              email: 'carla@example.com',
              reason: 'Mudei de empresa',
              status: 'pending',
              requestedAt: '2026-11-20T12:00:00.000Z',
              processedAt: null,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        })
      : undefined,
  );
  const path = '/admin/users/deletion-requests';
  const { router } = renderApp(path);
  await settledAt(router, path);
  await screen.findByText('Carla Dias');
}

describe('deletion requests (permission matrix)', () => {
  it('offers a program administrator the processing of a pending request', async () => {
    signIn(['program_admin']);
    await openRequests();
    expect(screen.getByRole('button', { name: 'Processar exclusão' })).toBeTruthy();
  });

  it('shows a manager the request as waiting, without an action the API would refuse', async () => {
    signIn(['manager']);
    await openRequests();
    expect(screen.getByText('Aguardando um administrador')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Processar exclusão' })).toBeNull();
  });
});
