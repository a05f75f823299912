import { Paper, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListState } from './list-state';

/**
 * A back-office table's bordered box: the list states of its query (loading, error with retry, `emptyText`
 * when `empty`) and a horizontal scroll inside the box for a table wider than the screen (give the table a
 * `miw`). With `scrollLabel` the scroll box is a named region that takes the keyboard focus, for tables
 * with nothing focusable to scroll them by. A paged list uses PagedList, which adds the count and pages.
 */
export function TableFrame({
  query,
  empty,
  emptyText,
  scrollLabel,
  children,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  empty: boolean;
  emptyText: string;
  scrollLabel?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md">
      <ListState
        pending={query.isPending}
        error={query.error}
        empty={empty}
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
          {children}
        </Table.ScrollContainer>
      </ListState>
    </Paper>
  );
}
