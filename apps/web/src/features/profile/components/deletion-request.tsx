import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { namesMatch, type ProfileResponse } from '@trilha/contracts/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearSession } from '../../../lib/session-store';
import { queryClient } from '../../../lib/query-client';
import { useRequestDeletion } from '../api/profile';
import { apiErrorText } from '../../../lib/form-errors';
import { SectionCard } from './section-card';

/** Asking for the account's deletion, confirmed by typing one's name; the session ends right after. */
export function DeletionRequest({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation('profile');
  const [opened, { open, close }] = useDisclosure(false);
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const request = useRequestDeletion();
  const navigate = useNavigate();
  const fullName = `${profile.personal.firstName} ${profile.personal.lastName}`.trim();
  const matches = namesMatch(name, fullName);

  const confirm = async () => {
    const done = await request
      .mutateAsync({ name, reason })
      .then(() => true)
      .catch(() => false);
    if (!done) return;
    clearSession();
    queryClient.clear();
    await navigate('/', { replace: true, state: { accountDeletionRequested: true } });
  };

  return (
    <SectionCard title={t('deletion.title')} description={t('deletion.description')}>
      {profile.deletionRequested ? (
        <Alert color="yellow">{t('deletion.pending')}</Alert>
      ) : (
        <Group>
          <Button color="red" variant="light" onClick={open}>
            {t('deletion.open')}
          </Button>
        </Group>
      )}
      <Modal opened={opened} onClose={close} title={t('deletion.confirmTitle')} centered>
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />}>
            {t('deletion.warning')}
          </Alert>
          <Text fz="sm">{t('deletion.typeName', { name: fullName })}</Text>
          <TextInput
            label={t('deletion.nameLabel')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
            error={request.isError ? apiErrorText(request.error) : undefined}
          />
          <Textarea
            label={t('deletion.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={256}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              disabled={!matches}
              loading={request.isPending}
              onClick={() => void confirm()}
            >
              {t('deletion.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
