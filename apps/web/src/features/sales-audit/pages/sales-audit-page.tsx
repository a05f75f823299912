import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  saleAuditRules,
  saleFlags,
  saleStatuses,
  type AuditSaleSummary,
  type BulkDecisionResult,
  type SaleFlag,
  type SaleStatus,
} from '@trilha/contracts/sales';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListState } from '../../../components/list-state';
import { PaginationBar } from '../../../components/pagination-bar';
import { apiErrorText } from '../../../lib/form-errors';
import { currentLanguage, errorText, formatDate } from '../../../lib/i18n';
import { showNotification } from '../../../lib/notify';
import {
  emptyAuditFilters,
  useAuditOptions,
  useAuditQueue,
  useBulkDecide,
  type AuditFilters,
} from '../api/sales-audit';
import { FlagBadges, SaleStatusBadge } from '../components/badges';
import { PhotosAudit } from '../components/photos-audit';
import { SaleDetail } from '../components/sale-detail';

const number = (n: number) => new Intl.NumberFormat(currentLanguage()).format(n);
const idOf = (v: string | null) => (v ? Number(v) : null);

function SaleRow({
  sale,
  selected,
  onSelect,
  onOpen,
}: {
  sale: AuditSaleSummary;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onOpen: () => void;
}) {
  const { t } = useTranslation('sales-audit');
  return (
    <Paper withBorder radius="md" p="md" data-testid="audit-sale">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        {sale.status === 'pending' ? (
          <Checkbox
            mt={4}
            checked={selected}
            aria-label={t('select', { number: sale.invoiceNumber })}
            onChange={(e) => onSelect(e.currentTarget.checked)}
          />
        ) : null}
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <UnstyledButton
              onClick={onOpen}
              aria-label={t('open', { number: sale.invoiceNumber })}
              style={{ minWidth: 0 }}
            >
              <Text fw={600} c="blue.8" td="underline" style={{ overflowWrap: 'anywhere' }}>
                {t('invoice', { number: sale.invoiceNumber })}
              </Text>
            </UnstyledButton>
            <SaleStatusBadge status={sale.status} />
          </Group>
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('line', { name: sale.userName, store: sale.storeName, date: formatDate(sale.saleDate) })}
          </Text>
          <Text fz="sm">
            {sale.campaignName} · {t('points', { points: number(sale.basePoints) })}
          </Text>
          <FlagBadges flags={sale.flags} />
        </Stack>
      </Group>
    </Paper>
  );
}

