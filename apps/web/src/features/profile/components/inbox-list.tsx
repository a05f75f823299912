import { Accordion, Alert, Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaginationBar } from '../../../components/pagination-bar';
import { formatDateTime } from '@trilha/domain/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useInbox, useMarkRead } from '../api/profile';
import { apiErrorText } from '../../../lib/form-errors';
import { SectionCard } from './section-card';

/** Internal messages; opening one marks it read. */
export function InboxList() {
  const { t } = useTranslation('profile');
  const [page, setPage] = useState(1);
  const inbox = useInbox(page);
  const markRead = useMarkRead();
  const data = inbox.data;
  const unread = data?.items.some((m) => !m.readAt) ?? false;

  return (
    <SectionCard title={t('inbox.title')} description={t('inbox.description')}>
      {inbox.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      ) : inbox.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            {apiErrorText(inbox.error)}
            <Button size="compact-sm" variant="white" onClick={() => void inbox.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      ) : data && data.total === 0 ? (
        <Stack align="center" py="xl" gap="xs">
          <IconMailOpened size={36} stroke={1.5} aria-hidden />
          <Text c="dimmed">{t('inbox.empty')}</Text>
        </Stack>
      ) : data ? (
        <Stack gap="sm">
          {unread ? (
            <Group justify="flex-end">
              <Button
                size="xs"
                variant="subtle"
                onClick={() => markRead.mutate('all')}
                loading={markRead.isPending && markRead.variables === 'all'}
              >
                {t('inbox.markAll')}
              </Button>
            </Group>
          ) : null}
          <Accordion
            variant="separated"
            onChange={(value) => {
              const message = data.items.find((m) => String(m.id) === value);
              if (message && !message.readAt) markRead.mutate(message.id);
            }}
          >
            {data.items.map((m) => (
              <Accordion.Item key={m.id} value={String(m.id)}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Text fw={m.readAt ? 400 : 700} lineClamp={1}>
                      {m.title}
                    </Text>
                    <Group gap="xs" wrap="nowrap">
                      {!m.readAt ? (
                        <Badge size="xs" variant="filled">
                          {t('inbox.new')}
                        </Badge>
                      ) : null}
                      <Text fz="xs" c="dimmed" visibleFrom="xs">
                        {formatDateTime(m.createdAt, currentLanguage())}
                      </Text>
                    </Group>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text fz="xs" c="dimmed" hiddenFrom="xs" mb={4}>
                    {formatDateTime(m.createdAt, currentLanguage())}
                  </Text>
                  <Text style={{ whiteSpace: 'pre-line' }}>{m.body}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          <PaginationBar page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
        </Stack>
      ) : null}
    </SectionCard>
  );
}
