import { Group, Pagination, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/**
 * "Showing 13–24 of 40" and the page buttons under a list; nothing when everything fits on one page.
 * The text and the buttons wrap onto two lines (and the buttons get smaller) at phone width.
 */
export function PaginationBar({
  page,
  pageSize,
  total,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('common');
  const phone = useMediaQuery('(max-width: 30em)');
  if (total <= pageSize) return null;
  const pages = Math.ceil(total / pageSize);
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" component="nav" aria-label={t('pagination.label')}>
      <Text fz="sm" c="dimmed">
        {t('pagination.showing', { from, to, total })}
      </Text>
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
    </Group>
  );
}
