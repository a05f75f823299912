import { useMutation, type Query } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiErrorText } from '../../../lib/form-errors';
import { showNotification } from '../../../lib/notify';
import { queryClient } from '../../../lib/query-client';
import { selectedClientOf } from '../../../lib/session-store';
import { selectClient } from './session';

/** Switches the selected client; everything cached for the previous one is dropped, then home. */
export function useSelectClientMutation() {
  const navigate = useNavigate();
  const { t } = useTranslation(['nav']);
  return useMutation({
    mutationFn: selectClient,
    onSuccess: (session) => {
      // Inactive queries are dropped; the ones on screen (the header's bell …) are reset, which refetches
      // them for the new client now rather than leaving the previous client's answer until their next poll.
      const ofPreviousClient = (query: Query) =>
        query.queryKey[0] !== 'session' && query.queryKey[0] !== 'site';
      queryClient.removeQueries({ predicate: ofPreviousClient, type: 'inactive' });
      void queryClient.resetQueries({ predicate: ofPreviousClient, type: 'active' });
      const client = selectedClientOf(session);
      if (client) void navigate(client.homeRoute);
    },
    onError: (error) => {
      showNotification({
        color: 'red',
        title: t('switchCompanyFailed'),
        message: apiErrorText(error),
      });
    },
  });
}
