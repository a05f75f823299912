import { Alert, Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { apiErrorText } from '../../../lib/form-errors';

/** Title, description and the area's sub-screens as tabs that change the address. */
export function AdminHeader({
  title,
  description,
  tabs,
}: {
  title: string;
  description?: string;
  tabs?: { to: string; label: string }[];
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" mt={4}>
            {description}
          </Text>
        ) : null}
      </div>
      {tabs ? (
        <Tabs value={pathname} onChange={(v) => v && void navigate(v)}>
          <Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.to} value={tab.to}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      ) : null}
    </Stack>
  );
}

/** Loading, error (with retry) and empty states around a list. */
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
  const { t } = useTranslation('accounts-admin');
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
            {t('retry')}
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
