import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RealtimeServerMessage } from '@trilha/contracts/notifications';
import { useCallback } from 'react';
import { apiRequest, lazyContract } from '../../../lib/api-client';
import { useRealtime } from '../../../lib/realtime';
import { useCommonStore } from '../../../lib/session-store';

/** Loaded on first use: the bell is part of every authenticated screen. */
const unreadCountResponse = lazyContract(() =>
  import('@trilha/contracts/inbox').then((m) => m.unreadCountResponse),
);

/**
 * Unread internal messages of the selected client; read by the header bell on every screen, so this module
 * stays small. The count belongs to a client, so the client is part of the key: after a switch the bell
 * asks the new client's count at once instead of showing the previous one until the next poll.
 * A message pushed over the realtime channel reloads the inbox at once; polling is only the fallback
 * while that channel is closed (a proxy that drops WebSockets).
 */
export function useUnreadCount(enabled = true) {
  const clientId = useCommonStore((state) => state.session?.selectedClientId ?? null);
  const queryClient = useQueryClient();
  const live = useRealtime(
    useCallback(
      (message: RealtimeServerMessage) => {
        if (message.type === 'inbox') void queryClient.invalidateQueries({ queryKey: ['profile', 'inbox'] });
      },
      [queryClient],
    ),
  );
  return useQuery({
    queryKey: ['profile', 'inbox', 'unread', clientId],
    queryFn: () => apiRequest('/api/profile/inbox/unread-count', { schema: unreadCountResponse }),
    enabled: enabled && clientId !== null,
    refetchInterval: live ? false : 60_000,
    staleTime: 30_000,
  });
}