function BulkOutcome({
  result,
  invoices,
  onClose,
}: {
  result: BulkDecisionResult;
  invoices: Map<number, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation('sales-audit');
  const failed = result.results.filter((r) => !r.ok);
  return (
    <Alert
      color={failed.length > 0 ? 'orange' : 'teal'}
      withCloseButton
      closeButtonLabel={t('detail.close')}
      onClose={onClose}
      role="status"
      title={t('bulk.title')}
      data-testid="bulk-outcome"
    >
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          {t('bulk.summary', { ok: result.results.length - failed.length, failed: failed.length })}
        </Text>
        {result.results.map((r) => {
          const invoice = invoices.get(r.id) ?? `#${r.id}`;
          return (
            <Text fz="sm" key={r.id} data-testid="bulk-line">
              {r.ok && r.status
                ? t('bulk.ok', { number: invoice, status: t(`status.${r.status}`) })
                : t('bulk.failed', { number: invoice, reason: errorText(r.code ?? 'INTERNAL') })}
            </Text>
          );
        })}
      </Stack>
    </Alert>
  );
}

function Filters({ filters, onChange }: { filters: AuditFilters; onChange: (f: AuditFilters) => void }) {
  const { t } = useTranslation('sales-audit');
  const options = useAuditOptions();
  const [q, setQ] = useState(filters.q);
  const [debounced] = useDebouncedValue(q, 300);
  useEffect(() => {
    if (debounced !== filters.q) onChange({ ...filters, q: debounced });
    // Only the typed text drives this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const o = options.data;
  const stores = (o?.stores ?? []).filter(
    (s) => filters.retailer === null || s.retailerId === filters.retailer,
  );
  return (
    <Stack gap="xs" component="section" aria-label={t('filters.heading')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <Select
          label={t('filters.campaign')}
          placeholder={t('filters.all')}
          data={(o?.campaigns ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={filters.campaign === null ? null : String(filters.campaign)}
          onChange={(v) => onChange({ ...filters, campaign: idOf(v) })}
          searchable
          clearable
        />
        <Select
          label={t('filters.retailer')}
          placeholder={t('filters.all')}
          data={(o?.retailers ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          value={filters.retailer === null ? null : String(filters.retailer)}
          onChange={(v) => onChange({ ...filters, retailer: idOf(v), store: null })}
          searchable
          clearable
        />
        <Select
          label={t('filters.store')}
          placeholder={t('filters.all')}
          data={stores.map((s) => ({ value: String(s.id), label: s.name }))}
          value={filters.store === null ? null : String(filters.store)}
          onChange={(v) => onChange({ ...filters, store: idOf(v) })}
          searchable
          clearable
        />
        <Select
          label={t('filters.status')}
          data={[
            { value: 'all', label: t('filters.all') },
            ...saleStatuses.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
          value={filters.status ?? 'all'}
          allowDeselect={false}
          onChange={(v) => onChange({ ...filters, status: !v || v === 'all' ? null : (v as SaleStatus) })}
        />
        <MultiSelect
          label={t('filters.flags')}
          placeholder={filters.flags.length === 0 ? t('filters.all') : undefined}
          data={saleFlags.map((f) => ({ value: f, label: t(`flags.${f}`) }))}
          value={filters.flags}
          onChange={(v) => onChange({ ...filters, flags: v as SaleFlag[] })}
          clearable
        />
        <TextInput
          label={t('filters.invoice')}
          placeholder={t('filters.invoiceHint')}
          value={q}
          maxLength={saleAuditRules.search}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
      </SimpleGrid>
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            setQ('');
            onChange(emptyAuditFilters);
          }}
        >
          {t('filters.clear')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The queue of sale reports, one sale at a time or several at once. */
function SalesQueue() {
  const { t } = useTranslation('sales-audit');
  const [filters, setFilters] = useState<AuditFilters>(emptyAuditFilters);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ id: number; invoice: string } | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [outcome, setOutcome] = useState<BulkDecisionResult | null>(null);
  const [invoices, setInvoices] = useState<Map<number, string>>(new Map());
  const [bulkReject, setBulkReject] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const query = useAuditQueue(filters, page);
  const bulk = useBulkDecide();
  const data = query.data;
  const selectable = (data?.items ?? []).filter((s) => s.status === 'pending');
  const chosen = selectable.filter((s) => selected.has(s.id));
  const changeFilters = (f: AuditFilters) => {
    setFilters(f);
    setPage(1);
    setSelected(new Set());
  };
  const select = (ids: number[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const decideChosen = (action: 'approve' | 'reject') => {
    if (chosen.length === 0 || bulk.isPending) return;
    if (action === 'reject') {
      setTouched(true);
      if (!reason.trim()) return;
    }
    const names = new Map(chosen.map((s) => [s.id, s.invoiceNumber]));
    bulk.mutate(
      { action, ids: chosen.map((s) => s.id), ...(action === 'reject' ? { reason: reason.trim() } : {}) },
      {
        onSuccess: (result) => {
          setInvoices(names);
          setOutcome(result);
          setSelected(new Set());
          setBulkReject(false);
          setReason('');
          setTouched(false);
        },
        onError: (e) => showNotification({ color: 'red', message: apiErrorText(e) }),
      },
    );
  };
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('intro')}</Text>
      <Filters filters={filters} onChange={changeFilters} />
      <Text fz="sm" c="dimmed" aria-live="polite" data-testid="audit-count">
        {data ? t('count', { count: data.total }) : ''}
      </Text>
      {outcome ? <BulkOutcome result={outcome} invoices={invoices} onClose={() => setOutcome(null)} /> : null}
      {selectable.length > 0 ? (
        <Group gap="sm">
          <Checkbox
            label={t('selectAll')}
            checked={chosen.length === selectable.length}
            indeterminate={chosen.length > 0 && chosen.length < selectable.length}
            onChange={(e) =>
              select(
                selectable.map((s) => s.id),
                e.currentTarget.checked,
              )
            }
          />
          <Button
            size="sm"
            disabled={chosen.length === 0}
            loading={bulk.isPending && !bulkReject}
            onClick={() => decideChosen('approve')}
          >
            {t('approveSelected', { count: chosen.length })}
          </Button>
          <Button
            size="sm"
            variant="light"
            color="red"
            disabled={chosen.length === 0}
            onClick={() => setBulkReject(true)}
          >
            {t('rejectSelected', { count: chosen.length })}
          </Button>
        </Group>
      ) : null}
      <ListState
        pending={query.isPending}
        error={query.isError ? query.error : null}
        empty={(data?.items.length ?? 0) === 0}
        emptyText={t('empty')}
        onRetry={() => void query.refetch()}
      >
        <Stack gap="sm">
          {data?.items.map((sale) => (
            <SaleRow
              key={sale.id}
              sale={sale}
              selected={selected.has(sale.id)}
              onSelect={(on) => select([sale.id], on)}
              onOpen={() => setOpen({ id: sale.id, invoice: sale.invoiceNumber })}
            />
          ))}
        </Stack>
        {data ? (
          <PaginationBar page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
        ) : null}
      </ListState>
      <SaleDetail
        saleId={open?.id ?? null}
        invoiceNumber={open?.invoice ?? ''}
        onClose={() => setOpen(null)}
      />
      <Modal
        opened={bulkReject}
        onClose={() => setBulkReject(false)}
        title={t('actions.bulkRejectTitle', { count: chosen.length })}
        closeButtonProps={{ 'aria-label': t('detail.close') }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('actions.reason')}
            description={t('actions.reasonHint')}
            value={reason}
            maxLength={saleAuditRules.reason}
            autosize
            minRows={3}
            required
            data-autofocus
            error={touched && !reason.trim() ? t('actions.required') : undefined}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setBulkReject(false)}>
              {t('actions.cancel')}
            </Button>
            <Button color="red" loading={bulk.isPending} onClick={() => decideChosen('reject')}>
              {t('actions.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

type AuditTab = 'sales' | 'photos';

/**
 * /admin/audit: the auditors' page, with the sale reports and the store photos as two tabs (the tab
 * is kept in `?tab=`, so a link opens the photos).
 */
export default function SalesAuditPage() {
  const { t } = useTranslation('sales-audit');
  const [params, setParams] = useSearchParams();
  const tab: AuditTab = params.get('tab') === 'photos' ? 'photos' : 'sales';
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        {t('title')}
      </Title>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(v) => setParams(v === 'photos' ? { tab: 'photos' } : {}, { replace: true })}
      >
        <Tabs.List>
          <Tabs.Tab value="sales">{t('tabs.sales')}</Tabs.Tab>
          <Tabs.Tab value="photos">{t('tabs.photos')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sales" pt="md">
          <SalesQueue />
        </Tabs.Panel>
        <Tabs.Panel value="photos" pt="md">
          <PhotosAudit />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
