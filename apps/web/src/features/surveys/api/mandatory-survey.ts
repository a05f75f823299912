import { redirect, type LoaderFunctionArgs } from 'react-router';
import { apiRequest, lazyContract } from '../../../lib/api-client';
import { setSession, useCommonStore } from '../../../lib/session-store';

/** Loaded on first use: the guard runs before any authenticated screen paints. */
const sessionResponse = lazyContract(() =>
  import('@trilha/contracts/session').then((m) => m.sessionResponse),
);

/** Where a survey is answered. */
export const surveyPath = (id: number) => `/home/surveys/${id}`;

/** Reads the session again (after an answer the server no longer names a mandatory survey). */
export async function refreshSession(): Promise<void> {
  setSession(await apiRequest('/api/session', { schema: sessionResponse }));
}

/**
 * Authenticated screens: while the session names a mandatory survey the user has not answered, every
 * screen of the app takes them to it (spec section 2, `home/surveys/{survey_id}`); the survey's own screen
 * stays reachable, and other surveys too.
 */
export function mandatorySurveyGuard({ request }: LoaderFunctionArgs) {
  const { session } = useCommonStore.getState();
  const id = session?.user.mandatorySurveys ? session.user.mandatorySurveyId : null;
  if (id === null || id === undefined) return null;
  const path = new URL(request.url).pathname;
  if (path.startsWith('/home/surveys/')) return null;
  throw redirect(surveyPath(id));
}
