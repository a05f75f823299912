import { useQuery } from '@tanstack/react-query';
import { apiRequest, lazyContract } from '../../../lib/api-client';

// Home is a first screen: its contract (and zod) load beside the call instead of in the home chunk.
const continueContract = lazyContract(() =>
  import('@trilha/contracts/learning/catalog').then((m) => m.continueCourse),
);

/** The unfinished course the learner worked on last, and where "continue" goes. */
export function useContinueCourse() {
  return useQuery({
    queryKey: ['learning', 'continue'],
    queryFn: ({ signal }) => apiRequest('/api/learning/continue', { schema: continueContract, signal }),
    // Asked again each time home opens: the learner comes back from the player with progress made.
    staleTime: 0,
  });
}
