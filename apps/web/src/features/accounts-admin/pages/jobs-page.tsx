import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { formatDateTime } from '@trilha/domain/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableFrame } from '../../../components/table-frame';
import { apiErrorText } from '../../../lib/form-errors';
import { currentLanguage } from '../../../lib/i18n';
import { useJobs, useRetryJob } from '../api/platform';
import { AdminHeader } from '../components/admin-shell';
import { useSettingsTabs } from '../components/settings-tabs';

/** One of the screen's two tables, both read from the one jobs query; not paged, so no PagedList. */
function JobsSection({
  title,
  jobs,
  empty,
  emptyText,
  children,
}: {
  title: string;
  jobs: ReturnType<typeof useJobs>;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <>
      <Title order={2} fz="h3">
        {title}
      </Title>
      <TableFrame query={jobs} empty={empty} emptyText={emptyText}>
        {children}
      </TableFrame>
    </>
  );
}

/** /admin/settings/jobs (superusers): the job queue's queues, schedules and dead jobs to send again. */
export default function JobsPage() {
  const { t } = useTranslation('accounts-admin');
  const tabs = useSettingsTabs();
  const jobs = useJobs();
  const retry = useRetryJob();
  const name = (queue: string) => t(`jobs.names.${queue}`, { defaultValue: queue });
  const queues = jobs.data?.queues.filter((q) => !q.name.endsWith('.dead')) ?? [];
  const failures = jobs.data?.failures ?? [];

  const onRetry = async (queue: string, id: string) => {
    try {
      await retry.mutateAsync({ queue, id });
      notifications.show({ color: 'green', message: t('jobs.retried') });
    } catch (error) {
      notifications.show({ color: 'red', message: apiErrorText(error) });
    }
  };

  return (
    <Stack gap="lg">
      <AdminHeader title={t('settings.title')} description={t('jobs.description')} tabs={tabs} />
      <JobsSection
        title={t('jobs.queues')}
        jobs={jobs}
        empty={queues.length === 0}
        emptyText={t('jobs.noQueues')}
      >
        <Table verticalSpacing="sm" horizontalSpacing="md" miw={520} aria-label={t('jobs.queues')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('jobs.columns.queue')}</Table.Th>
              <Table.Th ta="right">{t('jobs.columns.queued')}</Table.Th>
              <Table.Th ta="right">{t('jobs.columns.active')}</Table.Th>
              <Table.Th ta="right">{t('jobs.columns.deferred')}</Table.Th>
              <Table.Th>{t('jobs.columns.schedule')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {queues.map((q) => (
              <Table.Tr key={q.name}>
                <Table.Td>
                  <Text fz="sm" fw={600}>
                    {name(q.name)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{q.queued}</Table.Td>
                <Table.Td ta="right">{q.active}</Table.Td>
                <Table.Td ta="right">{q.deferred}</Table.Td>
                <Table.Td>
                  {q.cron ? (
                    <Badge variant="light" ff="monospace">
                      {q.cron}
                    </Badge>
                  ) : (
                    <Text fz="sm" c="dimmed">
                      {t('jobs.notScheduled')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </JobsSection>
      <JobsSection
        title={t('jobs.failures')}
        jobs={jobs}
        empty={failures.length === 0}
        emptyText={t('jobs.noFailures')}
      >
        <Table verticalSpacing="sm" horizontalSpacing="md" miw={560} aria-label={t('jobs.failures')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('jobs.columns.queue')}</Table.Th>
              <Table.Th>{t('jobs.columns.failedAt')}</Table.Th>
              <Table.Th ta="right">{t('jobs.columns.tries')}</Table.Th>
              <Table.Th>{t('jobs.columns.error')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {failures.map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td>
                  <Text fz="sm" fw={600}>
                    {name(f.queue)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{formatDateTime(f.createdOn, currentLanguage())}</Text>
                </Table.Td>
                <Table.Td ta="right">{f.retryCount}</Table.Td>
                <Table.Td>
                  <Text fz="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                    {f.error ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconRefresh size={14} aria-hidden />}
                    loading={retry.isPending && retry.variables?.id === f.id}
                    onClick={() => void onRetry(f.queue, f.id)}
                  >
                    {t('jobs.retry')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </JobsSection>
    </Stack>
  );
}
