import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RankingRow } from '@trilha/contracts/ranking';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { useCommonStore } from '../../lib/session-store';
import { client, json, session } from '../../test/fixtures';
import { mockApi } from '../../test/render-app';
import RankingTab from './components/ranking-tab';
import RankingPage from './pages/ranking-page';

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

function renderIt(element = <RankingTab />) {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const row = (userId: number, position: number, score: number, over: Partial<RankingRow> = {}) => ({
  userId,
  position,
  score,
  name: `Pessoa ${userId}`,
  hidden: false,
  isMe: false,
  ...over,
});
const answered = (metric: string) => ({
  metric,
  period: 'month',
  scope: 'client',
  areaId: null,
  areas: [],
  month: '2026-11',
  campaignId: null,
  campaigns: [],
});

describe('ranking tab', () => {
  it('shows the top and my position with neighbours, switches metric and hides my name', async () => {
    let hidden = false;
    const api = mockApi((url, init) => {
      const metric = url.includes('metric=xp') ? 'xp' : 'points';
      if (url.startsWith('/api/ranking/me?'))
        return json({
          ...answered(metric),
          me: row(7, 2, 80, { isMe: true, name: 'Maria Silva', hidden }),
          above: [row(1, 1, 90)],
          below: [row(3, 2, 80, { name: 'J. L.', hidden: true }), row(4, 4, 10)],
          total: 4,
          hideName: hidden,
        });
      if (url.startsWith('/api/ranking?'))
        return json({
          ...answered(metric),
          items: [
            row(1, 1, metric === 'xp' ? 500 : 90),
            row(7, 2, 80, { isMe: true, name: 'Maria Silva' }),
            row(3, 2, 80, { name: 'J. L.', hidden: true }),
            row(4, 4, 10),
          ],
          total: 4,
          page: 1,
          pageSize: 20,
        });
      if (url === '/api/profile/ranking-visibility' && init?.method === 'PUT') {
        hidden = (JSON.parse(String(init.body)) as { hideName: boolean }).hideName;
        return json({ hideName: hidden });
      }
      return undefined;
    });
    renderIt();

    const mine = await screen.findByRole('list', { name: 'Minha posição' });
    const rows = within(mine).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Posição 1ºPessoa 190 pontos',
      'Posição 2ºMaria Silvavocê80 pontos',
      'Posição 2ºJ. L.80 pontos',
      'Posição 4ºPessoa 410 pontos',
    ]);
    expect(rows[1]!.getAttribute('aria-current')).toBe('true');
    expect(screen.getByText('Você está em 2º de 4 participantes.')).toBeTruthy();
    const top = screen.getByRole('list', { name: 'Classificação' });
    expect(within(top).getAllByRole('listitem')).toHaveLength(4);
    expect(within(top).getAllByRole('listitem')[1]!.getAttribute('aria-current')).toBe('true');

    fireEvent.click(screen.getByRole('radio', { name: 'XP' }));
    expect(
      await within(screen.getByRole('list', { name: 'Classificação' })).findByText('500 XP'),
    ).toBeTruthy();
    expect(api.calls.some((c) => c.url.startsWith('/api/ranking?metric=xp'))).toBe(true);

    const toggle = screen.getByRole('switch', { name: /^Mostrar só as minhas iniciais/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(hidden).toBe(true));
    await waitFor(() =>
      expect(
        (screen.getByRole('switch', { name: /^Mostrar só as minhas iniciais/ }) as HTMLInputElement).checked,
      ).toBe(true),
    );
  });

  it('offers this campaign as a period and my campaigns as a scope, and asks for them', async () => {
    const campaigns = [
      {
        id: 9,
        name: 'T4 · Grupo 1',
        beginsAt: '2026-10-01T00:00:00Z',
        endsAt: '2026-12-15T00:00:00Z',
        registered: true,
      },
      {
        id: 8,
        name: 'T3 · Grupo 2',
        beginsAt: '2026-07-01T00:00:00Z',
        endsAt: '2026-09-15T00:00:00Z',
        registered: false,
      },
    ];
    const api = mockApi((url) => {
      const base = { ...answered('points'), campaigns, campaignId: url.includes('campaign') ? 9 : null };
      if (url.startsWith('/api/ranking/me?'))
        return json({
          ...base,
          me: row(7, 1, 40, { isMe: true }),
          above: [],
          below: [],
          total: 1,
          hideName: false,
        });
      if (url.startsWith('/api/ranking?'))
        return json({ ...base, items: [row(7, 1, 40, { isMe: true })], total: 1, page: 1, pageSize: 20 });
      return undefined;
    });
    renderIt();
    fireEvent.click(await screen.findByRole('radio', { name: 'Esta campanha' }));
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.url.startsWith('/api/ranking?metric=points&period=campaign&scope=client')),
      ).toBe(true),
    );
    const scope = screen.getByRole('combobox', { name: 'Ranking de' });
    // Only the campaigns I am registered in are a scope.
    expect(
      within(scope)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos do programa', 'Campanha: T4 · Grupo 1']);
    fireEvent.change(scope, { target: { value: 'c9' } });
    await waitFor(() =>
      expect(
        api.calls.some((c) =>
          c.url.startsWith('/api/ranking?metric=points&period=campaign&scope=campaign&campaignId=9'),
        ),
      ).toBe(true),
    );
  });

  it('tells a user who has not scored yet how to appear', async () => {
    mockApi((url) => {
      if (url.startsWith('/api/ranking/me?'))
        return json({ ...answered('points'), me: null, above: [], below: [], total: 0, hideName: false });
      if (url.startsWith('/api/ranking?'))
        return json({ ...answered('points'), items: [], total: 0, page: 1, pageSize: 20 });
      return undefined;
    });
    renderIt();
    expect(await screen.findByText(/Você ainda não está neste ranking/)).toBeTruthy();
    expect(screen.getByText('Ninguém pontuou neste período ainda.')).toBeTruthy();
  });

  it('is a page of its own where the company has the ranking, and says so where it has not', async () => {
    mockApi((url) => {
      if (url.startsWith('/api/ranking/me?'))
        return json({ ...answered('points'), me: null, above: [], below: [], total: 0, hideName: false });
      if (url.startsWith('/api/ranking?'))
        return json({ ...answered('points'), items: [], total: 0, page: 1, pageSize: 20 });
      return undefined;
    });
    const withFlags = (flags: Record<string, boolean>) =>
      useCommonStore.setState({ session: session({ clients: [client({ flags })], selectedClientId: 1 }) });
    withFlags({ has_ranking: true });
    renderIt(<RankingPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ranking' })).toBeTruthy();
    expect(await screen.findByText(/Você ainda não está neste ranking/)).toBeTruthy();
  });

  it('does not ask for the ranking of a company without it', async () => {
    const api = mockApi(() => undefined);
    useCommonStore.setState({
      session: session({ clients: [client({ flags: { has_courses: true } })], selectedClientId: 1 }),
    });
    renderIt(<RankingPage />);
    expect(await screen.findByText('O ranking não está disponível para esta empresa.')).toBeTruthy();
    expect(api.calls.some((c) => c.url.startsWith('/api/ranking'))).toBe(false);
  });
});
