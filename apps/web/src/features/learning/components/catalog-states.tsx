import { Alert, Button, Card, EmptyState, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { readableAlertTitle } from './lock-note';

export function CardGridSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useTranslation('learning');
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, lg: 3 }}
      spacing="lg"
      aria-busy="true"
      aria-label={t('states.loading')}
    >
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} padding="md" radius="md" shadow="xs">
          <Card.Section>
            <Skeleton h={160} radius={0} />
          </Card.Section>
          <Stack gap="xs" mt="md">
            <Skeleton h={14} w="40%" />
            <Skeleton h={20} w="85%" />
            <Skeleton h={12} />
            <Skeleton h={8} mt="md" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('learning');
  const code = error instanceof ApiError ? error.code : 'INTERNAL';
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={t('states.errorTitle')}
      styles={readableAlertTitle}
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        {code === 'NOT_FOUND' || code === 'FORBIDDEN' ? errorText(code) : t('states.error')}
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('states.retry')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

export function EmptyList({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Card padding="xl" radius="md" shadow="xs">
      <EmptyState variant="light" icon={<IconMoodEmpty size={32} aria-hidden />}>
        <EmptyState.Title order={2}>{title}</EmptyState.Title>
        <EmptyState.Description>{description}</EmptyState.Description>
        {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
      </EmptyState>
    </Card>
  );
}
