import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { client, json, session } from '../../../test/fixtures';
import { mockApi, renderApp, settledAt } from '../../../test/render-app';
import { useCommonStore } from '../../../lib/session-store';

const account = (id: number, fullName: string, roles: string[]) => ({
  id,
  username: `u${id}`,
  fullName,
  email: `u${id}@example.com`,
  document: null,
  status: 'active',
  roles,
  isSuperuser: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  anonymized: false,
});

describe('users page and the staff hierarchy', () => {
  it('offers a manager actions on learners only, never on the program administrator', async () => {
    mockApi((url) => {
      if (url.startsWith('/api/admin/accounts/users')) {
        return json({
          items: [account(21, 'Ana Admin', ['program_admin']), account(22, 'Lia Vendedora', ['sales_agent'])],
          total: 2,
          page: 1,
          pageSize: 20,
        });
      }
      if (url === '/api/admin/accounts/capabilities') {
        return json({
          clientId: 1,
          clientName: 'Acme Varejo',
          canManageUsers: true,
          canEditRoles: false,
          canEditLoginConfig: false,
          canEditPages: false,
          canEditSitePages: false,
          canSeeOutbox: false,
          canSeeTickets: false,
        });
      }
      return undefined;
    });
    useCommonStore.setState({
      accessToken: 'access',
      sessionType: 'password',
      session: session({ canAccessBackOffice: true, clients: [client({ roles: ['manager'] })] }),
    });
    const { router } = renderApp('/admin/users');
    await settledAt(router, '/admin/users');
    expect(await screen.findByText('Lia Vendedora')).toBeTruthy();
    expect(screen.getByText('Ana Admin')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Lia Vendedora/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Ana Admin/ })).toBeNull();
  });
});
