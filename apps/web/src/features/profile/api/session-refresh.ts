import { sessionResponse } from '@trilha/contracts/session';
import { apiRequest } from '../../../lib/api-client';
import { setSession } from '../../../lib/session-store';

/**
 * Re-reads the session after a profile change (name, avatar, language): the header and the language
 * follow at once. The account's language is adopted, since the profile is where it is chosen.
 */
export async function fetchSessionState(): Promise<void> {
  const session = await apiRequest('/api/session', { schema: sessionResponse });
  setSession(session, { adoptLanguage: true });
}
