import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { PaginationBar } from './pagination-bar';
import { TableFrame } from './table-frame';

/**
 * The frame of a paged back-office table: the TableFrame (bordered box, list states with `emptyText` when
 * the list has no rows at all, horizontal scroll, `scrollLabel`) and the count with the page buttons under
 * it. `children` renders the table alone from the loaded page; a page past the last one moves to the last.
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
      <TableFrame query={query} empty={data?.total === 0} emptyText={emptyText} scrollLabel={scrollLabel}>
        {data ? children(data) : null}
      </TableFrame>
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
