import { useMutation, useQuery } from '@tanstack/react-query';
import {
  institutionalPage,
  supportTicketCreated,
  type InstitutionalSlug,
  type SupportTicketBody,
} from '@trilha/contracts/institutional';
import { apiRequest } from '../../../lib/api-client';
import { hasSession } from '../../../lib/session-store';

/** A public page (the site's text) or, signed in, the selected client's page. */
export function useInstitutionalPage(slug: InstitutionalSlug, scope: 'public' | 'client', lang: string) {
  return useQuery({
    queryKey: ['institutional', scope, slug, lang],
    queryFn: () =>
      apiRequest(
        `/api/institutional/${scope === 'client' ? 'client-pages' : 'pages'}/${slug}?lang=${encodeURIComponent(lang)}`,
        { schema: institutionalPage, auth: scope === 'client' ? 'session' : 'none' },
      ),
    staleTime: 5 * 60_000,
  });
}

export function useSendTicket() {
  return useMutation({
    mutationFn: (body: SupportTicketBody) =>
      apiRequest('/api/institutional/support-tickets', {
        method: 'POST',
        body,
        schema: supportTicketCreated,
        auth: hasSession() ? 'session' : 'none',
      }),
  });
}
