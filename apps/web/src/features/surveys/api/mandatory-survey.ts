import { redirect, type LoaderFunctionArgs } from 'react-router';
import { useCommonStore } from '../../../lib/session-store';

/**
 * Authenticated screens: while the session names a mandatory survey the user has not answered, every
 * screen of the app takes them to it (spec section 2, `home/surveys/{survey_id}`); the survey screens stay
 * reachable. Kept this small: the router, and so the first screen, carries it.
 */
export function mandatorySurveyGuard({ request }: LoaderFunctionArgs) {
  const user = useCommonStore.getState().session?.user;
  const id = user?.mandatorySurveys ? user.mandatorySurveyId : null;
  if (!id || new URL(request.url).pathname.startsWith('/home/surveys/')) return null;
  throw redirect(`/home/surveys/${id}`);
}
