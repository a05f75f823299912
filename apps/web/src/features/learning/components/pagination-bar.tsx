import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Showing 13–24 of 40" and the page buttons; nothing when everything fits on one page. */
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
  const { t } = useTranslation('learning');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" component="nav" aria-label={t('pagination.label')}>
      <Text fz="sm" c="dimmed">
        {t('pagination.showing', { from, to, total })}
      </Text>
      <Pagination
        value={page}
        total={pages}
        onChange={onChange}
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
