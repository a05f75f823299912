import { Button, SimpleGrid, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PaginationBar } from '../../../components/pagination-bar';
import { resetListFilters, type ListKey } from '../filters/list-filters-store';
import { CardGridSkeleton, EmptyList, LoadError } from './catalog-states';

interface CardPage {
  items: { id: number }[];
  page: number;
  pageSize: number;
  total: number;
}

/** An empty list: "nothing yet", or with filters on, "no results" and a button that clears them. */
function NoResults({ list, filtered, onClear }: { list: ListKey; filtered: boolean; onClear: () => void }) {
  const { t } = useTranslation('learning');
  if (!filtered) {
    return <EmptyList title={t(`list.empty.${list}`)} description={t('list.emptyHint')} />;
  }
  return (
    <EmptyList
      title={t('list.noResults')}
      description={t('list.noResultsHint')}
      action={
        <Button
          variant="light"
          onClick={() => {
            resetListFilters(list);
            onClear();
          }}
        >
          {t('filters.clear')}
        </Button>
      }
    />
  );
}

/**
 * One page of course or trail cards: the card skeleton while it loads, the error with retry, then the
 * `summary` (the count line), the cards (dimmed while the next page loads) or the empty state, and the
 * pages. Clearing the filters from the empty state goes back to page 1.
 */
export function CatalogGrid<P extends CardPage>({
  list,
  query,
  filtered,
  onPage,
  summary,
  card,
}: {
  list: ListKey;
  query: UseQueryResult<P>;
  filtered: boolean;
  onPage: (page: number) => void;
  summary: (data: P) => ReactNode;
  card: (item: P['items'][number]) => ReactNode;
}) {
  if (query.isPending) return <CardGridSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <Stack gap="lg">
      {summary(data)}
      {data.items.length === 0 ? (
        <NoResults list={list} filtered={filtered} onClear={() => onPage(1)} />
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, lg: 3 }}
          spacing="lg"
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
        >
          {data.items.map((item) => (
            <Fragment key={item.id}>{card(item)}</Fragment>
          ))}
        </SimpleGrid>
      )}
      <PaginationBar page={data.page} pageSize={data.pageSize} total={data.total} onChange={onPage} />
    </Stack>
  );
}
