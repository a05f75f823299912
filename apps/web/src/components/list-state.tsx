import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../lib/form-errors';

/** Loading, error (with retry) and empty states around a list; the list itself once it has rows. */
export function ListState({
  pending,
  error,
  empty,
  emptyText,
  onRetry,
  children,
}: {
  pending: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  if (pending)
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  if (error)
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text>{apiErrorText(error)}</Text>
          <Button size="compact-sm" variant="white" onClick={onRetry}>
            {t('actions.tryAgain')}
          </Button>
        </Group>
      </Alert>
    );
  if (empty)
    return (
      <Stack align="center" py="xl" gap="xs">
        <IconInbox size={36} stroke={1.4} aria-hidden />
        <Text c="dimmed">{emptyText}</Text>
      </Stack>
    );
  return <>{children}</>;
}
