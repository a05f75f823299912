import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { AdminItem, ItemKind, StoreAudience } from '@trilha/contracts/store';
import { storeLimits } from '@trilha/contracts/store';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../components/list-state';
import { PaginationBar } from '../../../components/pagination-bar';
import { apiErrorText } from '../../../lib/form-errors';
import { showNotification } from '../../../lib/notify';
import {
  ADMIN_ITEMS_PAGE_SIZE,
  useAdminItems,
  useCatalogWrite,
  useCategories,
  useDepartments,
} from '../api/store';
import { GalleryFields, LevelAndAudienceFields } from './catalog-item-extras';
import { usePoints } from './format';
import { emptyNames, NamesFields, namesOf, type Names } from './catalog-names';

/** A digital item's voucher pool: counts only (codes are sealed), and new codes one per line. */
function VoucherPool({ item }: { item: AdminItem }) {
  const { t } = useTranslation('store');
  const write = useCatalogWrite();
  const [codes, setCodes] = useState('');
  const list = [
    ...new Set(
      codes
        .split(/\r?\n/)
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
  const tooMany = list.length > storeLimits.vouchersPerUpload;
  const upload = () => {
    if (list.length === 0 || tooMany || write.vouchers.isPending) return;
    write.vouchers.mutate(
      { id: item.id, codes: list },
      {
        onSuccess: (pool) => {
          setCodes('');
          showNotification({
            color: 'teal',
            message: t('catalogAdmin.vouchers.added', { count: pool.added }),
          });
        },
      },
    );
  };
  const pool = write.vouchers.data ?? item.vouchers;
  return (
    <Stack gap="xs">
      <Text fz="sm" data-testid="voucher-counts">
        {t('catalogAdmin.vouchers.counts', { available: pool.available, handedOut: pool.handedOut })}
      </Text>
      <Textarea
        label={t('catalogAdmin.vouchers.codes')}
        description={t('catalogAdmin.vouchers.hint', { max: storeLimits.vouchersPerUpload })}
        autosize
        minRows={3}
        maxRows={10}
        value={codes}
        error={
          tooMany ? t('catalogAdmin.vouchers.tooMany', { max: storeLimits.vouchersPerUpload }) : undefined
        }
        onChange={(e) => setCodes(e.currentTarget.value)}
      />
      {write.vouchers.isError ? (
        <Text c="red.8" role="alert" fz="sm">
          {apiErrorText(write.vouchers.error)}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          onClick={upload}
          loading={write.vouchers.isPending}
          disabled={list.length === 0 || tooMany}
        >
          {t('catalogAdmin.vouchers.upload', { count: list.length })}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Creates or edits an item: texts in the four languages, department, category, price, stock, kind (fixed
 * once created), low-stock threshold, cover photo and gallery, the loyalty level needed, the audience and
 * whether it is listed. Variants, dates and required courses an item already has are sent back as they are.
 */
function ItemDialog({ item, onClose }: { item: AdminItem | null; onClose: () => void }) {
  const { t } = useTranslation('store');
  const departments = useDepartments();
  const categories = useCategories();
  const write = useCatalogWrite();
  const [title, setTitle] = useState<Names>(namesOf(item?.title));
  const [description, setDescription] = useState<Names>(item ? namesOf(item.description) : emptyNames);
  const [departmentId, setDepartmentId] = useState<string | null>(item ? String(item.departmentId) : null);
  const [categoryId, setCategoryId] = useState<string | null>(item ? String(item.categoryId) : null);
  const [price, setPrice] = useState<number | ''>(item?.price ?? '');
  const [stock, setStock] = useState<number>(item?.stock ?? 0);
  const [kind, setKind] = useState<ItemKind>(item?.kind ?? 'physical');
  const [threshold, setThreshold] = useState<number>(item?.lowStockThreshold ?? 5);
  const [imageUrl, setImageUrl] = useState(item?.imageUrl ?? '');
  const [gallery, setGallery] = useState<string[]>(item?.gallery ?? []);
  const [minLevelId, setMinLevelId] = useState<number | null>(item?.minLevelId ?? null);
  const [audience, setAudience] = useState<StoreAudience>({
    areaIds: item?.audience.areaIds ?? [],
    countryIds: item?.audience.countryIds ?? [],
    roles: (item?.audience.roles ?? []) as StoreAudience['roles'],
  });
  const [active, setActive] = useState(item?.active ?? true);
  const [touched, setTouched] = useState(false);
  const hasVariants = (item?.variants.length ?? 0) > 0;
  const invalid = !title['pt-BR'].trim() || !departmentId || !categoryId || price === '' || price < 1;
  const save = () => {
    setTouched(true);
    if (invalid || write.item.isPending) return;
    write.item.mutate(
      {
        id: item?.id ?? null,
        body: {
          title,
          description,
          departmentId: Number(departmentId),
          categoryId: Number(categoryId),
          price,
          stock: kind === 'digital' ? 0 : stock,
          kind,
          lowStockThreshold: threshold,
          imageUrl: imageUrl.trim() || null,
          gallery: gallery.map((g) => g.trim()).filter(Boolean),
          audience,
          active,
          variants: item?.variants ?? [],
          availableFrom: item?.availableFrom ?? null,
          availableUntil: item?.availableUntil ?? null,
          requiredCourseIds: item?.requiredCourseIds ?? [],
          minLevelId,
        },
      },
      {
        onSuccess: () => {
          showNotification({ color: 'teal', message: t('catalogAdmin.saved') });
          onClose();
        },
      },
    );
  };
  const options = (rows: { id: number; name: { 'pt-BR': string } }[] | undefined) =>
    (rows ?? []).map((r) => ({ value: String(r.id), label: r.name['pt-BR'] }));
  const required = (v: unknown) => (touched && !v ? t('queue.required') : undefined);
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t(item ? 'catalogAdmin.items.edit' : 'catalogAdmin.items.new')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="sm">
        <NamesFields
          label={t('catalogAdmin.items.title')}
          value={title}
          onChange={setTitle}
          max={storeLimits.name}
          touched={touched}
        />
        <NamesFields
          label={t('catalogAdmin.items.description')}
          value={description}
          onChange={setDescription}
          required={false}
          long
          max={storeLimits.description}
          touched={touched}
        />
        <Group grow align="flex-start">
          <Select
            label={t('catalogAdmin.items.department')}
            data={options(departments.data?.items)}
            value={departmentId}
            onChange={setDepartmentId}
            required
            error={required(departmentId)}
          />
          <Select
            label={t('catalogAdmin.items.category')}
            data={options(categories.data?.items)}
            value={categoryId}
            onChange={setCategoryId}
            required
            error={required(categoryId)}
          />
        </Group>
        {item ? null : (
          <SegmentedControl
            aria-label={t('catalogAdmin.items.kind')}
            value={kind}
            onChange={(v) => setKind(v as ItemKind)}
            data={[
              { value: 'physical', label: t('catalogAdmin.items.physical') },
              { value: 'digital', label: t('catalogAdmin.items.digital') },
            ]}
          />
        )}
        <Group grow align="flex-start">
          <NumberInput
            label={t('catalogAdmin.items.price')}
            min={1}
            max={storeLimits.price}
            allowDecimal={false}
            required
            value={price}
            error={touched && (price === '' || price < 1) ? t('queue.required') : undefined}
            onChange={(v) => setPrice(typeof v === 'number' ? v : '')}
          />
          {kind === 'physical' && !hasVariants ? (
            <NumberInput
              label={t('catalogAdmin.items.stock')}
              min={0}
              max={storeLimits.stock}
              allowDecimal={false}
              value={stock}
              onChange={(v) => setStock(typeof v === 'number' ? v : 0)}
            />
          ) : null}
          <NumberInput
            label={t('catalogAdmin.items.threshold')}
            description={t('catalogAdmin.items.thresholdHint')}
            min={0}
            max={storeLimits.stock}
            allowDecimal={false}
            value={threshold}
            onChange={(v) => setThreshold(typeof v === 'number' ? v : 0)}
          />
        </Group>
        <TextInput
          label={t('catalogAdmin.items.image')}
          maxLength={2000}
          value={imageUrl}
          onChange={(e) => setImageUrl(e.currentTarget.value)}
        />
        <GalleryFields value={gallery} onChange={setGallery} />
        <LevelAndAudienceFields
          levelId={minLevelId}
          onLevel={setMinLevelId}
          audience={audience}
          onAudience={setAudience}
        />
        <Checkbox
          label={t('catalogAdmin.items.active')}
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
        />
        {write.item.isError ? (
          <Text c="red.8" role="alert" fz="sm">
            {apiErrorText(write.item.error)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('redeem.cancel')}
          </Button>
          <Button onClick={save} loading={write.item.isPending}>
            {t('catalogAdmin.save')}
          </Button>
        </Group>
        {item?.kind === 'digital' ? <VoucherPool item={item} /> : null}
      </Stack>
    </Modal>
  );
}

/** The store's items, searchable and paged, each opened in the editor. */
export function CatalogItems() {
  const { t } = useTranslation('store');
  const { points } = usePoints();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ item: AdminItem | null } | null>(null);
  const query = useAdminItems(q, page);
  const data = query.data;
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <TextInput
          label={t('catalogAdmin.items.search')}
          maxLength={storeLimits.search}
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Button onClick={() => setEditing({ item: null })}>{t('catalogAdmin.items.new')}</Button>
      </Group>
      <ListState
        pending={query.isPending}
        error={query.isError ? query.error : null}
        empty={(data?.items.length ?? 0) === 0}
        emptyText={t('catalogAdmin.items.empty')}
        onRetry={() => void query.refetch()}
      >
        <Stack gap="xs">
          {data?.items.map((item) => (
            <Paper key={item.id} withBorder radius="md" p="sm" data-testid="catalog-item">
              <Group justify="space-between" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.title['pt-BR']}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {t('catalogAdmin.items.line', {
                      price: points(item.price),
                      stock:
                        item.variants.length > 0
                          ? item.variants.reduce((n, v) => n + v.stock, 0)
                          : item.stock,
                      threshold: item.lowStockThreshold,
                    })}
                  </Text>
                </Stack>
                <Group gap="xs">
                  {item.kind === 'digital' ? (
                    <Badge variant="light">{t('catalogAdmin.items.digital')}</Badge>
                  ) : null}
                  {item.active ? null : <Badge color="gray">{t('catalogAdmin.items.inactive')}</Badge>}
                  <Button size="xs" variant="light" onClick={() => setEditing({ item })}>
                    {t('catalogAdmin.edit')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
        {data ? (
          <PaginationBar page={page} pageSize={ADMIN_ITEMS_PAGE_SIZE} total={data.total} onChange={setPage} />
        ) : null}
      </ListState>
      {editing ? (
        <ItemDialog key={editing.item?.id ?? 'new'} item={editing.item} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}
