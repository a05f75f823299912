import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  notificationPreferences,
  type NotificationPreferences,
} from '@trilha/contracts/notification-preferences';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

const url = '/api/profile/notification-preferences';

export const notificationPreferencesQuery = queryOptions({
  queryKey: ['profile', 'notification-preferences'],
  queryFn: () => apiRequest(url, { schema: notificationPreferences }),
});

/** The signed-in user's choices of which notifications also come by e-mail, in the selected client. */
export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQuery);
}

/** Saves every choice at once; the answer is what the server kept. */
export function useSaveNotificationPreferences() {
  return useMutation({
    mutationFn: (body: NotificationPreferences) =>
      apiRequest(url, { method: 'PUT', body, schema: notificationPreferences }),
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQuery.queryKey, saved),
  });
}
