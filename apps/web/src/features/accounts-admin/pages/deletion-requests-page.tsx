import { Badge, Button, Group, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DeletionRequest } from '@trilha/contracts/accounts-admin';
import { formatDateTime } from '@trilha/domain/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useDeletionRequests, useProcessDeletion } from '../api/admin';
import { apiErrorText } from '../../../lib/form-errors';
import { PagedList } from '../../../components/paged-list';
import { AdminHeader } from '../components/admin-shell';
import { usersTabs } from './users-page';

/** /admin/users/deletion-requests: requests of the selected client; processing anonymizes the account. */
export default function DeletionRequestsPage() {
  const { t } = useTranslation('accounts-admin');
  const [status, setStatus] = useState<'pending' | 'processed'>('pending');
  const [page, setPage] = useState(1);
  const list = useDeletionRequests(status, page);
  const process = useProcessDeletion();
  // Managers see the requests; processing them is for support and program administrators.
  const mayProcess = useCan('users.process-deletions');
  const [confirm, setConfirm] = useState<DeletionRequest | null>(null);

  const run = async () => {
    if (!confirm) return;
    try {
      await process.mutateAsync(confirm.id);
      notifications.show({ color: 'teal', message: t('deletion.done') });
      setConfirm(null);
    } catch (error) {
      notifications.show({ color: 'red', message: apiErrorText(error) });
    }
  };

  return (
    <Stack gap="lg">
      <AdminHeader title={t('users.title')} tabs={usersTabs(t)} />
      <Group justify="space-between">
        <Text c="dimmed">{t('deletion.description')}</Text>
        <SegmentedControl
          value={status}
          onChange={(v) => {
            setStatus(v as 'pending' | 'processed');
            setPage(1);
          }}
          data={[
            { value: 'pending', label: t('deletion.pending') },
            { value: 'processed', label: t('deletion.processed') },
          ]}
        />
      </Group>
      <PagedList query={list} page={page} onPage={setPage} emptyText={t('deletion.empty')}>
        {(data) => (
          <Table
            verticalSpacing="sm"
            horizontalSpacing="md"
            miw={360}
            aria-label={t('tabs.deletionRequests')}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('deletion.columns.user')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('deletion.columns.reason')}</Table.Th>
                <Table.Th>{t('deletion.columns.requestedAt')}</Table.Th>
                <Table.Th>{t('deletion.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Text fw={600} fz="sm">
                      {r.fullName}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {r.email ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text fz="sm" lineClamp={2}>
                      {r.reason ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm">{formatDateTime(r.requestedAt, currentLanguage())}</Text>
                  </Table.Td>
                  <Table.Td>
                    {r.status === 'pending' && mayProcess ? (
                      <Button size="xs" color="red" variant="light" onClick={() => setConfirm(r)}>
                        {t('deletion.process')}
                      </Button>
                    ) : r.status === 'pending' ? (
                      <Badge variant="light" color="yellow">
                        {t('deletion.awaiting')}
                      </Badge>
                    ) : (
                      <Badge variant="light" color="gray">
                        {t('deletion.processed')}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
      <Modal
        opened={Boolean(confirm)}
        onClose={() => setConfirm(null)}
        title={t('deletion.confirmTitle')}
        centered
      >
        <Stack gap="md">
          <Text>{t('deletion.confirmText', { name: confirm?.fullName ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('cancel')}
            </Button>
            <Button color="red" loading={process.isPending} onClick={() => void run()}>
              {t('deletion.process')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
