import { Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconChartBar, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { AdminSurvey } from '@trilha/contracts/surveys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PaginationBar } from '../../../components/pagination-bar';
import { TableFrame } from '../../../components/table-frame';
import { apiErrorText } from '../../../lib/form-errors';
import { currentLanguage } from '../../../lib/i18n';
import { showNotification } from '../../../lib/notify';
import { SURVEYS_PAGE_SIZE, useAdminSurveys, useDeleteSurvey } from '../api/surveys';
import { SurveyPeriodAndStatus } from '../components/survey-cells';

/** The title in the reader's language, else the survey's own (pt-BR), which is always written. */
const titleOf = (survey: AdminSurvey) => survey.title[currentLanguage()] || survey.title['pt-BR'];

function DeleteSurvey({ survey, onClose }: { survey: AdminSurvey; onClose: () => void }) {
  const { t } = useTranslation('surveys');
  const remove = useDeleteSurvey();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('admin.delete')}
      closeButtonProps={{ 'aria-label': t('builder.cancel') }}
    >
      <Stack>
        <Text>{t('admin.confirmDelete', { title: titleOf(survey) })}</Text>
        {remove.isError ? (
          <Text c="red.8" fz="sm" role="alert">
            {apiErrorText(remove.error)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('builder.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(survey.id, {
                onSuccess: () => {
                  showNotification({ message: t('admin.deleted') });
                  onClose();
                },
              })
            }
          >
            {t('admin.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /admin/content/surveys: the client's surveys, with their state and answers, and the way to each. */
export default function SurveysAdminPage() {
  const { t } = useTranslation('surveys');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<AdminSurvey | null>(null);
  const query = useAdminSurveys(page);
  const surveys = query.data?.surveys ?? [];
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            {t('admin.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('admin.description')}
          </Text>
        </div>
        <Button
          component={Link}
          to="/admin/content/surveys/new"
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          {t('admin.new')}
        </Button>
      </Group>
      <TableFrame query={query} empty={surveys.length === 0} emptyText={t('admin.empty')}>
        <Table striped highlightOnHover miw={760}>
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
                <Table.Td>{titleOf(s)}</Table.Td>
                <SurveyPeriodAndStatus survey={s} />
                <Table.Td>{s.responses}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      component={Link}
                      to={`/admin/content/surveys/${s.id}`}
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      aria-label={`${t('admin.edit')}: ${titleOf(s)}`}
                    >
                      {t('admin.edit')}
                    </Button>
                    <Button
                      component={Link}
                      to={`/admin/survey-results/${s.id}`}
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconChartBar size={14} aria-hidden />}
                      aria-label={`${t('admin.results')}: ${titleOf(s)}`}
                    >
                      {t('admin.results')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      aria-label={`${t('admin.delete')}: ${titleOf(s)}`}
                      onClick={() => setDeleting(s)}
                    >
                      {t('admin.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableFrame>
      <PaginationBar
        page={page}
        pageSize={SURVEYS_PAGE_SIZE}
        total={query.data?.total ?? 0}
        onChange={setPage}
        alwaysCount
      />
      {deleting ? <DeleteSurvey survey={deleting} onClose={() => setDeleting(null)} /> : null}
    </Stack>
  );
}
