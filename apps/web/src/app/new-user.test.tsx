import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, json, loginConfig, session } from '../test/fixtures';
import { mockApi, renderApp, settledAt } from '../test/render-app';
import { useCommonStore } from '../lib/session-store';
import { i18n } from '../lib/i18n';
import { activeNavIndex, modulesOfPath } from '../lib/modules';

/** What a new user meets in the app shell: bell, module gating, not-found, navigation. */

function signedIn(overrides: Parameters<typeof session>[0] = {}) {
  useCommonStore.setState({
    accessToken: 'a',
    sessionType: 'password',
    session: session(overrides),
  });
}

const nimbus = client({
  id: 2,
  name: 'Nimbus Tech',
  homeRoute: '/online-courses',
  modules: [
    { key: 'online-courses', path: '/online-courses' },
    { key: 'trails', path: '/trails' },
    { key: 'profile', path: '/profile' },
  ],
});

describe('the unread bell', () => {
  it("shows the new client's count at once after a client switch", async () => {
    let selected = 1;
    const unread: Record<number, number> = { 1: 3, 2: 7 };
    const twoClients = () =>
      session({
        selectedClientId: selected,
        clients: [client({ modules: [...client().modules, { key: 'profile', path: '/profile' }] }), nimbus],
      });
    mockApi((url, init) => {
      if (url === '/api/profile/inbox/unread-count') return json({ count: unread[selected] });
      if (url === '/api/session/client' && init?.method === 'PUT') {
        selected = (JSON.parse(String(init.body)) as { clientId: number }).clientId;
        return json(twoClients());
      }
      if (url === '/api/session') return json(twoClients());
      return undefined;
    });
    useCommonStore.setState({
      accessToken: 'a',
      sessionType: 'password',
      session: twoClients(),
    });
    const { router } = renderApp('/home');
    expect(await screen.findByRole('link', { name: '3 mensagens não lidas' })).toBeTruthy();

    // The field's stand-in shows first; the select (with its list) replaces it once its chunk is there.
    const companyField = await waitFor(() => {
      const field = screen
        .getAllByLabelText('Empresa')
        .find((el) => el.tagName === 'INPUT' && el.hasAttribute('aria-haspopup'));
      if (!field) throw new Error('The company select has not loaded yet');
      return field;
    });
    fireEvent.click(companyField);
    fireEvent.click(await screen.findByRole('option', { name: 'Nimbus Tech' }));

    await settledAt(router, '/online-courses');
    // The poll is a minute apart: only a fetch for the new client, made at the switch, shows 7 this soon.
    expect(await screen.findByRole('link', { name: '7 mensagens não lidas' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '3 mensagens não lidas' })).toBeNull();
  });
});

describe('modules the client does not offer', () => {
  it('names the modules a path needs, trail items included', () => {
    expect(modulesOfPath('/library/manuais')).toEqual(['library']);
    expect(modulesOfPath('/libraries/4')).toEqual(['library']);
    expect(modulesOfPath('/trails/3/webinars/9')).toEqual(['trails', 'webinars']);
    expect(modulesOfPath('/courses/4/activities/2')).toEqual(['online-courses']);
    expect(modulesOfPath('/home')).toEqual([]);
    expect(modulesOfPath('/support')).toEqual([]);
  });

  it.each(['/library', '/libraries/5', '/news/3', '/trails/1/webinars/4'])(
    '%s answers "not available in this company" inside the shell, not "coming soon"',
    async (path) => {
      mockApi();
      signedIn({ clients: [nimbus], selectedClientId: 2 });
      renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Módulo não disponível nesta empresa' }),
      ).toBeTruthy();
      expect(screen.getByText(/não faz parte da empresa selecionada \(Nimbus Tech\)/)).toBeTruthy();
      expect(screen.queryByText('Em breve')).toBeNull();
      expect(screen.getByRole('link', { name: 'Voltar ao início' }).getAttribute('href')).toBe(
        '/online-courses',
      );
      expect(screen.getByRole('navigation', { name: 'Navegação principal' })).toBeTruthy();
    },
  );

  it('gates the player screens too', async () => {
    mockApi();
    signedIn({ clients: [nimbus], selectedClientId: 2 });
    renderApp('/webinars-lounge/2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Módulo não disponível nesta empresa' }),
    ).toBeTruthy();
    expect(screen.queryByText('Em breve')).toBeNull();
  });

  it('lets through a module the client offers', async () => {
    mockApi();
    signedIn();
    renderApp('/news/3');
    expect(await screen.findByText(/Esta tela ainda não está disponível/)).toBeTruthy();
    expect(screen.queryByText('Módulo não disponível nesta empresa')).toBeNull();
  });

  it('the home page and the navigation offer only the client modules', async () => {
    mockApi();
    signedIn();
    renderApp('/home');
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/home', '/online-courses', '/news']);
    const tiles = within(await screen.findByRole('region', { name: 'Por onde começar' }))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(tiles).toEqual(['/online-courses', '/news']);
    // "Boas-vindas a Aurora" read wrong; the program is named with its article.
    expect(screen.getByText('Boas-vindas ao programa Acme Varejo.')).toBeTruthy();
  });
});

