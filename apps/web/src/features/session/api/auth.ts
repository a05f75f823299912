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
import { fetchSession, selectClient } from './session';

export interface Credentials {
  username: string;
  password: string;
}

/**
 * Password login: tokens, then the session; a user without a selected client starts in their first one.
 * The account's language becomes the language shown.
 */
export async function login({ username, password }: Credentials): Promise<SessionResponse> {
  const tokens = await requestToken({ grant_type: 'password', username, password });
  setTokens(tokens);
  try {
    let session = await fetchSession();
    const first = session.clients[0];
    if (!selectedClientOf(session) && first) session = await selectClient(first.id);
    if (!selectedClientOf(session)) throw new ApiError(403, 'AUTH_NO_PROFILE', 'No client for this user');
    setSession(session, { adoptLanguage: true });
    useCommonStore.setState({ pendingToken: null });
    return session;
  } catch (error) {
    clearSession();
    throw error;
  }
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}

/** Ends the session on the server (every token of its family) and on this device. */
export async function logout(): Promise<void> {
  const { refreshToken, accessToken } = useCommonStore.getState();
  if (accessToken) {
    // The local session ends even when the server cannot be reached.
    await apiRequest('/api/auth/logout', {
      method: 'POST',
      body: { refreshToken: refreshToken ?? undefined },
    }).catch(() => undefined);
  }
  clearSession();
  useCommonStore.setState({ webserviceToken: null, redirectPath: null, pendingToken: null });
  queryClient.clear();
}
