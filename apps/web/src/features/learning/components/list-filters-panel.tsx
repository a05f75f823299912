import {
  Badge,
  Button,
  CloseButton,
  Drawer,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import type { NamedItem } from '@trilha/contracts/learning';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterOptions } from '../api/catalog';
import {
  activeFilterCount,
  resetListFilters,
  saveListFilter,
  type IdSelection,
  type ListFilters,
  type ListKey,
} from '../filters/list-filters-store';

const idFields = [
  ['selected_areas', 'areas'],
  ['selected_groups', 'groups'],
  ['selected_tags', 'tags'],
  ['selected_categories', 'categories'],
] as const;

function toSelection(values: string[]): IdSelection {
  return values.length ? values.map(Number) : 'all';
}

function fromSelection(value: IdSelection): string[] {
  return value === 'all' ? [] : value.map(String);
}

function options(items: NamedItem[]) {
  return items.map((item) => ({ value: String(item.id), label: item.name }));
}

/**
 * Favorite, progress, search, areas, groups, tags, subscription and categories. Each change is saved at
 * once, field by field; "clear filters" saves the whole set back to `all`.
 */
export function ListFiltersPanel({
  list,
  filters,
  onChange,
}: {
  list: ListKey;
  filters: ListFilters;
  /** Called after a filter changed (the page goes back to 1). */
  onChange: () => void;
}) {
  const { t } = useTranslation('learning');
  const { data } = useFilterOptions();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [opened, { open, close }] = useDisclosure(false);
  const [search, setSearch] = useState(filters.search);
  const [shownSearch, setShownSearch] = useState(filters.search);
  // The saved search changed elsewhere (cleared): show it.
  if (filters.search !== shownSearch) {
    setShownSearch(filters.search);
    setSearch(filters.search);
  }
  const count = activeFilterCount(filters);

  const save = <K extends keyof ListFilters>(field: K, value: ListFilters[K]) => {
    saveListFilter(list, field, value);
    onChange();
  };
  const saveSearch = useDebouncedCallback((value: string) => {
    setShownSearch(value);
    save('search', value);
  }, 350);

  const searchField = (
    <TextInput
      label={t('filters.search')}
      placeholder={t(list === 'courses' ? 'filters.searchCourses' : 'filters.searchTrails')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={search}
      onChange={(event) => {
        setSearch(event.currentTarget.value);
        saveSearch(event.currentTarget.value);
      }}
      rightSection={
        search ? (
          <CloseButton
            aria-label={t('filters.clearSearch')}
            onClick={() => {
              setSearch('');
              saveSearch('');
              saveSearch.flush();
            }}
          />
        ) : null
      }
      maxLength={100}
      type="search"
    />
  );

  const fields = (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" verticalSpacing="sm">
        <Stack gap={4}>
          <Text component="span" id={`${list}-favorite-label`} fz="sm" fw={500}>
            {t('filters.favorite')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${list}-favorite-label`}
            value={filters.favorite}
            onChange={(value) => save('favorite', value as ListFilters['favorite'])}
            data={[
              { value: 'all', label: t('filters.all') },
              { value: 'favorites', label: t('filters.favorites') },
            ]}
            fullWidth
          />
        </Stack>
        <Select
          label={t('filters.progress')}
          value={filters.progress}
          onChange={(value) => save('progress', (value ?? 'all') as ListFilters['progress'])}
          allowDeselect={false}
          data={[
            { value: 'all', label: t('filters.all') },
            { value: 'not_started', label: t('status.not_started') },
            { value: 'in_progress', label: t('status.in_progress') },
            { value: 'finished', label: t('filters.finished') },
          ]}
          data-testid="filter-progress"
        />
        <Select
          label={t('filters.subscription')}
          value={filters.subscription_type}
          onChange={(value) =>
            save('subscription_type', (value ?? 'all') as ListFilters['subscription_type'])
          }
          allowDeselect={false}
          data={[
            { value: 'all', label: t('filters.all') },
            { value: 'subscribed', label: t('filters.subscribed') },
            { value: 'not_subscribed', label: t('filters.notSubscribed') },
          ]}
        />
        {idFields.map(([field, source]) => {
          const items = data?.[source] ?? [];
          if (!items.length) return null;
          return (
            <MultiSelect
              key={field}
              label={t(`filters.${source}`)}
              placeholder={
                filters[field] === 'all'
                  ? t(source === 'categories' ? 'filters.allF' : 'filters.all')
                  : undefined
              }
              data={options(items)}
              value={fromSelection(filters[field])}
              onChange={(values) => save(field, toSelection(values))}
              searchable
              clearable
              nothingFoundMessage={t('filters.noMatch')}
              comboboxProps={{ withinPortal: true }}
            />
          );
        })}
      </SimpleGrid>
      {count ? (
        <Group justify="flex-end">
          <Button
            variant="subtle"
            onClick={() => {
              resetListFilters(list);
              setSearch('');
              onChange();
            }}
          >
            {t('filters.clear')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );

  if (isPhone) {
    return (
      <Stack gap="sm">
        {searchField}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            rightSection={
              count ? (
                <Badge size="sm" circle>
                  {count}
                </Badge>
              ) : null
            }
            onClick={open}
            aria-haspopup="dialog"
          >
            {t('filters.title')}
          </Button>
        </Group>
        <Drawer
          opened={opened}
          onClose={close}
          title={t('filters.title')}
          position="bottom"
          size="auto"
          closeButtonProps={{ 'aria-label': t('filters.close') }}
        >
          {fields}
          <Button fullWidth mt="md" onClick={close}>
            {t('filters.apply')}
          </Button>
        </Drawer>
      </Stack>
    );
  }

  return (
    <Stack gap="md" component="section" aria-label={t('filters.title')}>
      {searchField}
      {fields}
    </Stack>
  );
}
