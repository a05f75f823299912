import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { client, session } from '../test/fixtures';
import { mockApi, renderApp, settledAt } from '../test/render-app';
import { useCommonStore } from '../lib/session-store';
import { areasFor } from './admin-areas';

const as = (roles: string[], isSuperuser = false) =>
  session({
    canAccessBackOffice: true,
    clients: [client({ roles: roles as never })],
    user: { ...session().user, isSuperuser },
  });

function signedIn(roles: string[]) {
  useCommonStore.setState({
    accessToken: 'access',
    sessionType: 'password',
    session: as(roles),
  });
}

describe('back-office areas by role', () => {
  it('lists only the areas the roles in the selected client can use', () => {
    expect(areasFor(as(['manager']))).toEqual(['content', 'assessments', 'users']);
    expect(areasFor(as(['instructor']))).toEqual(['assessments']);
    expect(areasFor(as(['support']))).toEqual(['users', 'communications']);
    expect(areasFor(as(['auditor']))).toEqual(['audit']);
    expect(areasFor(as(['program_admin']))).not.toContain('content');
    expect(areasFor(as(['program_admin']))).toContain('settings');
    expect(areasFor(as(['sales_agent']))).toEqual([]);
    expect(areasFor(as([], true))).toHaveLength(10);
  });

  it('a manager sees no communications in the navigation, and its deep link shows the forbidden screen', async () => {
    mockApi();
    signedIn(['manager']);
    const { router } = renderApp('/admin/communications');
    await settledAt(router, '/admin/communications');
    expect(await screen.findByRole('heading', { name: 'Acesso restrito' })).toBeTruthy();
    const nav = await screen.findByRole('navigation', { name: 'Navegação da área administrativa' });
    expect(within(nav).getByRole('link', { name: 'Usuários e perfis' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Comunicações' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Configurações do site' })).toBeNull();
  });
});
