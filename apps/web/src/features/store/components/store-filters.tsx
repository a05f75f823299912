import {
  Button,
  Chip,
  Group,
  NumberInput,
  ScrollArea,
  Select,
  SimpleGrid,
  Switch,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { StoreCatalog } from '@trilha/contracts/store';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyFilters, type StoreFilters, type StoreSort } from '../api/store';

const sorts: StoreSort[] = ['popular', 'az', 'price_asc', 'price_desc'];
const MAX_PRICE = 10_000_000;

const asNumber = (value: string | number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(MAX_PRICE, value)) : null;

/**
 * The store's search, departments (a row of chips), category, price range, "affordable with my points" and
 * sort. Every change goes up at once except the search, which waits for a pause in typing.
 */
export function StoreFiltersBar({
  filters,
  catalog,
  onChange,
}: {
  filters: StoreFilters;
  catalog: StoreCatalog | undefined;
  onChange: (next: StoreFilters) => void;
}) {
  const { t } = useTranslation('store');
  const [q, setQ] = useState(filters.q);
  const pushSearch = useDebouncedCallback((value: string) => onChange({ ...filters, q: value }), 350);
  const set = (patch: Partial<StoreFilters>) => onChange({ ...filters, ...patch });
  const departments = catalog?.departments ?? [];
  const categories = catalog?.categories ?? [];
  const changed = JSON.stringify({ ...filters, sort: 'popular' }) !== JSON.stringify(emptyFilters);

  return (
    <>
      <TextInput
        type="search"
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={q}
        maxLength={100}
        onChange={(e) => {
          setQ(e.currentTarget.value);
          pushSearch(e.currentTarget.value);
        }}
      />
      {departments.length > 0 ? (
        <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars>
          <Chip.Group
            value={filters.departmentId === null ? 'all' : String(filters.departmentId)}
            onChange={(v) => set({ departmentId: v === 'all' ? null : Number(v) })}
          >
            <Group gap="xs" wrap="nowrap" role="radiogroup" aria-label={t('filters.department')}>
              <Chip value="all" type="radio">
                {t('filters.allDepartments')}
              </Chip>
              {departments.map((d) => (
                <Chip key={d.id} value={String(d.id)} type="radio">
                  {d.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </ScrollArea>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="sm">
        <Select
          label={t('filters.category')}
          data={[
            { value: 'all', label: t('filters.allCategories') },
            ...categories.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
          value={filters.categoryId === null ? 'all' : String(filters.categoryId)}
          onChange={(v) => set({ categoryId: !v || v === 'all' ? null : Number(v) })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('filters.sort')}
          data={sorts.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
          value={filters.sort}
          onChange={(v) => set({ sort: (v as StoreSort | null) ?? 'popular' })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label={t('filters.priceMin')}
          min={0}
          max={MAX_PRICE}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator="."
          decimalSeparator=","
          value={filters.priceMin ?? ''}
          onChange={(v) => set({ priceMin: asNumber(v) })}
        />
        <NumberInput
          label={t('filters.priceMax')}
          min={0}
          max={MAX_PRICE}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator="."
          decimalSeparator=","
          value={filters.priceMax ?? ''}
          onChange={(v) => set({ priceMax: asNumber(v) })}
        />
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Switch
          label={t('filters.affordable')}
          checked={filters.affordable}
          onChange={(e) => set({ affordable: e.currentTarget.checked })}
        />
        {changed ? (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setQ('');
              onChange({ ...emptyFilters, sort: filters.sort });
            }}
          >
            {t('filters.clear')}
          </Button>
        ) : null}
      </Group>
    </>
  );
}
