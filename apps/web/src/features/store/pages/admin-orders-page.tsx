import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Checkbox,
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
import type { BulkApproveResult, OrderStatus, StoreOrder } from '@trilha/contracts/store';
import { orderStatuses, storeBulkLimits } from '@trilha/contracts/store';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListState } from '../../../components/list-state';
import { PaginationBar } from '../../../components/pagination-bar';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/form-errors';
import { errorText, formatDate } from '../../../lib/i18n';
import { showNotification } from '../../../lib/notify';
import {
  downloadOrdersCsv,
  useAdminOrders,
  useBulkApprove,
  useMoveOrder,
  type OrderMove,
} from '../api/store';
import { usePoints } from '../components/format';
import { LowStockPanel } from '../components/low-stock-panel';
import { ShipCsvDialog } from '../components/ship-csv-dialog';
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

function OrderRow({
  order,
  onDialog,
  selected,
  onSelect,
}: {
  order: StoreOrder;
  onDialog: (d: Dialog) => void;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
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
          <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
            {order.status === 'awaiting_approval' ? (
              <Checkbox
                mt={4}
                checked={selected}
                aria-label={t('queue.select', { item: order.itemTitle })}
                onChange={(e) => onSelect(e.currentTarget.checked)}
              />
            ) : null}
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
          </Group>
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

/** What a bulk approval did: how many moved, and why each other one did not. */
function BulkOutcome({ result, onClose }: { result: BulkApproveResult; onClose: () => void }) {
  const { t } = useTranslation('store');
  return (
    <Alert
      color={result.failed.length > 0 ? 'orange' : 'teal'}
      withCloseButton
      closeButtonLabel={t('close')}
      onClose={onClose}
      role="status"
      data-testid="bulk-outcome"
    >
      <Stack gap={4}>
        <Text fz="sm">{t('queue.bulk.approved', { count: result.approved.length })}</Text>
        {result.failed.length > 0 ? (
          <>
            <Text fz="sm">{t('queue.bulk.failed', { count: result.failed.length })}</Text>
            {result.failed.map((f) => (
              <Text fz="sm" key={f.id}>
                {t('queue.bulk.line', { id: f.id, reason: errorText(f.code) })}
              </Text>
            ))}
          </>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** /admin/rewards/orders: the store's orders queue, one order at a time or several at once. */
export default function AdminOrdersPage() {
  const { t } = useTranslation('store');
  const [status, setStatus] = useState<OrderStatus | null>('awaiting_approval');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [shipCsv, setShipCsv] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // One key per selection sent: a retry after a lost answer approves once; a new selection, a new key.
  const [bulkKey, setBulkKey] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<BulkApproveResult | null>(null);
  const [exporting, setExporting] = useState(false);
  const bulk = useBulkApprove();
  const query = useAdminOrders(status, page);
  const data = query.data;
  const selectable = (data?.items ?? []).filter((o) => o.status === 'awaiting_approval');
  const chosen = selectable.filter((o) => selected.has(o.id)).map((o) => o.id);
  const select = (ids: number[], on: boolean) => {
    setBulkKey(null);
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  };
  const approveChosen = () => {
    if (chosen.length === 0 || bulk.isPending) return;
    const key = bulkKey ?? crypto.randomUUID();
    setBulkKey(key);
    bulk.mutate(
      { ids: chosen, key },
      {
        onSuccess: (result) => {
          setOutcome(result);
          setSelected(new Set());
          setBulkKey(null);
        },
        onError: (e) => {
          showNotification({ color: 'red', message: apiErrorText(e) });
          if (e instanceof ApiError && e.status >= 400 && e.status < 500) setBulkKey(null);
        },
      },
    );
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadOrdersCsv(status);
    } catch (e) {
      showNotification({
        color: 'red',
        message:
          e instanceof ApiError && e.code === 'STORE_EXPORT_TOO_LARGE'
            ? errorText(e.code, { max: storeBulkLimits.exportRows })
            : t('queue.exportError'),
      });
    } finally {
      setExporting(false);
    }
  };
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
      <LowStockPanel />
      <Group gap="xs">
        <Button variant="default" onClick={() => void exportCsv()} loading={exporting}>
          {t('queue.export')}
        </Button>
        <Button variant="default" onClick={() => setShipCsv(true)}>
          {t('queue.shipCsv.open')}
        </Button>
        <Button variant="subtle" component={Link} to="/admin/rewards/store-catalog">
          {t('catalogAdmin.link')}
        </Button>
      </Group>
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
          setSelected(new Set());
          setBulkKey(null);
        }}
      />
      <Text fz="sm" c="dimmed" aria-live="polite">
        {data ? t('queue.count', { count: data.total }) : ''}
      </Text>
      {outcome ? <BulkOutcome result={outcome} onClose={() => setOutcome(null)} /> : null}
      {selectable.length > 0 ? (
        <Group gap="md">
          <Checkbox
            label={t('queue.selectAll')}
            checked={chosen.length === selectable.length}
            indeterminate={chosen.length > 0 && chosen.length < selectable.length}
            onChange={(e) =>
              select(
                selectable.map((o) => o.id),
                e.currentTarget.checked,
              )
            }
          />
          <Button size="sm" disabled={chosen.length === 0} loading={bulk.isPending} onClick={approveChosen}>
            {t('queue.approveSelected', { count: chosen.length })}
          </Button>
        </Group>
      ) : null}
      <ListState
        pending={query.isPending}
        error={query.isError ? query.error : null}
        empty={(data?.items.length ?? 0) === 0}
        emptyText={t('queue.empty')}
        onRetry={() => void query.refetch()}
      >
        <Stack gap="sm">
          {data?.items.map((order) => (
            <OrderRow
              key={order.id}
              order={order}
              onDialog={setDialog}
              selected={selected.has(order.id)}
              onSelect={(on) => select([order.id], on)}
            />
          ))}
        </Stack>
        {data ? (
          <PaginationBar page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
        ) : null}
      </ListState>
      <MoveDialog dialog={dialog} onClose={() => setDialog(null)} />
      <ShipCsvDialog opened={shipCsv} onClose={() => setShipCsv(false)} />
    </Stack>
  );
}
