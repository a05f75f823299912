import { queryOptions } from '@tanstack/react-query';
import type { PendingStep } from '@trilha/contracts/pending-steps';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiError, apiRequest, lazyContract } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useCommonStore } from '../../../lib/session-store';

/** Loaded on first use: this guard runs before any authenticated screen paints. */
const pendingStepsResponse = lazyContract(() =>
  import('@trilha/contracts/pending-steps').then((m) => m.pendingStepsResponse),
);

/** The steps of the signed-in user; keyed by the user, so another login never reads them. */
const pendingStepsQuery = (userKey: string) =>
  queryOptions({
    queryKey: ['accounts', 'me', 'pending-steps', userKey],
    queryFn: () => apiRequest('/api/accounts/me/pending-steps', { schema: pendingStepsResponse }),
    staleTime: 60_000,
  });

/**
 * The signed-in user's steps, read through the cache. Null without a session: the session guard sends the
 * user to login, there is nothing to ask the server.
 */
export async function fetchPendingSteps(): Promise<PendingStep[] | null> {
  const { accessToken, session } = useCommonStore.getState();
  if (!accessToken) return null;
  return (await queryClient.fetchQuery(pendingStepsQuery(String(session?.user.id ?? accessToken)))).steps;
}

/** Where each step of a signed-in user's unfinished account is done. */
export const stepPaths: Record<PendingStep, string> = {
  change_password: '/change-password',
  complete_register: '/complete-register',
  onboarding: '/onboarding',
};

/**
 * Authenticated screens: a user who must change the password, complete the registration or see the
 * onboarding goes there first (in that order). The step's own screen stays reachable.
 */
export async function pendingStepsGuard({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  let steps: PendingStep[] | null;
  try {
    steps = await fetchPendingSteps();
  } catch (error) {
    // The guard never blocks the app on its own failure; the session guard handles a 401.
    if (error instanceof ApiError) return null;
    throw error;
  }
  const first = steps?.[0];
  if (first && path !== stepPaths[first]) throw redirect(stepPaths[first]);
  return null;
}

/** After a step is done: forget the cached steps, so the guard reads them again. */
export function stepsChanged(): void {
  queryClient.removeQueries({ queryKey: ['accounts', 'me', 'pending-steps'] });
}
