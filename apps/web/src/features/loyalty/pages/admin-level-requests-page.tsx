import { Button, Group, Modal, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import {
  levelRequestStatus,
  type LevelRequest,
  type LevelRequestStatus,
} from '@trilha/contracts/loyalty-levels';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { WrapBadge } from '../../../components/wrap-badge';
import { apiErrorText } from '../../../lib/form-errors';
import { showNotification } from '../../../lib/notify';
import { useDecideLevelRequest, useLevelRequests } from '../api/levels';
import { LoyaltyAdminHeader } from '../components/admin-header';
import { useFormat } from '../components/format';

const REASON_MAX = 500;

function RejectDialog({ request, onClose }: { request: LevelRequest | null; onClose: () => void }) {
  const { t } = useTranslation('loyalty');
  const decide = useDecideLevelRequest();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const close = () => {
    setReason('');
    setTried(false);
    onClose();
  };
  const missing = !reason.trim();
  return (
    <Modal opened={request !== null} onClose={close} title={t('admin.levelRequests.rejectTitle')}>
      {request ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (missing || decide.isPending) return;
            decide.mutate(
              { id: request.id, reason: reason.trim() },
              {
                onSuccess: () => {
                  showNotification({ color: 'teal', message: t('admin.levelRequests.rejected') });
                  close();
                },
                onError: (error) => showNotification({ color: 'red', message: apiErrorText(error) }),
              },
            );
          }}
        >
          <Stack gap="md">
            <Text fz="sm">
              {request.userName} ·{' '}
              {t('admin.levelRequests.changeText', {
                from: request.fromLevel.name,
                to: request.toLevel.name,
              })}
            </Text>
            <Textarea
              label={t('admin.levelRequests.reason')}
              value={reason}
              maxLength={REASON_MAX}
              autosize
              minRows={3}
              required
              data-autofocus
              onChange={(e) => setReason(e.currentTarget.value)}
              error={tried && missing ? t('admin.levelRequests.needReason') : undefined}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('admin.levelRequests.cancel')}
              </Button>
              <Button type="submit" color="red" loading={decide.isPending}>
                {t('admin.levelRequests.confirmReject')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}

/**
 * /admin/campaigns/level-requests: the level-change requests by status, oldest first, each with the
 * member's sales still waiting for the audit; approve once they are audited, or reject with a reason.
 */
export default function AdminLevelRequestsPage() {
  const { t } = useTranslation('loyalty');
  const f = useFormat();
  const [status, setStatus] = useState<LevelRequestStatus>('pending');
  const [page, setPage] = useState(1);
  const requests = useLevelRequests(status, page);
  const decide = useDecideLevelRequest();
  const [rejecting, setRejecting] = useState<LevelRequest | null>(null);

  const approve = (r: LevelRequest) =>
    decide.mutate(
      { id: r.id },
      {
        onSuccess: () => showNotification({ color: 'teal', message: t('admin.levelRequests.approved') }),
        onError: (error) => showNotification({ color: 'red', message: apiErrorText(error) }),
      },
    );

  return (
    <Stack gap="lg">
      <LoyaltyAdminHeader
        title={t('admin.levelRequests.title')}
        description={t('admin.levelRequests.intro')}
      />
      <Select
        label={t('admin.levelRequests.status')}
        data={levelRequestStatus.options.map((s) => ({
          value: s,
          label: t(`admin.levelRequests.statuses.${s}`),
        }))}
        value={status}
        onChange={(v) => {
          if (v) setStatus(v as LevelRequestStatus);
          setPage(1);
        }}
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
      />
      <PagedList
        query={requests}
        page={page}
        onPage={setPage}
        emptyText={t('admin.levelRequests.empty')}
        scrollLabel={t('admin.levelRequests.list')}
      >
        {(data) => (
          <Table striped miw={860} aria-label={t('admin.levelRequests.list')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.levelRequests.member')}</Table.Th>
                <Table.Th>{t('admin.levelRequests.campaign')}</Table.Th>
                <Table.Th>{t('admin.levelRequests.change')}</Table.Th>
                <Table.Th ta="right">{t('admin.levelRequests.xp')}</Table.Th>
                <Table.Th>{t('admin.levelRequests.pendingSales')}</Table.Th>
                <Table.Th>{t('admin.levelRequests.requested')}</Table.Th>
                <Table.Th>{t('admin.levelRequests.decision')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((r) => (
                <Table.Tr key={r.id} data-testid={`level-request-${r.userEmail ?? r.id}`}>
                  <Table.Td>
                    <Text fw={600} fz="sm">
                      {r.userName}
                    </Text>
                    {r.userEmail ? (
                      <Text fz="xs" c="dimmed">
                        {r.userEmail}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{r.campaignName}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {t('admin.levelRequests.changeText', { from: r.fromLevel.name, to: r.toLevel.name })}
                  </Table.Td>
                  <Table.Td ta="right">{f.number(r.xp)}</Table.Td>
                  <Table.Td>
                    {r.pendingSales > 0 ? (
                      <WrapBadge color="yellow" variant="light">
                        {t('admin.levelRequests.waitAudit', { count: r.pendingSales })}
                      </WrapBadge>
                    ) : (
                      <Text fz="sm">{t('admin.levelRequests.audited')}</Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.date(r.createdAt)}</Table.Td>
                  <Table.Td>
                    {r.status === 'pending' ? (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          color="teal.9"
                          leftSection={<IconCheck size={14} aria-hidden />}
                          aria-label={t('admin.levelRequests.approveLabel', { name: r.userName })}
                          disabled={r.pendingSales > 0}
                          loading={decide.isPending && decide.variables?.id === r.id}
                          onClick={() => approve(r)}
                        >
                          {t('admin.levelRequests.approve')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="default"
                          leftSection={<IconX size={14} aria-hidden />}
                          aria-label={t('admin.levelRequests.rejectLabel', { name: r.userName })}
                          onClick={() => setRejecting(r)}
                        >
                          {t('admin.levelRequests.reject')}
                        </Button>
                      </Group>
                    ) : (
                      <Stack gap={2}>
                        <Text fz="sm">{t(`admin.levelRequests.statuses.${r.status}`)}</Text>
                        {r.reason ? (
                          <Text fz="xs" c="dimmed">
                            {r.reason}
                          </Text>
                        ) : null}
                      </Stack>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </PagedList>
      <RejectDialog request={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}
