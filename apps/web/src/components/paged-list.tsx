import { Paper, Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ListState } from './list-state';
import { PaginationBar } from './pagination-bar';

/**
 * The frame of a back-office table: a bordered box with the list states (loading, error with retry,
 * `emptyText` when the list has no rows at all), a horizontal scroll inside the box for a table wider
 * than the screen (give the table a `miw`), and the count with the page buttons under it. `children`
 * renders the table alone from the loaded page; a page past the last one moves to the last. With `scrollLabel` the scroll box is a named region
 * that takes the keyboard focus, for tables with nothing focusable to scroll them by.
 */
export function PagedList<T extends { total: number; pageSize: number }>({
  query,
  page,
  onPage,
  emptyText,
  scrollLabel,
  children,
}: {
  query: UseQueryResult<T>;
  page: number;
  onPage: (page: number) => void;
  emptyText: string;
  scrollLabel?: string;
  children: (data: T) => ReactNode;
}) {
  const { data } = query;
  // A page that no longer exists (the last rows were removed, an old address): go to the last one.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : page;
  useEffect(() => {
    if (page > lastPage) onPage(lastPage);
  }, [page, lastPage, onPage]);
  return (
    <>
      <Paper withBorder radius="md">
        <ListState
          pending={query.isPending}
          error={query.error}
          empty={data?.total === 0}
          emptyText={emptyText}
          onRetry={() => void query.refetch()}
        >
          <Table.ScrollContainer
            minWidth={0}
            scrollAreaProps={
              scrollLabel
                ? { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': scrollLabel } }
                : undefined
            }
          >
            {data ? children(data) : null}
          </Table.ScrollContainer>
        </ListState>
      </Paper>
      {data ? (
        <PaginationBar
          alwaysCount
          page={page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={onPage}
        />
      ) : null}
    </>
  );
}
