import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../components/list-state';
import { useLowStock } from '../api/store';

/** The back office's list of active rewards (or their sizes and colours) at or under their threshold. */
export function LowStockPanel() {
  const { t } = useTranslation('store');
  const query = useLowStock();
  const items = query.data?.items ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="low-stock-title">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="h4" id="low-stock-title">
            {t('lowStock.title')}
          </Title>
          {items.length > 0 ? <Badge color="orange">{items.length}</Badge> : null}
        </Group>
        <Text fz="sm" c="dimmed">
          {t('lowStock.intro')}
        </Text>
        <ListState
          pending={query.isPending}
          error={query.isError ? query.error : null}
          empty={items.length === 0}
          emptyText={t('lowStock.none')}
          onRetry={() => void query.refetch()}
        >
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((i) => (
              <Group
                key={`${i.itemId}-${i.variantId ?? 0}`}
                component="li"
                justify="space-between"
                gap="xs"
                data-testid="low-stock-item"
              >
                <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {i.variantLabel ? `${i.title} (${i.variantLabel})` : i.title}
                </Text>
                <Text fz="sm" c={i.stock === 0 ? 'red.8' : 'orange.9'}>
                  {t('lowStock.left', { count: i.stock, threshold: i.threshold })}
                </Text>
              </Group>
            ))}
          </Stack>
        </ListState>
      </Stack>
    </Paper>
  );
}
