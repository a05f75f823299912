import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../../lib/form-errors';

/** A rewards tab whose read failed: what went wrong, in words, and a way to try again. */
export function RewardsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('rewards');
  return (
    <Alert
      color="red"
      role="alert"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={t('states.errorTitle')}
      // The light alert's title in its own shade is under 4.5:1 on the tinted background.
      styles={{ title: { color: 'color-mix(in srgb, var(--alert-color) 55%, black)' } }}
    >
      <Group justify="space-between" gap="sm">
        <Text fz="sm">{apiErrorText(error)}</Text>
        <Button size="compact-sm" variant="white" color="red" onClick={onRetry}>
          {t('states.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
