import { Alert, Badge, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import type { SaleStatus } from '@trilha/contracts/sales';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PaginationBar } from '../../../components/pagination-bar';
import { apiErrorText } from '../../../lib/form-errors';
import { useFormat } from './format';
import { useMySales } from '../api/sales';

const statusColor: Record<SaleStatus, string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'red',
};

/** The status of one of my reports, readable on its light colour. */
export function ReportStatusBadge({ status, label }: { status: SaleStatus; label: string }) {
  return (
    <Badge
      color={statusColor[status]}
      variant="light"
      c={status === 'pending' ? 'dark.7' : undefined}
      style={{ flexShrink: 0 }}
    >
      {label}
    </Badge>
  );
}

/**
 * One of my reports (a sale, a store photo): what it is, its status (the reason of a rejection) and its
 * points.
 */
export function ReportItem({
  title,
  details,
  status,
  statusLabel,
  rejectionReason,
  points,
}: {
  title: ReactNode;
  details: ReactNode;
  status: SaleStatus;
  statusLabel: string;
  rejectionReason: string | null;
  points: number;
}) {
  const { t } = useTranslation('sales');
  const f = useFormat();
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          {details}
          {status === 'rejected' && rejectionReason ? (
            <Text fz="sm" c="red.9">
              {t('mine.reason', { reason: rejectionReason })}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <ReportStatusBadge status={status} label={statusLabel} />
          <Text fz="sm" fw={700}>
            {t('mine.points', { points: f.number(points) })}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** My sale reports, newest first: status (the reason of a rejection), points, and what is still pending. */
export function MySales({ campaignNames }: { campaignNames: ReadonlyMap<number, string> }) {
  const { t } = useTranslation('sales');
  const f = useFormat();
  const [status, setStatus] = useState<SaleStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const mine = useMySales(page, status === 'all' ? null : status);
  const data = mine.data;

  return (
    <Stack gap="md" component="section" aria-labelledby="my-sales-title">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Text id="my-sales-title" fw={700} fz="lg" component="h2" m={0}>
          {t('mine.title')}
        </Text>
        {data ? (
          <Text fz="sm" data-testid="pending-points">
            {t('mine.pendingPoints', { points: f.number(data.pendingPoints) })}
          </Text>
        ) : null}
      </Group>
      <SegmentedControl
        fullWidth
        aria-label={t('mine.filter')}
        value={status}
        onChange={(v) => {
          setStatus(v as SaleStatus | 'all');
          setPage(1);
        }}
        data={(['all', 'pending', 'approved', 'rejected'] as const).map((s) => ({
          value: s,
          label: t(`mine.statusFilter.${s}`),
        }))}
      />
      {mine.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{apiErrorText(mine.error)}</Text>
            <Button size="compact-sm" variant="white" onClick={() => void mine.refetch()}>
              {t('tryAgain')}
            </Button>
          </Group>
        </Alert>
      ) : !data ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={72} radius="md" />
          ))}
        </Stack>
      ) : data.total === 0 ? (
        <Stack align="center" py="lg" gap="xs">
          <IconReceipt size={36} stroke={1.4} aria-hidden />
          <Text c="dimmed" ta="center">
            {status === 'all' ? t('mine.empty') : t('mine.emptyFilter')}
          </Text>
        </Stack>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('mine.list')}>
          {data.items.map((s) => (
            <ReportItem
              key={s.id}
              title={t('mine.invoice', { number: s.invoiceNumber })}
              details={
                <>
                  <Text fz="xs" c="dimmed">
                    {t('mine.line', {
                      date: f.date(`${s.saleDate}T12:00:00Z`),
                      count: s.lineCount,
                    })}
                  </Text>
                  {campaignNames.get(s.campaignId) ? (
                    <Text fz="xs" c="dimmed">
                      {campaignNames.get(s.campaignId)}
                    </Text>
                  ) : null}
                </>
              }
              status={s.status}
              statusLabel={t(`mine.status.${s.status}`)}
              rejectionReason={s.rejectionReason}
              points={s.basePoints}
            />
          ))}
        </Stack>
      )}
      {data ? (
        <PaginationBar page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
      ) : null}
    </Stack>
  );
}
