import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../../app/providers';
import { json } from '../../../../test/fixtures';
import { mockApi } from '../../../../test/render-app';
import { PointsTab } from './points-tab';

function renderIn(ui: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const summary = {
  points: 1200,
  held: 200,
  available: 1000,
  xp: 3400,
  expiring: [{ points: 300, expiresAt: '2026-12-31T12:00:00.000Z' }],
  lastEntryAt: '2026-11-20T12:00:00.000Z',
};

const lines = [
  {
    id: 11,
    ledger: 'points',
    amount: 50,
    balanceAfter: 1200,
    source: 'course',
    refType: 'course',
    refId: 4,
    refLabel: 'Atendimento ao cliente',
    reason: null,
    createdAt: '2026-11-20T12:00:00.000Z',
    expiresAt: null,
  },
  {
    id: 10,
    ledger: 'points',
    amount: -20,
    balanceAfter: 1150,
    source: 'adjustment',
    refType: null,
    refId: null,
    refLabel: null,
    reason: 'Crédito em duplicidade',
    createdAt: '2026-11-18T12:00:00.000Z',
    expiresAt: null,
  },
];

function api() {
  return mockApi((url) => {
    if (url === '/api/rewards/summary') return json(summary);
    if (url.startsWith('/api/rewards/history')) {
      return json({
        series: [
          { month: '2026-09', points: 0, xp: 0 },
          { month: '2026-10', points: 700, xp: 1500 },
          { month: '2026-11', points: 1200, xp: 3400 },
        ],
      });
    }
    if (url.startsWith('/api/rewards/statement')) {
      const source = new URL(url, 'http://x').searchParams.get('source');
      const items = source ? lines.filter((l) => l.source === source) : lines;
      return json({ items, total: items.length, page: 1, pageSize: 20 });
    }
    return undefined;
  });
}

describe('points tab', () => {
  it('shows the balances, what expires and each statement line with its origin and a signed amount', async () => {
    api();
    renderIn(<PointsTab />);
    const balance = await screen.findByRole('region', { name: 'Seu saldo' });
    expect(within(balance).getByText('1.200')).toBeTruthy();
    expect(within(balance).getByText('200')).toBeTruthy();
    expect(within(balance).getByText('1.000')).toBeTruthy();
    expect(within(balance).getByText('3.400')).toBeTruthy();
    expect(screen.getByText('300 pontos vencem em 31/12/2026')).toBeTruthy();

    const statement = await screen.findByRole('list', { name: 'Extrato' });
    const [credit, debit] = within(statement).getAllByRole('listitem');
    expect(within(credit!).getByText('Curso concluído · Atendimento ao cliente')).toBeTruthy();
    expect(within(credit!).getByTestId('amount').textContent).toBe('+50 pontosCrédito de 50 pontos');
    expect(within(debit!).getByText('Ajuste da equipe do programa')).toBeTruthy();
    expect(within(debit!).getByText('Crédito em duplicidade')).toBeTruthy();
    // The sign is written out, not left to the colour.
    expect(within(debit!).getByTestId('amount').textContent).toBe('\u221220 pontosDébito de 20 pontos');

    // The chart tells its numbers to screen readers too.
    expect(screen.getByRole('img', { name: /Pontos e XP nos últimos meses/ })).toBeTruthy();
  });

  it('asks the server again with the source chosen, from the first page', async () => {
    const { calls } = api();
    renderIn(<PointsTab />);
    await screen.findByRole('list', { name: 'Extrato' });
    fireEvent.change(screen.getByLabelText('Origem'), { target: { value: 'course' } });
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/rewards/statement?source=course&page=1&pageSize=20')).toBe(
        true,
      ),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Extrato' })).getAllByRole('listitem')).toHaveLength(1),
    );
  });

  it('invites a learner with no points yet to the courses', async () => {
    mockApi((url) =>
      url === '/api/rewards/summary'
        ? json({ ...summary, points: 0, held: 0, available: 0, xp: 0, expiring: [], lastEntryAt: null })
        : url.startsWith('/api/rewards/')
          ? json({ items: [], total: 0, page: 1, pageSize: 20, series: [] })
          : undefined,
    );
    renderIn(<PointsTab />);
    expect(await screen.findByText('Você ainda não tem pontos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver os cursos' }).getAttribute('href')).toBe('/online-courses');
  });

  it('says the balance could not be read and reads it again on retry', async () => {
    let fail = true;
    mockApi((url) => {
      if (url === '/api/rewards/summary') {
        return fail ? json({ error: { code: 'INTERNAL', message: 'boom' } }, 500) : json(summary);
      }
      if (url.startsWith('/api/rewards/history')) return json({ series: [] });
      if (url.startsWith('/api/rewards/statement'))
        return json({ items: [], total: 0, page: 1, pageSize: 20 });
      return undefined;
    });
    renderIn(<PointsTab />);
    const retry = await screen.findByRole('button', { name: 'Tentar de novo' }, { timeout: 15_000 });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('1.200')).toBeTruthy();
  });
});
