import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { client, session } from '../test/fixtures';
import { mockApi, renderApp, settledAt } from '../test/render-app';
import { useCommonStore } from '../lib/session-store';
import { routes } from './router';

function signedIn() {
  useCommonStore.setState({
    accessToken: 'a',
    sessionType: 'password',
    session: session(),
  });
}

function allPaths(list = routes, prefix = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
    return [...(route.path ? [path] : []), ...allPaths(route.children ?? [], path)];
  });
}

describe('routes', () => {
  it('declares every screen of the spec', () => {
    const paths = new Set(allPaths());
    const spec = [
      '/maintenance-login',
      '/login-redirect-v2',
      '/webservice-login/:token',
      '/institutional/cookies_policy',
      '/set-password/:username/:uidb64/:token',
      '/recover-password/:username/:uidb64/:token',
      '/first_access',
      '/register-pop-trade',
      '/tigre-juntos-somos-mais',
      '/portfolio-course/:slug',
      '/about-team',
      '/home/surveys/:survey_id',
      '/trails/:id_trail/presential-catalogs/:id_catalog/presential-courses/:id',
      '/trails/:id_trail/webinars/:id',
      '/trails/:id_trail/live-classes/:id',
      '/podcasts/search/:name',
      '/libraries/:id',
      '/reward-store/details/:id',
      '/about-the-team',
      '/hotsite',
      '/courses/:id/activities/:hierarchy_order',
      '/trails/:id_trail/course/:id/activities/:hierarchy_order',
      '/presential-courses/:id/event/presential-class/:event_id/activities/:hierarchy_order',
      '/trails/:id_trail/presential-catalogs/:id_catalog/presential-courses/:id/event/live-class/:event_id/activities/:hierarchy_order',
      '/presential-courses/:id/reactions/:hierarchy_order',
      '/trails/:id_trail/webinars-lounge/:id',
      '/onboarding',
      '/complete-register',
      '/admin',
      '/*',
    ];
    expect(spec.filter((p) => !paths.has(p))).toEqual([]);
  });

  it.each([
    ['/courses', '/online-courses', ''],
    ['/courses/17?tab=about', '/online-courses/17', '?tab=about'],
    ['/presential', '/presential-courses', ''],
    ['/presential/8', '/presential-courses/8', ''],
    ['/webcasts', '/webinars', ''],
    ['/webcasts/21', '/webinars/21', ''],
  ])('%s redirects to %s keeping the id and query', async (from, to, search) => {
    mockApi();
    signedIn();
    const { router } = renderApp(from);
    await settledAt(router, to);
    expect(router.state.location.search).toBe(search);
  });

  it('keeps the activity player under courses/ (no redirect)', async () => {
    mockApi();
    signedIn();
    const { router } = renderApp('/courses/4/activities/2');
    await settledAt(router, '/courses/4/activities/2');
    await waitFor(() => expect(document.title).toMatch(/^Atividade do curso · /));
  });

  it('shows a not-found screen for unknown paths, signed in or not', async () => {
    mockApi();
    const out = renderApp('/this/does/not/exist');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    out.unmount();
    signedIn();
    renderApp('/nope');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar ao início' }).getAttribute('href')).toBe('/home');
  });

  it('names each not-yet-available screen and says it is not available', async () => {
    mockApi();
    useCommonStore.setState({
      accessToken: 'a',
      sessionType: 'password',
      session: session({
        clients: [client({ modules: [{ key: 'news', path: '/news' }] })],
      }),
    });
    renderApp('/news/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notícia' })).toBeTruthy();
    expect(screen.getByText(/Esta tela ainda não está disponível/)).toBeTruthy();
    expect(document.title).toBe('Notícia · Acme Varejo');
  });
});
