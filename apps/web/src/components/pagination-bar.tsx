import { Group, Pagination, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/**
 * "Showing 13–24 of 40" and the page buttons under a list. When everything fits on one page: nothing,
 * or with `alwaysCount` (back-office lists, where the count matters) the text alone. The text and the
 * buttons wrap onto two lines (and the buttons get smaller) at phone width.
 */
export function PaginationBar({
  page,
  pageSize,
  total,
  onChange,
  alwaysCount = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  alwaysCount?: boolean;
}) {
  const { t } = useTranslation('common');
  const phone = useMediaQuery('(max-width: 30em)');
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1 && !(alwaysCount && total > 0)) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" component="nav" aria-label={t('pagination.label')}>
      <Text fz="sm" c="dimmed">
        {/* A page past the end (an old address) shows the total alone. */}
        {from <= total
          ? t('pagination.showing', { from, to, total })
          : t('pagination.total', { count: total })}
      </Text>
      {pages > 1 ? (
        <Pagination
          value={page}
          total={pages}
          onChange={onChange}
          size={phone ? 'sm' : 'md'}
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({
            'aria-label':
              control === 'next'
                ? t('pagination.next')
                : control === 'previous'
                  ? t('pagination.previous')
                  : undefined,
          })}
          getItemProps={(item) => ({ 'aria-label': t('pagination.page', { page: item }) })}
        />
      ) : null}
    </Group>
  );
}
