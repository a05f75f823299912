import { useQuery } from '@tanstack/react-query';
import { publicCertificate } from '@trilha/contracts/rewards/certificates';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/public/certificates/:code, asked with no session: the page is the same for anyone holding the code. */
export function usePublicCertificate(code: string) {
  return useQuery({
    queryKey: ['rewards', 'public-certificate', code],
    queryFn: ({ signal }) =>
      apiRequest(`/api/public/certificates/${encodeURIComponent(code)}`, {
        auth: 'none',
        schema: publicCertificate,
        signal,
      }),
    // An unknown code is an answer, not a failure to retry.
    retry: (count, error) =>
      count < 2 && !('status' in error && (error as { status: number }).status === 404),
  });
}
