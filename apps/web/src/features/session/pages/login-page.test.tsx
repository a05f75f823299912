import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { client, json, loginConfig, session, tokens } from '../../../test/fixtures';
import { mockApi, renderApp, settledAt, type Handler } from '../../../test/render-app';
import { i18n } from '../../../lib/i18n';
import { startLanguageSync } from '../../../lib/language-sync';
import { queryClient } from '../../../lib/query-client';
import { useCommonStore } from '../../../lib/session-store';

function loginApi(sessionValue = session(), extra: Handler[] = []) {
  return mockApi(
    ...extra,
    (url) => (url === '/o/token/' ? json(tokens()) : undefined),
    (url) => (url === '/api/session' ? json(sessionValue) : undefined),
  );
}

async function submit(username = 'learner@demo.example', password = 'Demo@1234') {
  fireEvent.change(await screen.findByLabelText(/Usuário, e-mail ou documento/), {
    target: { value: username },
  });
  fireEvent.change(screen.getByLabelText(/^Senha/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

function tokenError(status: number, body: Record<string, unknown>): Handler {
  return (url) => (url === '/o/token/' ? json(body, status) : undefined);
}

describe('login screen', () => {
  let stopLanguageSync: () => void;
  beforeEach(() => {
    stopLanguageSync = startLanguageSync();
  });
  afterEach(async () => {
    stopLanguageSync();
    await i18n.changeLanguage('pt-BR');
  });

  it('signs in with form-encoded credentials and goes to the client’s home route', async () => {
    const { calls } = loginApi(session({ clients: [client({ homeRoute: '/trails' })] }));
    const { router } = renderApp('/');
    await submit();
    await settledAt(router, '/trails');
    const tokenCall = calls.find((c) => c.url === '/o/token/')!;
    expect(tokenCall.init?.body).toBe(
      'grant_type=password&username=learner%40demo.example&password=Demo%401234',
    );
    expect(new Headers(tokenCall.init?.headers).get('Authorization')).toBe(`Basic ${btoa('trilha-web:')}`);
    expect(useCommonStore.getState()).toMatchObject({ accessToken: 'access-1' });
    expect(useCommonStore.getState()).not.toHaveProperty('refreshToken');
  });

  it('uses a stored redirect path once after login', async () => {
    loginApi();
    useCommonStore.setState({ redirectPath: '/news/4' });
    const { router } = renderApp('/');
    await submit();
    await settledAt(router, '/news/4');
    expect(useCommonStore.getState().redirectPath).toBeNull();
  });

  it('selects the first client when the session has none', async () => {
    const { calls } = loginApi(session({ selectedClientId: null }), [
      (url, init) => (url === '/api/session/client' && init?.method === 'PUT' ? json(session()) : undefined),
    ]);
    const { router } = renderApp('/');
    await submit();
    await settledAt(router, '/home');
    expect(calls.filter((c) => c.url === '/api/session/client')).toHaveLength(1);
  });

  it('shows the account’s language after login', async () => {
    loginApi(session({ user: { ...session().user, languageCode: 'es' } }));
    const { router } = renderApp('/');
    await submit();
    await settledAt(router, '/home');
    await waitFor(() => expect(i18n.language).toBe('es'));
    expect(document.documentElement.lang).toBe('es');
    expect(await screen.findByRole('heading', { name: '¡Hola, Maria Silva!' })).toBeTruthy();
  });

  it.each([
    ['AUTH_INVALID_CREDENTIALS', 400, 'Usuário ou senha incorretos. Verifique os dados e tente novamente.'],
    [
      'AUTH_USER_BLOCKED',
      400,
      'Usuário bloqueado. Seu acesso foi bloqueado por atividade incompatível com o regulamento. Entre em contato com o representante da loja ou com o suporte.',
    ],
    ['AUTH_NO_PROFILE', 400, 'Sem perfil cadastrado. Verifique com o gestor da plataforma.'],
    ['AUTH_MAINTENANCE', 400, 'A plataforma está em manutenção. Tente novamente mais tarde.'],
  ])('shows %s translated in an alert', async (code, status, text) => {
    mockApi(tokenError(status, { error: 'invalid_grant', error_description: 'x', code }));
    const { router } = renderApp('/');
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Não foi possível entrar');
    expect(alert.textContent).toContain(text);
    expect(router.state.location.pathname).toBe('/');
    expect(useCommonStore.getState().accessToken).toBeNull();
  });

  it('names the minutes to wait after too many attempts', async () => {
    mockApi(
      tokenError(429, {
        error: 'slow_down',
        error_description: 'x',
        code: 'AUTH_TOO_MANY_ATTEMPTS',
        retry_after: 540,
      }),
    );
    renderApp('/');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Aguarde 9 minuto(s)');
  });

  it('validates empty fields without calling the server', async () => {
    const { calls } = mockApi();
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe seu usuário, e-mail ou documento.')).toBeTruthy();
    expect(screen.getByText('Informe sua senha.')).toBeTruthy();
    expect(calls.some((c) => c.url === '/o/token/')).toBe(false);
  });

  it('focuses the first field in error, and its message follows what is typed after a submit', async () => {
    const { calls } = mockApi();
    renderApp('/');
    const username = await screen.findByLabelText(/Usuário, e-mail ou documento/);
    fireEvent.change(screen.getByLabelText(/^Senha/), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe seu usuário, e-mail ou documento.')).toBeTruthy();
    expect(document.activeElement).toBe(username);
    expect(screen.queryByText('Informe sua senha.')).toBeNull();
    fireEvent.change(username, { target: { value: 'learner' } });
    await waitFor(() => expect(screen.queryByText('Informe seu usuário, e-mail ou documento.')).toBeNull());
    expect(calls.some((c) => c.url === '/o/token/')).toBe(false);
  });

  it('refuses what the token endpoint would refuse: a NUL character, a username over 254 characters', async () => {
    const { calls } = mockApi();
    renderApp('/');
    fireEvent.change(await screen.findByLabelText(/Usuário, e-mail ou documento/), {
      target: { value: 'a'.repeat(255) },
    });
    fireEvent.change(screen.getByLabelText(/^Senha/), { target: { value: 'Demo\u00001234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(
      await screen.findByText('Certifique-se de que todos os campos obrigatórios estão preenchidos'),
    ).toBeTruthy();
    expect(
      screen.getByText('Este campo contém um caractere inválido. Apague-o e digite o texto de novo.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.url === '/o/token/')).toBe(false);
  });

  it('shows the register link only when the site allows it', async () => {
    mockApi((url) => (url === '/api/site/login-config' ? json(loginConfig({ register: false })) : undefined));
    const first = renderApp('/');
    expect(await screen.findByRole('link', { name: 'Esqueci minha senha' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Cadastre-se' })).toBeNull();
    first.unmount();
    queryClient.clear();
    mockApi();
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Cadastre-se' })).toBeTruthy();
  });

  it('goes to the maintenance screen when the site is in maintenance', async () => {
    mockApi((url) =>
      url === '/api/site/login-config' ? json(loginConfig({ maintenance: true })) : undefined,
    );
    const { router } = renderApp('/');
    await settledAt(router, '/maintenance-login');
    expect(await screen.findByRole('heading', { name: 'Estamos em manutenção' })).toBeTruthy();
  });

  it('a language chosen on the login screen wins at sign-in and is saved to the account', async () => {
    const account = session();
    expect(account.user.languageCode).toBe('pt-BR');
    const saved = { ...account, user: { ...account.user, languageCode: 'en-US' as const } };
    const { calls } = loginApi(account, [
      (url, init) => (url === '/api/session/language' && init?.method === 'PUT' ? json(saved) : undefined),
    ]);
    const { router } = renderApp('/?locale=en-US');
    fireEvent.change(await screen.findByLabelText(/Username, e-mail or document/), {
      target: { value: 'learner@demo.example' },
    });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settledAt(router, '/home');
    const put = calls.find((c) => c.url === '/api/session/language');
    expect(put?.init?.method).toBe('PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ languageCode: 'en-US' });
    expect(useCommonStore.getState()).toMatchObject({ languageCode: 'en-US', loginLanguage: null });
    await waitFor(() => expect(document.documentElement.lang).toBe('en-US'));
  });

  it('without a choice on the login screen, the account’s language is shown and nothing is saved', async () => {
    const account = session();
    const { calls } = loginApi({ ...account, user: { ...account.user, languageCode: 'es' } });
    useCommonStore.setState({ languageCode: 'fr', loginLanguage: null });
    const { router } = renderApp('/');
    fireEvent.change(await screen.findByLabelText(/Identifiant, e-mail ou document/), {
      target: { value: 'learner@demo.example' },
    });
    fireEvent.change(screen.getByLabelText(/^Mot de passe/), { target: { value: 'Demo@1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await settledAt(router, '/home');
    expect(calls.find((c) => c.url === '/api/session/language')).toBeUndefined();
    expect(useCommonStore.getState().languageCode).toBe('es');
  });

  it('changes the language with ?locale=', async () => {
    mockApi();
    renderApp('/?locale=en-US');
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-US');
    expect(useCommonStore.getState().languageCode).toBe('en-US');
  });
});
