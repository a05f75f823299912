import type { SessionClient } from '@trilha/contracts/session';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { fetchPendingSteps } from '../features/accounts/api/pending-steps';
import { loginConfigQuery } from '../features/session/api/login-config';
import { fetchSession, selectClient } from '../features/session/api/session';
import { ApiError } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { isLanguage } from '@trilha/i18n/languages';
import {
  clearSession,
  hasSession,
  rememberRedirect,
  selectedClientOf,
  setLanguageCode,
  useCommonStore,
} from '../lib/session-store';

/**
 * Navigation guards of spec section 2. Each is a route loader: it runs before the screen renders and
 * answers with a redirect or lets the navigation through.
 */

export const LOGIN_PATH = '/';
export const PORTFOLIO_PATH = '/portfolio';
/** Where a logged-in user without a home route lands. */
export const COURSES_PATH = '/online-courses';
/** The portfolio's own sign-in link carries this, so that login does not send the user back there. */
export const SIGN_IN_PARAM = 'signin';

function currentClient(): SessionClient | null {
  const state = useCommonStore.getState();
  return hasSession(state) ? selectedClientOf(state.session) : null;
}

/** Path and query of a URL without one query parameter (the `token` the guards take out). */
export function pathWithout(url: URL, param: string): string {
  const search = new URLSearchParams(url.search);
  search.delete(param);
  const query = search.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/** Flags that do not follow the has_{module} / has_{module}s pattern. */
const moduleFlags: Record<string, string> = {
  library: 'has_library',
  libraries: 'has_library',
  news: 'has_news',
  webcasts: 'has_webcasts',
  webinars: 'has_webcasts',
  profile: 'has_profile',
};

/** Modules whose screens live under another path. */
const modulePaths: Record<string, { list: string; item: string }> = {
  library: { list: '/library', item: '/libraries' },
  webcasts: { list: '/webinars', item: '/webinars' },
  courses: { list: '/online-courses', item: '/online-courses' },
  course: { list: '/online-courses', item: '/online-courses' },
};

/**
 * webservice-login with `?module=X&id=Y`: the module's screen (with the id) when the client has the
 * matching flag, otherwise the client's home route.
 */
export function moduleTarget(client: SessionClient, module: string | null, id: string | null): string {
  const name = (module ?? '').trim().toLowerCase();
  if (!/^[a-z][a-z_-]*$/.test(name)) return client.homeRoute;
  const snake = name.replace(/-/g, '_');
  const flags = [moduleFlags[name], `has_${snake}`, `has_${snake}s`].filter(Boolean) as string[];
  if (!flags.some((flag) => client.flags[flag] === true)) return client.homeRoute;
  const paths = modulePaths[name] ?? {
    list: `/${snake.replace(/_/g, '-')}`,
    item: `/${snake.replace(/_/g, '-')}`,
  };
  const cleanId = id?.trim();
  return cleanId ? `${paths.item}/${encodeURIComponent(cleanId)}` : paths.list;
}

/** Every route: `?locale=pt-BR|en-US|es|fr` changes the language. */
export function rootLoader({ request }: LoaderFunctionArgs) {
  const locale = new URL(request.url).searchParams.get('locale');
  if (isLanguage(locale) && useCommonStore.getState().languageCode !== locale) setLanguageCode(locale);
  return null;
}

/** Public pages: a logged-in user with a selected client goes to that client's home route. */
export function publicGuard({ request }: LoaderFunctionArgs) {
  const client = currentClient();
  if (!client) return null;
  const url = new URL(request.url);
  if (url.pathname.startsWith('/webservice-login') && url.searchParams.has('module')) {
    throw redirect(moduleTarget(client, url.searchParams.get('module'), url.searchParams.get('id')));
  }
  throw redirect(client.homeRoute);
}

async function siteConfig() {
  try {
    return await queryClient.ensureQueryData(loginConfigQuery);
  } catch {
    // The login screen shows its own error for a missing configuration; the guard does not block on it.
    return null;
  }
}

/**
 * The login screen: with the portfolio page enabled, the `redirect` query is saved and the visitor goes to
 * the portfolio (its sign-in link comes back with `?signin`); in maintenance, the maintenance screen.
 */
export async function loginGuard({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectQuery = url.searchParams.get('redirect');
  const config = await siteConfig();
  if (config?.maintenance) throw redirect('/maintenance-login');
  if (redirectQuery) rememberRedirect(redirectQuery);
  if (config?.portfolio && !url.searchParams.has(SIGN_IN_PARAM)) throw redirect(PORTFOLIO_PATH);
  return null;
}

/** Portfolio pages: a logged-in user goes to the client's home route, or to the courses. */
export function portfolioGuard({ request }: LoaderFunctionArgs) {
  const state = useCommonStore.getState();
  if (!hasSession(state)) return null;
  const client = selectedClientOf(state.session);
  const slugId = /-id-([^/]+)$/.exec(new URL(request.url).pathname)?.[1];
  if (slugId) throw redirect(`${COURSES_PATH}/${encodeURIComponent(slugId)}`);
  throw redirect(client?.homeRoute ?? COURSES_PATH);
}

/**
 * Authenticated pages. Without a session: clear it, remember the token query and the target path, go to
 * login. With a session and a `token` query: the same (the link belongs to someone who must sign in
 * again). A session without a selected client gets the user's first client.
 */
export async function requireSession({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  const target = pathWithout(url, 'token');
  const state = useCommonStore.getState();

  if (token || !state.accessToken) {
    clearSession();
    rememberRedirect(target, token);
    throw redirect(LOGIN_PATH);
  }

  try {
    let session = state.session ?? (await fetchSession());
    const first = session.clients[0];
    if (!selectedClientOf(session) && first) session = await selectClient(first.id);
    if (!selectedClientOf(session)) {
      clearSession();
      throw redirect(LOGIN_PATH);
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearSession();
      rememberRedirect(target);
      throw redirect(LOGIN_PATH);
    }
    throw error;
  }
  return null;
}

/**
 * Unknown paths: a signed-in user (whose session loads and has a client) gets the not-found screen inside
 * the app shell, with the navigation to go on from; anyone else gets it in the public frame. Never a
 * redirect to login: an unknown path is not a reason to sign in.
 */
export async function notFoundLoader(): Promise<{ signedIn: boolean }> {
  const state = useCommonStore.getState();
  if (!state.accessToken) return { signedIn: false };
  try {
    const session = state.session ?? (await fetchSession());
    return { signedIn: selectedClientOf(session) !== null };
  } catch {
    return { signedIn: false };
  }
}

/**
 * `complete-register` is a step, not a page to browse: an account that lacks nothing (the server's
 * pending steps do not name it) goes on to its client's home route instead of a form with no fields.
 */
export async function completeRegisterGuard() {
  let steps: string[] | null;
  try {
    steps = await fetchPendingSteps();
  } catch {
    // On failure the screen loads and shows its own error.
    return null;
  }
  if (!steps || steps.includes('complete_register')) return null;
  throw redirect(currentClient()?.homeRoute ?? COURSES_PATH);
}

/** The back office: only for users whose session allows it; everyone else gets the forbidden screen. */
export function requireBackOffice() {
  const { session } = useCommonStore.getState();
  if (session && !session.canAccessBackOffice) {
    throw new Response(null, { status: 403, statusText: 'Forbidden' });
  }
  return null;
}

/** Old paths that moved: `courses` → `online-courses` and so on, keeping the id and the query. */
export function redirectTo(to: (params: Record<string, string | undefined>) => string) {
  return ({ request, params }: LoaderFunctionArgs) => {
    const { search } = new URL(request.url);
    throw redirect(`${to(params)}${search}`);
  };
}
