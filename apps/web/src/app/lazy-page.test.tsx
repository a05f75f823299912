import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers';
import { ChunkLoadError, lazyPage, PAGE_LOAD_TIMEOUT_MS, withTimeout } from './lazy-page';
import { reloadPage } from '../lib/reload';

vi.mock('../lib/reload', () => ({ reloadPage: vi.fn() }));

function Layout() {
  return (
    <div>
      <p>layout header</p>
      <Outlet />
    </div>
  );
}

function renderLazy(load: Parameters<typeof lazyPage>[0], timeoutMs?: number) {
  const router = createMemoryRouter(
    [{ path: '/', Component: Layout, children: [{ path: 'page', ...lazyPage(load, timeoutMs) }] }],
    { initialEntries: ['/page'] },
  );
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('lazyPage', () => {
  afterEach(() => vi.useRealTimers());

  it('allows 120 seconds for a page chunk, as the spec says', () => {
    expect(PAGE_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('rejects with a ChunkLoadError exactly when the time-out passes', async () => {
    vi.useFakeTimers();
    const outcome = vi.fn();
    withTimeout(new Promise<never>(() => undefined), PAGE_LOAD_TIMEOUT_MS).catch(outcome);
    await vi.advanceTimersByTimeAsync(PAGE_LOAD_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.any(ChunkLoadError));
  });

  it('renders the page once its chunk arrives', async () => {
    renderLazy(async () => ({ default: () => <h1>Loaded page</h1> }));
    expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeTruthy();
  });

  it('shows the reload screen inside the layout when the chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(
      await screen.findByRole('heading', { name: 'Não foi possível carregar esta página' }),
    ).toBeTruthy();
    expect(screen.getByText('layout header')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Recarregar a página' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('shows the reload screen when the chunk does not arrive in time', async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLazy(() => new Promise(() => undefined), 30);
    expect(
      await screen.findByRole('heading', { name: 'Não foi possível carregar esta página' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(report).toHaveBeenCalledWith(expect.any(ChunkLoadError));
  });
});
