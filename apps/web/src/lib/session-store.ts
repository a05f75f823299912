import type { TokenResponse } from '@trilha/contracts/auth';
import type { LanguageCode, SessionClient, SessionResponse } from '@trilha/contracts/session';
import { createAreaStore } from './persist';

/**
 * The `common` area: the access token, the user's session and what the guards remember across a login.
 * The refresh token is not here: the server keeps it in an HttpOnly cookie that no script can read.
 */
export interface CommonState {
  accessToken: string | null;
  /** Token for the platform's realtime channel (`user_firebase_token`). */
  realtimeToken: string | null;
  sessionType: TokenResponse['session_type'] | null;
  session: SessionResponse | null;
  /** The language the user chose (or their account's language after login); null until they choose. */
  languageCode: LanguageCode | null;
  /**
   * A language chosen while signed out (the login screen's switch or `?locale=`): it wins at the next
   * sign-in and is saved to the account then. Null when nobody chose one since the last sign-in.
   */
  loginLanguage: LanguageCode | null;
  /** Where to go after the next login; used once. */
  redirectPath: string | null;
  /** A `token` query remembered by the guards or a deep link, kept for the login that follows. */
  pendingToken: string | null;
  /** The token of a webservice (partner system) login. */
  webserviceToken: string | null;
}

const initialCommon: CommonState = {
  accessToken: null,
  realtimeToken: null,
  sessionType: null,
  session: null,
  languageCode: null,
  loginLanguage: null,
  redirectPath: null,
  pendingToken: null,
  webserviceToken: null,
};

// Versions before the refresh cookie kept `refreshToken` here; a saved copy of it is dropped on load.
export const useCommonStore = createAreaStore<CommonState>('common', initialCommon, ['refreshToken']);

export function setTokens(tokens: TokenResponse): void {
  useCommonStore.setState({
    accessToken: tokens.access_token,
    realtimeToken: tokens.user_firebase_token,
    sessionType: tokens.session_type,
  });
}

/**
 * Stores the session. `adoptLanguage` makes the account's language the one shown (after login and after
 * the user changes it); a background refresh leaves the language alone.
 */
export function setSession(session: SessionResponse, options: { adoptLanguage?: boolean } = {}): void {
  useCommonStore.setState(
    options.adoptLanguage ? { session, languageCode: session.user.languageCode } : { session },
  );
}

/** Logs out locally: tokens and session go; the language and what the guards remembered stay. */
export function clearSession(): void {
  useCommonStore.setState({
    accessToken: null,
    realtimeToken: null,
    sessionType: null,
    session: null,
  });
}

export function clearWebserviceToken(): void {
  useCommonStore.setState({ webserviceToken: null });
}

/** Only same-site absolute paths are followed after login: no protocol-relative or external URLs. */
export function isSafePath(path: string | null | undefined): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

export function rememberRedirect(path: string | null, token?: string | null): void {
  useCommonStore.setState({
    redirectPath: isSafePath(path) ? path : null,
    ...(token ? { pendingToken: token } : {}),
  });
}

/** The stored redirect path, removed as it is read: it is used once. */
export function consumeRedirect(): string | null {
  const path = useCommonStore.getState().redirectPath;
  if (path !== null) useCommonStore.setState({ redirectPath: null });
  return isSafePath(path) ? path : null;
}

/** Shows a language; chosen while signed out, it is also kept for the next sign-in. */
export function setLanguageCode(languageCode: LanguageCode): void {
  useCommonStore.setState(hasSession() ? { languageCode } : { languageCode, loginLanguage: languageCode });
}

export function hasSession(state: CommonState = useCommonStore.getState()): boolean {
  return Boolean(state.accessToken && state.session);
}

export function selectedClientOf(session: SessionResponse | null): SessionClient | null {
  if (!session || session.selectedClientId === null) return null;
  return session.clients.find((client) => client.id === session.selectedClientId) ?? null;
}

export function useSession(): SessionResponse | null {
  return useCommonStore((state) => state.session);
}

export function useSelectedClient(): SessionClient | null {
  return useCommonStore((state) => selectedClientOf(state.session));
}
