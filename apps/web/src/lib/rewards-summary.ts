import { useQuery } from '@tanstack/react-query';
import { apiRequest, lazyContract } from './api-client';

// Home is a first screen: the contract (and zod) load beside the call instead of in the caller's chunk.
const summaryContract = lazyContract(() =>
  import('@trilha/contracts/rewards/ledger').then((m) => m.rewardsSummary),
);

/** The query key of my balances: a credit, a redemption or a transfer invalidates it. */
export const rewardsSummaryKey = ['rewards', 'summary'] as const;

/**
 * My balances in the selected client (points, held, available, XP), one query for every screen that
 * shows them: home's card, the profile's points tab, the store, the points transfer.
 */
export function useRewardsSummary() {
  return useQuery({
    queryKey: rewardsSummaryKey,
    queryFn: ({ signal }) => apiRequest('/api/rewards/summary', { schema: summaryContract, signal }),
  });
}
