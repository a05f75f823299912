import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { LevelRequest, MyLevel } from '@trilha/contracts/loyalty-levels';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { queryClient } from '../../lib/query-client';
import { useCommonStore } from '../../lib/session-store';
import { client, json, session } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render-app';
import AdminLevelRequestsPage from './pages/admin-level-requests-page';
import LevelsPage from './pages/levels-page';

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

function renderIt(element: React.ReactNode) {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const levels = [
  { id: 1, name: 'Basic', position: 1, minXp: 0, multiplier: 1 },
  { id: 2, name: 'Creator', position: 2, minXp: 1000, multiplier: 1.5 },
  { id: 3, name: 'Influencer', position: 3, minXp: 3000, multiplier: 2 },
];

const mine = (over: Partial<MyLevel> = {}): MyLevel => ({
  levels,
  current: levels[0]!,
  next: levels[1]!,
  campaign: { id: 4, name: 'Campanha de verão', endsAt: '2026-12-31T03:00:00.000Z' },
  xp: 640,
  request: null,
  ...over,
});

describe('my level page', () => {
  it('shows my level, my progress in the running campaign and what each level gives', async () => {
    mockApi((url) => (url === '/api/loyalty/my-level' ? json(mine()) : undefined));
    renderIt(<LevelsPage />);
    expect(await screen.findByTestId('level-name')).toHaveProperty('textContent', 'Basic');
    expect(screen.getByText('Pontos ×1')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: '64% do caminho até Creator' });
    expect(bar.getAttribute('aria-valuenow')).toBe('64');
    expect(screen.getByText('640 de 1.000 XP em Campanha de verão')).toBeTruthy();
    expect(screen.getByText('Faltam 360 XP para Creator')).toBeTruthy();
    const all = screen.getByRole('region', { name: 'O que cada nível oferece' });
    const cards = within(all)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL');
    expect(cards).toHaveLength(3);
    expect(cards[0]!.getAttribute('aria-current')).toBe('true');
    expect(within(cards[0]!).getByText('Pontos base em cada venda')).toBeTruthy();
    expect(within(cards[0]!).queryByText('Acesso aos eventos')).toBeNull();
    expect(within(cards[1]!).getByText('Cada venda rende os pontos ×1,5')).toBeTruthy();
    expect(within(cards[1]!).getByText('A partir de 1.000 XP')).toBeTruthy();
    expect(within(cards[1]!).getByText('Acesso aos eventos')).toBeTruthy();
    expect(within(cards[2]!).getByText('Acesso aos eventos')).toBeTruthy();
  });

  it('tells me my request waits for the audit, and what keeps the last level', async () => {
    mockApi((url) =>
      url === '/api/loyalty/my-level'
        ? json(
            mine({
              xp: 1200,
              request: {
                id: 9,
                toLevel: { id: 2, name: 'Creator', position: 2 },
                status: 'pending',
                createdAt: '2026-11-20T13:00:00.000Z',
              },
            }),
          )
        : undefined,
    );
    renderIt(<LevelsPage />);
    expect(await screen.findByText('Você alcançou a XP de Creator.')).toBeTruthy();
    expect(screen.getByTestId('level-request').textContent).toContain('a mudança aguarda aprovação');
  });

  it('sends me to the campaigns without a running one, and shows an error with a retry', async () => {
    let fail = true;
    mockApi((url) => {
      if (url !== '/api/loyalty/my-level') return undefined;
      return fail
        ? json({ error: { code: 'INTERNAL', message: 'x' } }, 500)
        : json(mine({ campaign: null, xp: 0, current: levels[2]!, next: null }));
    });
    renderIt(<LevelsPage />);
    const retry = await screen.findByRole('button', { name: 'Tentar de novo' }, { timeout: 5000 });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText(/Inscreva-se em uma campanha em andamento/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver campanhas' }).getAttribute('href')).toBe('/campaigns');
  });
});

const request = (id: number, over: Partial<LevelRequest> = {}): LevelRequest => ({
  id,
  userId: 100 + id,
  userName: `Pessoa ${id}`,
  userEmail: `p${id}@example.com`,
  campaignId: 4,
  campaignName: 'Campanha de verão',
  fromLevel: { id: 1, name: 'Basic', position: 1 },
  toLevel: { id: 2, name: 'Creator', position: 2 },
  xp: 1200,
  status: 'pending',
  reason: null,
  pendingSales: 0,
  createdAt: '2026-11-20T13:00:00.000Z',
  decidedAt: null,
  ...over,
});

describe('the level-change queue', () => {
  it('approves a request whose sales are audited and holds the others until they are', async () => {
    const decided: string[] = [];
    mockApi((url, init) => {
      if (url.startsWith('/api/admin/loyalty/level-requests?'))
        return json({
          items: [request(1, { pendingSales: 2 }), request(2)].filter(
            (r) => !decided.some((d) => d.includes(`/${r.id}/`)),
          ),
          total: 2,
          page: 1,
          pageSize: 20,
        });
      if (url.startsWith('/api/admin/loyalty/level-requests/') && init?.method === 'POST') {
        decided.push(url);
        const id = Number(url.split('/')[5]);
        const body = init.body ? (JSON.parse(String(init.body)) as { reason: string }) : null;
        return json(request(id, { status: body ? 'rejected' : 'approved', reason: body?.reason ?? null }));
      }
      return undefined;
    });
    renderIt(<AdminLevelRequestsPage />);
    const table = await screen.findByRole('table', { name: 'Pedidos de mudança de nível' });
    expect(within(table).getByText('2 vendas aguardando auditoria')).toBeTruthy();
    expect(within(table).getAllByText('Basic → Creator', { selector: 'td' })).toHaveLength(2);
    const held = within(table).getByRole('button', { name: 'Aprovar a mudança de Pessoa 1' });
    expect((held as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(table).getByRole('button', { name: 'Aprovar a mudança de Pessoa 2' }));
    expect(await screen.findByText('Mudança de nível aprovada.')).toBeTruthy();
    expect(decided).toEqual(['/api/admin/loyalty/level-requests/2/approve']);
  });

  it('rejects with a reason the member will read', async () => {
    const bodies: unknown[] = [];
    mockApi((url, init) => {
      if (url.startsWith('/api/admin/loyalty/level-requests?'))
        return json({ items: [request(3)], total: 1, page: 1, pageSize: 20 });
      if (url === '/api/admin/loyalty/level-requests/3/reject' && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return json(request(3, { status: 'rejected', reason: 'Notas ilegíveis' }));
      }
      return undefined;
    });
    renderIt(<AdminLevelRequestsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar a mudança de Pessoa 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recusar a mudança de nível' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    expect(await within(dialog).findByText('Informe o motivo.')).toBeTruthy();
    expect(bodies).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: ' Notas ilegíveis ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    expect(await screen.findByText('Mudança de nível recusada.')).toBeTruthy();
    expect(bodies).toEqual([{ reason: 'Notas ilegíveis' }]);
  });

  it('shows the API’s refusal in the language', async () => {
    mockApi((url, init) => {
      if (url.startsWith('/api/admin/loyalty/level-requests?'))
        return json({ items: [request(5)], total: 1, page: 1, pageSize: 20 });
      if (init?.method === 'POST')
        return json({ error: { code: 'LOYALTY_LEVEL_SALES_PENDING', message: 'x' } }, 409);
      return undefined;
    });
    renderIt(<AdminLevelRequestsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Aprovar a mudança de Pessoa 5' }));
    expect(await screen.findByText(/Ainda há vendas deste usuário aguardando auditoria/)).toBeTruthy();
  });
});

describe("home's level card", () => {
  const withModules = (keys: string[]) =>
    useCommonStore.setState({
      accessToken: 'a',
      sessionType: 'password',
      session: session({
        clients: [client({ modules: keys.map((key) => ({ key, path: `/${key}` })) })],
      }),
    });

  it('shows my level and progress where the client runs the loyalty program', async () => {
    mockApi((url) => (url === '/api/loyalty/my-level' ? json(mine()) : undefined));
    withModules(['online-courses', 'campaigns']);
    renderApp('/home');
    const card = await screen.findByRole('region', { name: 'Meu nível' }, { timeout: 5000 });
    expect((await within(card).findByTestId('home-level-name')).textContent).toBe('Basic');
    expect(within(card).getByRole('progressbar', { name: '64% do caminho até Creator' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Ver meu nível' }).getAttribute('href')).toBe(
      '/campaigns/levels',
    );
  });

  it('is left out, without asking, where the client has no loyalty program', async () => {
    const { calls } = mockApi(() => undefined);
    withModules(['online-courses']);
    renderApp('/home');
    await screen.findByRole('heading', { level: 1 });
    await vi.waitFor(() => expect(queryClient.getQueryState(['rewards', 'summary'])).toBeTruthy());
    await waitFor(() => expect(calls.some((c) => c.url === '/api/rewards/summary')).toBe(true));
    expect(calls.some((c) => c.url === '/api/loyalty/my-level')).toBe(false);
    expect(screen.queryByTestId('home-level')).toBeNull();
  });
});
