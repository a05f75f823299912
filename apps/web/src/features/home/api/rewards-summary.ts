import { useQuery } from '@tanstack/react-query';
import { apiRequest, lazyContract } from '../../../lib/api-client';

// Home is a first screen: its contract (and zod) load beside the call instead of in the home chunk.
const summaryContract = lazyContract(() =>
  import('@trilha/contracts/rewards/ledger').then((m) => m.rewardsSummary),
);

/** The learner's balances; the same key as the profile's points tab, so either fills the other. */
export function useHomeRewardsSummary() {
  return useQuery({
    queryKey: ['rewards', 'summary'],
    queryFn: ({ signal }) => apiRequest('/api/rewards/summary', { schema: summaryContract, signal }),
  });
}
