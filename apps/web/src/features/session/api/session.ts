import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode, SessionResponse } from '@trilha/contracts/session';
import { apiRequest, lazyContract } from '../../../lib/api-client';
import { setSession } from '../../../lib/session-store';

/** Checked like every answer, with a schema loaded on first use: the session is read before the first screen. */
const sessionResponse = lazyContract(() =>
  import('@trilha/contracts/session').then((m) => m.sessionResponse),
);

export async function fetchSession(): Promise<SessionResponse> {
  const session = await apiRequest('/api/session', { schema: sessionResponse });
  setSession(session);
  return session;
}

export const sessionQuery = queryOptions({ queryKey: ['session'], queryFn: fetchSession, staleTime: 60_000 });

/** Keeps the stored session fresh while an authenticated screen is open (flags, clients, names). */
export function useSessionRefresh(enabled: boolean) {
  return useQuery({ ...sessionQuery, enabled });
}

export async function selectClient(clientId: number): Promise<SessionResponse> {
  const session = await apiRequest('/api/session/client', {
    method: 'PUT',
    body: { clientId },
    schema: sessionResponse,
  });
  setSession(session);
  return session;
}

export async function saveLanguage(languageCode: LanguageCode): Promise<SessionResponse> {
  const session = await apiRequest('/api/session/language', {
    method: 'PUT',
    body: { languageCode },
    schema: sessionResponse,
  });
  setSession(session, { adoptLanguage: true });
  return session;
}
