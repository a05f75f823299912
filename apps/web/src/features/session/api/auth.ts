import { useMutation } from '@tanstack/react-query';
import type { SessionResponse } from '@trilha/contracts/session';
import { ApiError, apiRequest, requestToken } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import {
  clearSession,
  selectedClientOf,
  setSession,
  setTokens,
  useCommonStore,
} from '../../../lib/session-store';
import { fetchSession, saveLanguage, selectClient } from './session';

export interface Credentials {
  username: string;
  password: string;
}

/**
 * Password login: tokens, then the session; a user without a selected client starts in their first one.
 * A language chosen on the login screen wins and is saved to the account; otherwise the account's
 * language becomes the language shown.
 */
export async function login({ username, password }: Credentials): Promise<SessionResponse> {
  const tokens = await requestToken({ grant_type: 'password', username, password });
  setTokens(tokens);
  try {
    let session = await fetchSession();
    const first = session.clients[0];
    if (!selectedClientOf(session) && first) session = await selectClient(first.id);
    if (!selectedClientOf(session)) throw new ApiError(403, 'AUTH_NO_PROFILE', 'No client for this user');
    session = await withLoginLanguage(session);
    setSession(session, { adoptLanguage: true });
    useCommonStore.setState({ pendingToken: null, loginLanguage: null });
    return session;
  } catch (error) {
    clearSession();
    throw error;
  }
}

/** Saves the language chosen on the login screen to the account, when it differs from the account's. */
async function withLoginLanguage(session: SessionResponse): Promise<SessionResponse> {
  const chosen = useCommonStore.getState().loginLanguage;
  if (!chosen || chosen === session.user.languageCode) return session;
  try {
    return await saveLanguage(chosen);
  } catch {
    // Not saved this time: the screen still stays in the chosen language.
    return { ...session, user: { ...session.user, languageCode: chosen } };
  }
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}

/** Ends the session on the server (every token of its family) and on this device. */
export async function logout(): Promise<void> {
  const { accessToken } = useCommonStore.getState();
  if (accessToken) {
    // The server ends the session and clears the refresh cookie; the local session ends even when the
    // server cannot be reached.
    await apiRequest('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
  }
  clearSession();
  useCommonStore.setState({ webserviceToken: null, redirectPath: null, pendingToken: null });
  queryClient.clear();
}
