import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { useCommonStore } from '../../lib/session-store';
import { json } from '../../test/fixtures';
import { mockApi } from '../../test/render-app';
import TransfersPage from './pages/transfers-page';

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});
afterEach(() => vi.restoreAllMocks());

function renderPage() {
  useCommonStore.setState({ accessToken: 'access', sessionType: 'password' });
  const router = createMemoryRouter([{ path: '/points-transfer', element: <TransfersPage /> }], {
    initialEntries: ['/points-transfer'],
  });
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const item = (over: Record<string, unknown> = {}) => ({
  id: 3,
  document: '*******0001',
  points: 300,
  status: 'refused',
  attempts: 1,
  partnerReference: null,
  error: 'Account closed at the partner',
  createdAt: '2026-11-25T10:00:00.000Z',
  decidedAt: '2026-11-25T10:01:00.000Z',
  ...over,
});

describe('points transfer page', () => {
  it('lists my transfers and sends one with an Idempotency-Key, showing the API refusal in words', async () => {
    const posts: { body: unknown; key: string | null }[] = [];
    let refuse = true;
    mockApi((url, init) => {
      if (url === '/api/rewards/summary')
        return json({
          points: 1500,
          held: 300,
          available: 1200,
          xp: 900,
          expiring: [],
          lastEntryAt: null,
        });
      if (url.startsWith('/api/transfers?'))
        return json({ items: [item()], total: 1, page: 1, pageSize: 10 });
      if (url === '/api/transfers' && init?.method === 'POST') {
        posts.push({
          body: JSON.parse(String(init.body)),
          key: new Headers(init.headers).get('Idempotency-Key'),
        });
        if (refuse) {
          refuse = false;
          return json(
            {
              error: {
                code: 'TRANSFERS_DOCUMENT_IN_USE',
                message: 'Este documento já foi utilizado por outra conta.',
              },
            },
            409,
          );
        }
        return json(item({ id: 4, status: 'requested', error: null, decidedAt: null }), 201);
      }
      return undefined;
    });
    renderPage();

    expect(await screen.findByText('Recusada')).toBeTruthy();
    // What I can send: my available points, beside the field.
    expect(await screen.findByText('Você tem 1.200 pontos disponíveis.')).toBeTruthy();
    expect(screen.getByText('Account closed at the partner')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Documento da conta/ }), {
      target: { value: '123.456.789-01' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Pontos/ }), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    expect(await screen.findByText('Este documento já foi utilizado por outra conta.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    expect(await screen.findByText(/Transferência solicitada/)).toBeTruthy();
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[0]!.body).toEqual({ document: '123.456.789-01', points: 300 });
    expect(posts[0]!.key).toBeTruthy();
    // A retry of the same confirmation keeps its key.
    expect(posts[1]!.key).toBe(posts[0]!.key);
  });
});
