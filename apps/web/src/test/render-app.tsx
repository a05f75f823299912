import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { json, loginConfig } from './fixtures';

export type Handler = (
  url: string,
  init: RequestInit | undefined,
) => Response | Promise<Response> | undefined;

/** Stubs fetch with the given handlers; the login configuration and OAuth client answer by default. */
export function mockApi(...handlers: Handler[]) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    for (const handler of handlers) {
      const response = await handler(url, init);
      if (response) return response;
    }
    if (url === '/api/site/login-config') return json(loginConfig());
    if (url === '/api/site/oauth-client') return json({ clientId: 'trilha-web' });
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Renders the real route table at a path, in a memory router. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/** Waits until the router has settled on a path (redirects and lazy pages done). */
export async function settledAt(router: ReturnType<typeof createMemoryRouter>, pathname: string) {
  await waitFor(() => {
    expect(router.state.navigation.state).toBe('idle');
    expect(router.state.location.pathname).toBe(pathname);
  });
}
