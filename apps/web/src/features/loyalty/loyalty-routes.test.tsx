import { fireEvent, screen, within } from '@testing-library/react';
import type { RoleName } from '@trilha/contracts/session';
import { describe, expect, it } from 'vitest';
import { useCommonStore } from '../../lib/session-store';
import { client, json, session } from '../../test/fixtures';
import { mockApi, renderApp, settledAt } from '../../test/render-app';

function signIn(roles: RoleName[], modules = client().modules) {
  useCommonStore.setState({
    accessToken: 'access',
    sessionType: 'password',
    session: session({
      canAccessBackOffice: roles.includes('program_admin'),
      clients: [client({ roles, modules })],
    }),
  });
}

const levels = [
  { id: 1, name: 'Basic', position: 1, minXp: 0, multiplier: 1 },
  { id: 2, name: 'Creator', position: 2, minXp: 1000, multiplier: 1.5 },
  { id: 3, name: 'Influencer', position: 3, minXp: 3000, multiplier: 2 },
];

describe('loyalty routes', () => {
  it('opens /campaigns for a member of a client with the campaigns module', async () => {
    const api = mockApi((url) => (url === '/api/loyalty/campaigns' ? json({ items: [] }) : undefined));
    signIn(['sales_agent'], [{ key: 'campaigns', path: '/campaigns' }]);
    const { router } = renderApp('/campaigns');
    await settledAt(router, '/campaigns');
    expect(await screen.findByRole('heading', { level: 1, name: 'Campanhas' })).toBeTruthy();
    expect(await screen.findByText('Nenhuma campanha ainda')).toBeTruthy();
    expect(api.calls.some((c) => c.url === '/api/loyalty/campaigns')).toBe(true);
  });

  it("edits the levels in the back office and shows the API's refusal of falling multipliers", async () => {
    let sent: unknown = null;
    mockApi((url, init) => {
      if (url === '/api/admin/loyalty/levels' && init?.method === 'PUT') {
        sent = JSON.parse(String(init.body));
        return json({ error: { code: 'LOYALTY_LEVELS_INVALID', message: 'invalid' } }, 422);
      }
      if (url === '/api/admin/loyalty/levels') return json({ items: levels });
      return undefined;
    });
    signIn(['program_admin']);
    const { router } = renderApp('/admin/campaigns/levels');
    await settledAt(router, '/admin/campaigns/levels');
    const third = await screen.findByRole('group', { name: 'Nível 3' });
    expect((within(third).getByRole('textbox', { name: /^Nome/ }) as HTMLInputElement).value).toBe(
      'Influencer',
    );
    fireEvent.change(within(third).getByRole('textbox', { name: 'Multiplicador' }), {
      target: { value: '1.25' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar níveis' }));
    expect(
      await screen.findByText(
        'Os níveis precisam ser três, com XP mínimo crescente a partir de 0 e multiplicadores que não diminuem.',
      ),
    ).toBeTruthy();
    expect(sent).toEqual({
      levels: [
        { name: 'Basic', minXp: 0, multiplier: 1 },
        { name: 'Creator', minXp: 1000, multiplier: 1.5 },
        { name: 'Influencer', minXp: 3000, multiplier: 1.25 },
      ],
    });
  });

  it('keeps the loyalty back office from a member without the campaigns capability', async () => {
    const api = mockApi(() => undefined);
    signIn(['instructor']);
    const { router } = renderApp('/admin/campaigns/stores');
    await settledAt(router, '/admin/campaigns/stores');
    expect(await screen.findByText('Acesso restrito')).toBeTruthy();
    expect(api.calls.some((c) => c.url.startsWith('/api/admin/loyalty'))).toBe(false);
  });
});
