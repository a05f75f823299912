import { Alert, Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { AdminBadge } from '@trilha/contracts/rewards/badges';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/form-errors';
import { useGrantBadge, useRewardAccounts } from '../api/rewards-admin';

/** Gives a badge by hand to one user of the client, found by name or e-mail. */
export function GrantBadgeModal({
  badge,
  name,
  onClose,
}: {
  badge: AdminBadge | null;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('rewards-admin');
  const [search, setSearch] = useState('');
  const [userId, setUserId] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [userName, setUserName] = useState('');
  // Once someone is chosen the field shows their name: that text is not a new search.
  const [debounced] = useDebouncedValue(userId && search === label ? '' : search.trim(), 300);
  const users = useRewardAccounts(debounced, 1, 20);
  const [reason, setReason] = useState('');
  const grant = useGrantBadge();
  const options = (users.data?.items ?? []).map((u) => ({
    value: String(u.userId),
    label: u.email ? `${u.name} (${u.email})` : u.name,
  }));
  if (userId && !options.some((o) => o.value === userId)) options.unshift({ value: userId, label });

  const close = () => {
    setSearch('');
    setUserId(null);
    setReason('');
    grant.reset();
    onClose();
  };
  const submit = async () => {
    if (!badge || !userId) return;
    try {
      const result = await grant.mutateAsync({
        id: badge.id,
        body: { userId: Number(userId), reason: reason.trim() },
      });
      notifications.show({
        color: result.granted ? 'teal' : 'blue',
        message: result.granted
          ? t('grant.done', { badge: name, user: userName })
          : t('grant.already', { badge: name, user: userName }),
      });
      close();
    } catch {
      // The alert below tells why.
    }
  };

  return (
    <Modal opened={badge !== null} onClose={close} title={t('grant.title', { badge: name })} centered>
      <Stack gap="md">
        <Select
          label={t('grant.user')}
          placeholder={t('grant.userPlaceholder')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          value={userId}
          onChange={(v, option) => {
            setUserId(v);
            setLabel(option?.label ?? '');
            setUserName(users.data?.items.find((u) => String(u.userId) === v)?.name ?? option?.label ?? '');
          }}
          filter={({ options }) => options}
          nothingFoundMessage={debounced ? t('grant.noUser') : t('grant.typeToSearch')}
          required
          data-autofocus
        />
        <Textarea
          label={t('grant.reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          rows={3}
        />
        {grant.isError ? (
          <Alert color="red" role="alert">
            {apiErrorText(grant.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void submit()} disabled={!userId} loading={grant.isPending}>
            {t('grant.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
