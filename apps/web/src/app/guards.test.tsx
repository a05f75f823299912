import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { client, json, loginConfig, session } from '../test/fixtures';
import { mockApi, renderApp, settledAt } from '../test/render-app';
import { useCommonStore } from '../lib/session-store';
import { moduleTarget } from './guards';

function signedIn(overrides: Parameters<typeof session>[0] = {}) {
  useCommonStore.setState({
    accessToken: 'access',
    sessionType: 'password',
    session: session(overrides),
  });
}

describe('navigation guards', () => {
  it('public page with a session and a selected client → that client’s home route', async () => {
    mockApi();
    signedIn({ clients: [client({ homeRoute: '/online-courses' })] });
    const { router } = renderApp('/register');
    await settledAt(router, '/online-courses');
  });

  it('public page without a session stays', async () => {
    mockApi();
    const { router } = renderApp('/register');
    await settledAt(router, '/register');
    expect(await screen.findByRole('heading', { level: 1, name: /^Cadastro/ })).toBeTruthy();
  });

  describe('webservice-login with a module', () => {
    it('goes to the module (with id) when the client has the flag', async () => {
      mockApi();
      signedIn();
      const { router } = renderApp('/webservice-login/abc?module=news&id=12');
      await settledAt(router, '/news/12');
    });

    it('goes to the home route when the client lacks the flag', async () => {
      mockApi();
      signedIn();
      const { router } = renderApp('/webservice-login?module=library&id=3');
      await settledAt(router, '/home');
    });

    it('accepts has_{module}s flags and follows the courses redirect', async () => {
      mockApi();
      signedIn();
      const { router } = renderApp('/webservice-login?module=course&id=9');
      await settledAt(router, '/online-courses/9');
    });

    it('maps modules to flags and paths', () => {
      const c = client({
        flags: { has_webcasts: true, has_profile: true, has_library: true, has_reward_store: true },
      });
      expect(moduleTarget(c, 'webcasts', '4')).toBe('/webinars/4');
      expect(moduleTarget(c, 'profile', null)).toBe('/profile');
      expect(moduleTarget(c, 'library', '8')).toBe('/libraries/8');
      expect(moduleTarget(c, 'library', null)).toBe('/library');
      expect(moduleTarget(c, 'reward_store', null)).toBe('/reward-store');
      expect(moduleTarget(c, 'news', '1')).toBe('/home');
      expect(moduleTarget(c, '//evil.example', '1')).toBe('/home');
      expect(moduleTarget(c, 'profile', '../../x')).toBe('/profile/..%2F..%2Fx');
    });
  });

  it('portfolio enabled: opening login saves the redirect query and goes to the portfolio', async () => {
    mockApi((url) => (url === '/api/site/login-config' ? json(loginConfig({ portfolio: true })) : undefined));
    const { router } = renderApp('/?redirect=/trails/3');
    await settledAt(router, '/portfolio');
    expect(useCommonStore.getState().redirectPath).toBe('/trails/3');
    // The portfolio's own sign-in link reaches the login form.
    const signIn = await screen.findByRole('link', { name: 'Entrar na plataforma' });
    act(() => signIn.click());
    await settledAt(router, '/');
    expect(await screen.findByRole('heading', { name: 'Entre na sua conta' })).toBeTruthy();
  });

  it('a stored redirect must be a path of this site', async () => {
    mockApi();
    const { router } = renderApp('/?redirect=https://evil.example/');
    await settledAt(router, '/');
    expect(useCommonStore.getState().redirectPath).toBeNull();
  });

  it('logged-in user on the portfolio → the client’s home route; a portfolio course → that course', async () => {
    mockApi();
    signedIn();
    const first = renderApp('/portfolio');
    await settledAt(first.router, '/home');
    first.unmount();
    const second = renderApp('/portfolio-course/vendas-consultivas-id-42');
    await settledAt(second.router, '/online-courses/42');
  });

  it('authenticated page without a session: clear, remember token and path, go to login', async () => {
    mockApi();
    useCommonStore.setState({ session: session(), accessToken: null });
    const { router } = renderApp('/trails/5?tab=info&token=tok-1');
    await settledAt(router, '/');
    expect(useCommonStore.getState()).toMatchObject({
      session: null,
      redirectPath: '/trails/5?tab=info',
      pendingToken: 'tok-1',
    });
  });

  it('authenticated page with a session and a token query: clear the session, store token and path, go to login', async () => {
    mockApi();
    signedIn();
    const { router } = renderApp('/news/3?token=other-user');
    await settledAt(router, '/');
    expect(useCommonStore.getState()).toMatchObject({
      accessToken: null,
      session: null,
      redirectPath: '/news/3',
      pendingToken: 'other-user',
    });
  });

  it('a session without a selected client gets the first client', async () => {
    const { calls } = mockApi((url, init) =>
      url === '/api/session/client' && init?.method === 'PUT'
        ? json(session({ selectedClientId: 1 }))
        : undefined,
    );
    signedIn({ selectedClientId: null });
    const { router } = renderApp('/home');
    await settledAt(router, '/home');
    expect(calls.some((c) => c.url === '/api/session/client' && c.init?.body === '{"clientId":1}')).toBe(
      true,
    );
    expect(useCommonStore.getState().session?.selectedClientId).toBe(1);
  });

  it('scrolls to the top on every page change', async () => {
    mockApi();
    signedIn();
    const { router } = renderApp('/home');
    await settledAt(router, '/home');
    const before = (window.scrollTo as unknown as { mock: { calls: unknown[] } }).mock.calls.length;
    await act(() => router.navigate('/news'));
    await settledAt(router, '/news');
    await waitFor(() =>
      expect(
        (window.scrollTo as unknown as { mock: { calls: unknown[] } }).mock.calls.length,
      ).toBeGreaterThan(before),
    );
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('the back office is reachable only with canAccessBackOffice', async () => {
    mockApi();
    signedIn({ canAccessBackOffice: false });
    const denied = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Acesso restrito' })).toBeTruthy();
    denied.unmount();

    // The audit area is the auditor's (areas a role cannot use are not shown: admin-areas.test.tsx); it
    // opens on the sales audit queue.
    signedIn({ canAccessBackOffice: true, clients: [client({ roles: ['auditor'] })] });
    const allowed = renderApp('/admin/audit');
    await settledAt(allowed.router, '/admin/audit');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Auditoria de vendas e fotos' }),
    ).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Navegação da área administrativa' })).toBeTruthy();
  });
});
