import { Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import { useSelectClientMutation } from '../api/client';

/** The user's companies (every one for a superuser) as a labelled field; only shown with more than one. */
export function ClientSwitcher() {
  const { t } = useTranslation('nav');
  const session = useSession();
  const mutation = useSelectClientMutation();
  if (!session || session.clients.length < 2) return null;
  return (
    <Select
      label={t('company')}
      data={session.clients.map((client) => ({ value: String(client.id), label: client.name }))}
      value={session.selectedClientId === null ? null : String(session.selectedClientId)}
      allowDeselect={false}
      // A superuser may work in any client: a long list is searched rather than scrolled.
      searchable={session.clients.length > 7}
      disabled={mutation.isPending}
      leftSection={<IconBuildingStore size={18} aria-hidden />}
      onChange={(value) => {
        if (value && Number(value) !== session.selectedClientId) mutation.mutate(Number(value));
      }}
    />
  );
}
