import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { transfer, transferPage, type TransferBody } from '@trilha/contracts/transfers';
import { apiRequest } from '../../../lib/api-client';
import { rewardsSummaryKey } from '../../../lib/rewards-summary';

export const transferKeys = { mine: (page: number) => ['transfers', 'mine', page] as const };

/** My transfers to the partner program, newest first. */
export function useMyTransfers(page: number) {
  return useQuery({
    queryKey: transferKeys.mine(page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/transfers?page=${page}&pageSize=10`, { schema: transferPage, signal }),
  });
}

/**
 * Sends points with the Idempotency-Key the form made for this confirmation: a second tap, a retry or the
 * replay after a renewed session sends the same key, so the points move once.
 */
export function useSendTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TransferBody; key: string }) =>
      apiRequest('/api/transfers', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
        schema: transfer,
      }),
    // The points sent are held at once: my list and my available points both change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['transfers'] }),
        queryClient.invalidateQueries({ queryKey: rewardsSummaryKey }),
      ]),
  });
}
