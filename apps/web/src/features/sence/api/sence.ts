import { useMutation, useQuery } from '@tanstack/react-query';
import { senceLatest, senceStart, type StartSenceBody } from '@trilha/contracts/sence';
import { apiRequest } from '../../../lib/api-client';

export const senceKeys = { latest: ['sence', 'latest'] as const };

/** Opens a SENCE entry: the authority's login form (address and fields) the browser then posts. */
export function useStartSence() {
  return useMutation({
    mutationFn: (body: StartSenceBody) =>
      apiRequest('/api/sence/sessions', { method: 'POST', body, schema: senceStart }),
  });
}

/** The caller's latest SENCE entry (what the authority answered, or still pending). */
export function useLatestSence() {
  return useQuery({
    queryKey: senceKeys.latest,
    queryFn: ({ signal }) => apiRequest('/api/sence/sessions/latest', { schema: senceLatest, signal }),
  });
}
