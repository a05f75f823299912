import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LevelRequestStatus, MyLevel } from '@trilha/contracts/loyalty-levels';
import { apiRequest, lazyContract } from '../../../lib/api-client';
import { queryString as qs } from '../../../lib/query-string';

export const LEVEL_REQUESTS_PAGE_SIZE = 20;

// Home shows the level card: its contract (and zod) load beside the call, off home's chunk.
const myLevelContract = lazyContract<MyLevel>(() =>
  import('@trilha/contracts/loyalty-levels').then((m) => m.myLevel),
);
const requestPageContract = lazyContract(() =>
  import('@trilha/contracts/loyalty-levels').then((m) => m.levelRequestPage),
);
const requestContract = lazyContract(() =>
  import('@trilha/contracts/loyalty-levels').then((m) => m.levelRequest),
);

export const levelKeys = {
  mine: ['loyalty', 'my-level'] as const,
  requests: (status: LevelRequestStatus, page: number) =>
    ['loyalty-admin', 'level-requests', status, page] as const,
};

/** My level, my XP in my running campaign, the next level and what each level gives. */
export function useMyLevel(enabled = true) {
  return useQuery({
    queryKey: levelKeys.mine,
    queryFn: ({ signal }) => apiRequest('/api/loyalty/my-level', { schema: myLevelContract, signal }),
    enabled,
  });
}

/** The back office's queue of level-change requests by status, oldest first. */
export function useLevelRequests(status: LevelRequestStatus, page: number) {
  return useQuery({
    queryKey: levelKeys.requests(status, page),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/admin/loyalty/level-requests${qs({ status, page, pageSize: LEVEL_REQUESTS_PAGE_SIZE })}`,
        { schema: requestPageContract, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Approves (no reason) or rejects (with one) a request; the queue is read again either way. */
export function useDecideLevelRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) =>
      apiRequest(`/api/admin/loyalty/level-requests/${id}/${reason === undefined ? 'approve' : 'reject'}`, {
        method: 'POST',
        body: reason === undefined ? undefined : { reason },
        schema: requestContract,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['loyalty-admin', 'level-requests'] }),
  });
}