describe('navigation', () => {
  it('highlights exactly one item when the home route is a module list', async () => {
    expect(activeNavIndex('/online-courses', ['/online-courses', '/online-courses', '/trails'])).toBe(1);
    expect(activeNavIndex('/online-courses/4', ['/home', '/online-courses'])).toBe(1);
    expect(activeNavIndex('/home/surveys/2', ['/home', '/online-courses'])).toBe(0);
    expect(activeNavIndex('/support', ['/home', '/online-courses'])).toBe(-1);
    mockApi();
    signedIn({ clients: [nimbus], selectedClientId: 2 });
    renderApp('/online-courses');
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    await waitFor(() => expect(within(nav).getAllByRole('link', { current: 'page' })).toHaveLength(1));
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Cursos');
  });
});

describe('the not-found screen', () => {
  it('keeps the app shell for a signed-in user', async () => {
    mockApi();
    signedIn();
    renderApp('/this/does/not/exist');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Navegação principal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Maria Silva/ })).toBeTruthy();
  });

  it('stays in the public frame for a visitor', async () => {
    mockApi();
    renderApp('/this/does/not/exist');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).toBeNull();
  });
});

describe('Google sign-in that is not configured', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('pt-BR');
  });

  it.each([
    ['/login-redirect-v2', 'pt-BR', 'Entrada com o Google indisponível', 'Voltar ao login'],
    ['/intel-login-redirect', 'pt-BR', 'Entrada com o Google indisponível', 'Voltar ao login'],
    ['/login-redirect-v2', 'en-US', 'Google sign-in unavailable', 'Back to login'],
    ['/intel-login-redirect', 'es', 'Acceso con Google no disponible', 'Volver al inicio de sesión'],
    ['/login-redirect-v2', 'fr', 'Connexion avec Google indisponible', 'Retour à la connexion'],
  ])(
    '%s in %s shows a translated screen and a way back, not the API answer',
    async (path, lang, title, back) => {
      const assign = vi.fn();
      vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
      mockApi((url) =>
        url === '/api/site/login-config' ? json(loginConfig({ oauth2: { google: false } })) : undefined,
      );
      await i18n.changeLanguage(lang);
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByRole('link', { name: back }).getAttribute('href')).toBe('/');
      expect(assign).not.toHaveBeenCalled();
    },
  );

  it('shows the same screen when the server sends the browser back with ACCOUNTS_GOOGLE_UNAVAILABLE', async () => {
    mockApi();
    renderApp('/login-redirect-v2?error=ACCOUNTS_GOOGLE_UNAVAILABLE');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Entrada com o Google indisponível' }),
    ).toBeTruthy();
  });

  it('still starts the sign-in when Google is on', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    mockApi((url) =>
      url === '/api/site/login-config' ? json(loginConfig({ oauth2: { google: true } })) : undefined,
    );
    renderApp('/login-redirect-v2');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/accounts/google/start'));
  });
});

describe('complete-register with nothing missing', () => {
  const withSteps = (steps: string[]) =>
    mockApi((url) => (url === '/api/accounts/me/pending-steps' ? json({ steps, missing: [] }) : undefined));

  it("goes on to the client's home route instead of an empty form", async () => {
    withSteps([]);
    signedIn({ clients: [nimbus], selectedClientId: 2 });
    const { router } = renderApp('/complete-register');
    await settledAt(router, '/online-courses');
  });

  it('stays when the account does lack data', async () => {
    withSteps(['complete_register']);
    signedIn();
    const { router } = renderApp('/complete-register');
    await settledAt(router, '/complete-register');
  });
});
