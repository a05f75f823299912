import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Previous / next under a back-office list; nothing when everything fits on one page. */
export function Pager({
  data,
  page,
  onPage,
}: {
  data: { total: number; pageSize: number } | undefined;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('learning-admin');
  if (!data || data.total <= data.pageSize) return null;
  return (
    <Group justify="flex-end">
      <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('list.previous')}
      </Button>
      <Button
        variant="default"
        disabled={page * data.pageSize >= data.total}
        onClick={() => onPage(page + 1)}
      >
        {t('list.next')}
      </Button>
    </Group>
  );
}
