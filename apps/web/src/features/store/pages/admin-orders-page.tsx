import {
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { OrderStatus, StoreOrder } from '@trilha/contracts/store';
import { orderStatuses } from '@trilha/contracts/store';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListState } from '../../../components/list-state';
import { PaginationBar } from '../../../components/pagination-bar';
import { apiErrorText } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/i18n';
import { showNotification } from '../../../lib/notify';
import { useAdminOrders, useMoveOrder, type OrderMove } from '../api/store';
import { usePoints } from '../components/format';
import { OrderStatusBadge } from '../components/status-badge';

type Dialog = { kind: 'reprove' | 'ship'; order: StoreOrder } | null;

function addressLine(order: StoreOrder) {
  const a = order.address;
  if (!a) return null;
  return [
    [a.street, a.number].filter(Boolean).join(', '),
    a.complement,
    a.neighborhood,
    [a.city, a.state].filter(Boolean).join(' - '),
    a.zip,
    a.country,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The reason (reprove) or the carrier and tracking code (ship) of one order. */
function MoveDialog({ dialog, onClose }: { dialog: Dialog; onClose: () => void }) {
  const { t } = useTranslation('store');
  const move = useMoveOrder();
  const [reason, setReason] = useState('');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [touched, setTouched] = useState(false);
  const close = () => {
    setReason('');
    setCarrier('');
    setTracking('');
    setTouched(false);
    move.reset();
    onClose();
  };
  if (!dialog) return <Modal opened={false} onClose={close} title="" />;
  const { order, kind } = dialog;
  const invalid = kind === 'reprove' ? !reason.trim() : !carrier.trim() || !tracking.trim();
  const submit = () => {
    setTouched(true);
    if (invalid || move.isPending) return;
    const body: OrderMove =
      kind === 'reprove'
        ? { id: order.id, action: 'reprove', reason: reason.trim() }
        : { id: order.id, action: 'ship', carrier: carrier.trim(), trackingCode: tracking.trim() };
    move.mutate(body, {
      onSuccess: () => {
        showNotification({ color: 'teal', message: t(`queue.done.${kind}`, { item: order.itemTitle }) });
        close();
      },
    });
  };
  return (
    <Modal
      opened
      onClose={close}
      title={t(`queue.${kind}Title`)}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="sm">
        <Text fz="sm">
          {t('queue.orderOf', { item: order.itemTitle, name: order.customer?.name ?? t('queue.someone') })}
        </Text>
        {kind === 'reprove' ? (
          <>
            <Textarea
              label={t('queue.reason')}
              description={t('queue.reasonHint')}
              value={reason}
              maxLength={1000}
              autosize
              minRows={3}
              required
              data-autofocus
              error={touched && !reason.trim() ? t('queue.required') : undefined}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </>
        ) : (
          <>
            {addressLine(order) ? (
              <Text fz="sm" c="dimmed">
                {t('orders.deliverTo', { address: addressLine(order) })}
              </Text>
            ) : null}
            <TextInput
              label={t('queue.carrier')}
              value={carrier}
              maxLength={120}
              required
              data-autofocus
              error={touched && !carrier.trim() ? t('queue.required') : undefined}
              onChange={(e) => setCarrier(e.currentTarget.value)}
            />
            <TextInput
              label={t('queue.tracking')}
              value={tracking}
              maxLength={120}
              required
              error={touched && !tracking.trim() ? t('queue.required') : undefined}
              onChange={(e) => setTracking(e.currentTarget.value)}
            />
          </>
        )}
        {move.isError ? (
          <Text c="red.8" role="alert" fz="sm">
            {apiErrorText(move.error)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('redeem.cancel')}
          </Button>
          <Button color={kind === 'reprove' ? 'red' : undefined} onClick={submit} loading={move.isPending}>
            {t(`queue.${kind}`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function OrderRow({ order, onDialog }: { order: StoreOrder; onDialog: (d: Dialog) => void }) {
  const { t } = useTranslation('store');
  const { points } = usePoints();
  const move = useMoveOrder();
  const act = (action: 'approve' | 'deliver') =>
    move.mutate(
      { id: order.id, action },
      {
        onSuccess: () =>
          showNotification({ color: 'teal', message: t(`queue.done.${action}`, { item: order.itemTitle }) }),
        onError: (e) => showNotification({ color: 'red', message: apiErrorText(e) }),
      },
    );
  const canShip = order.status === 'approved' && order.kind === 'physical';
  const canDeliver = order.status === 'shipped' || (order.status === 'approved' && order.kind === 'digital');
  return (
    <Paper withBorder radius="md" p="md" data-testid="queue-order">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {order.itemTitle}
            </Text>
            <Text fz="sm" c="dimmed">
              {t('queue.line', {
                name: order.customer?.name ?? t('queue.someone'),
                date: formatDate(order.createdAt),
                price: points(order.price),
              })}
            </Text>
            {order.customer?.email ? (
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {order.customer.email}
              </Text>
            ) : null}
          </Stack>
          <OrderStatusBadge status={order.status} />
        </Group>
        {order.status === 'shipped' && order.carrier ? (
          <Text fz="sm">
            {t('timeline.tracking', { carrier: order.carrier, code: order.trackingCode ?? '' })}
          </Text>
        ) : null}
        {order.status === 'reproved' && order.reason ? (
          <Text fz="sm">{t('timeline.reason', { reason: order.reason })}</Text>
        ) : null}
        <Group gap="xs">
          {order.status === 'awaiting_approval' ? (
            <>
              <Button size="xs" onClick={() => act('approve')} loading={move.isPending}>
                {t('queue.approve')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => onDialog({ kind: 'reprove', order })}
              >
                {t('queue.reprove')}
              </Button>
            </>
          ) : null}
          {canShip ? (
            <Button size="xs" onClick={() => onDialog({ kind: 'ship', order })}>
              {t('queue.ship')}
            </Button>
          ) : null}
          {canDeliver ? (
            <Button size="xs" variant="light" onClick={() => act('deliver')} loading={move.isPending}>
              {t('queue.deliver')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/rewards/orders: the store's orders queue, one order at a time. */
export default function AdminOrdersPage() {
  const { t } = useTranslation('store');
  const [status, setStatus] = useState<OrderStatus | null>('awaiting_approval');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const query = useAdminOrders(status, page);
  const data = query.data;
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/admin/rewards" fz="sm">
          {t('queue.area')}
        </Anchor>
        <Text fz="sm" c="dimmed" aria-current="page">
          {t('queue.title')}
        </Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {t('queue.title')}
        </Title>
        <Text c="dimmed">{t('queue.intro')}</Text>
      </Stack>
      <Select
        label={t('queue.filter')}
        maw={320}
        data={[
          { value: 'all', label: t('queue.all') },
          ...orderStatuses.map((s) => ({ value: s, label: t(`status.${s}`) })),
        ]}
        value={status ?? 'all'}
        allowDeselect={false}
        onChange={(v) => {
          setStatus(!v || v === 'all' ? null : (v as OrderStatus));
          setPage(1);
        }}
      />
      <Text fz="sm" c="dimmed" aria-live="polite">
        {data ? t('queue.count', { count: data.total }) : ''}
      </Text>
      <ListState
        pending={query.isPending}
        error={query.isError ? query.error : null}
        empty={(data?.items.length ?? 0) === 0}
        emptyText={t('queue.empty')}
        onRetry={() => void query.refetch()}
      >
        <Stack gap="sm">
          {data?.items.map((order) => (
            <OrderRow key={order.id} order={order} onDialog={setDialog} />
          ))}
        </Stack>
        {data ? (
          <PaginationBar page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
        ) : null}
      </ListState>
      <MoveDialog dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
