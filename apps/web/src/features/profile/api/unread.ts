import { useQuery } from '@tanstack/react-query';
import { unreadCountResponse } from '@trilha/contracts/inbox';
import { apiRequest } from '../../../lib/api-client';

/** Unread internal messages; read by the header bell on every screen, so this module stays small. */
export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: ['profile', 'inbox', 'unread'],
    queryFn: () => apiRequest('/api/profile/inbox/unread-count', { schema: unreadCountResponse }),
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}
