import { Alert, Button, Group, Progress, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/i18n';
import { downloadReportCsv, useCourseReport } from '../api/admin';
import { PagedList } from '../../../components/paged-list';
import { WrapBadge } from '../../../components/wrap-badge';

const statusColor: Record<string, string> = {
  not_started: 'gray',
  in_progress: 'blue',
  finished: 'teal',
  approved: 'teal',
  reproved: 'red',
  blocked: 'orange',
  restarted: 'yellow',
  improved: 'teal',
};

/** Progress of every enrolled learner, with the CSV export. */
export function ReportPanel({ courseId, title }: { courseId: number; title: string }) {
  const { t } = useTranslation('learning-admin');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [csv, setCsv] = useState<'idle' | 'busy' | 'failed'>('idle');
  const report = useCourseReport(courseId, debounced, page);
  const exportCsv = async () => {
    setCsv('busy');
    try {
      const slug = title
        .normalize('NFD')
        .replace(/[^\w]+/g, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase();
      await downloadReportCsv(courseId, `${slug || 'curso'}-progresso.csv`);
      setCsv('idle');
    } catch {
      setCsv('failed');
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <TextInput
          aria-label={t('report.search')}
          placeholder={t('report.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          type="search"
        />
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={csv === 'busy'}
          onClick={() => void exportCsv()}
          data-testid="export-csv"
        >
          {t('report.export')}
        </Button>
      </Group>
      {csv === 'failed' ? (
        <Alert color="red" role="alert">
          {t('report.exportFailed')}
        </Alert>
      ) : null}
      <PagedList
        query={report}
        page={page}
        onPage={setPage}
        emptyText={t('report.empty')}
        scrollLabel={t('tabs.report')}
      >
        {(data) => (
          <Table miw={720} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('report.learner')}</Table.Th>
                <Table.Th>{t('report.status')}</Table.Th>
                <Table.Th>{t('report.progress')}</Table.Th>
                <Table.Th>{t('report.started')}</Table.Th>
                <Table.Th>{t('report.finished')}</Table.Th>
                <Table.Th>{t('report.lastActivity')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((row) => (
                <Table.Tr key={row.userId}>
                  <Table.Td>
                    <Text fz="sm" fw={500}>
                      {row.fullName}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {row.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <WrapBadge variant="light" color={statusColor[row.status]}>
                      {t(`status.${row.status}`)}
                    </WrapBadge>
                  </Table.Td>
                  <Table.Td miw={160}>
                    <Group gap="xs" wrap="nowrap">
                      <Progress
                        value={row.percent}
                        style={{ flex: 1 }}
                        aria-label={`${row.fullName}: ${row.percent}%`}
                      />
                      <Text fz="xs">
                        {row.completedActivities}/{row.totalActivities}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{row.startedAt ? formatDate(row.startedAt) : '—'}</Table.Td>
                  <Table.Td>{row.finishedAt ? formatDate(row.finishedAt) : '—'}</Table.Td>
                  <Table.Td>{row.lastActivityAt ? formatDate(row.lastActivityAt) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
    </Stack>
  );
}
