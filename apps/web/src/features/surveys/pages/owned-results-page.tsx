import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TableFrame } from '../../../components/table-frame';
import { useOwnedSurveys } from '../api/surveys';
import { SurveyPeriodAndStatus } from '../components/survey-cells';

/** /admin/survey-results: the surveys whose results I read (those I own; every one for report readers). */
export default function OwnedResultsPage() {
  const { t } = useTranslation('surveys');
  const query = useOwnedSurveys();
  const surveys = query.data?.surveys ?? [];
  return (
    <Stack gap="lg" maw={1000}>
      <div>
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {t('owned.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('owned.description')}
        </Text>
      </div>
      <TableFrame query={query} empty={surveys.length === 0} emptyText={t('owned.empty')}>
        <Table striped miw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.columns.title')}</Table.Th>
              <Table.Th>{t('admin.columns.period')}</Table.Th>
              <Table.Th>{t('admin.columns.status')}</Table.Th>
              <Table.Th>{t('admin.columns.responses')}</Table.Th>
              <Table.Th>{t('admin.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {surveys.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{s.title}</Table.Td>
                <SurveyPeriodAndStatus survey={s} />
                <Table.Td>{s.responses}</Table.Td>
                <Table.Td>
                  <Button
                    component={Link}
                    to={`/admin/survey-results/${s.id}`}
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconChartBar size={14} aria-hidden />}
                    aria-label={`${t('admin.results')}: ${s.title}`}
                  >
                    {t('admin.results')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableFrame>
    </Stack>
  );
}
