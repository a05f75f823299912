import { useRewardsSummary } from '../../../lib/rewards-summary';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoins, IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListState } from '../../../components/list-state';
import { PaginationBar } from '../../../components/pagination-bar';
import { emptyFilters, useStoreCatalog, useStoreItems, type StoreFilters } from '../api/store';
import { usePoints } from '../components/format';
import { ItemCard } from '../components/item-card';
import { StoreFiltersBar } from '../components/store-filters';

/** The learner's points available to spend (points − held by orders awaiting approval). */
function PointsCard({ fallback }: { fallback: number | undefined }) {
  const { t } = useTranslation('store');
  const { number } = usePoints();
  const summary = useRewardsSummary();
  const available = summary.data?.available ?? fallback;
  return (
    <Card withBorder padding="md" radius="md">
      <Group wrap="nowrap" justify="space-between" gap="sm">
        <Group wrap="nowrap" gap="sm">
          <ThemeIcon variant="light" size={44} radius="md" color="yellow">
            <IconCoins size={24} aria-hidden />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fz="sm" c="dimmed">
              {t('available')}
            </Text>
            {available === undefined ? (
              <Skeleton h={24} w={90} />
            ) : (
              <Text fz="xl" fw={700} data-testid="store-available">
                {number(available)}
              </Text>
            )}
            {summary.data && summary.data.held > 0 ? (
              <Text fz="xs" c="dimmed">
                {t('held', { n: number(summary.data.held) })}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <Text component={Link} to="/profile?tab=orders" fz="sm" c="brand.7" td="underline">
          <Group gap={4} wrap="nowrap" component="span">
            <IconPackage size={16} aria-hidden />
            {t('myOrders')}
          </Group>
        </Text>
      </Group>
    </Card>
  );
}

/** /reward-store: the rewards the learner may spend points on, filtered, sorted and paged. */
export default function StorePage() {
  const { t } = useTranslation('store');
  const [filters, setFilters] = useState<StoreFilters>(emptyFilters);
  const [page, setPage] = useState(1);
  const catalog = useStoreCatalog();
  const items = useStoreItems(filters, page);
  const data = items.data;

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <PointsCard fallback={data?.available} />
      <Card withBorder padding="md" radius="md" component="section" aria-label={t('filters.title')}>
        <Stack gap="sm">
          <StoreFiltersBar
            filters={filters}
            catalog={catalog.data}
            onChange={(next) => {
              setFilters(next);
              setPage(1);
            }}
          />
        </Stack>
      </Card>
      <Text fz="sm" c="dimmed" aria-live="polite" data-testid="store-total">
        {data ? t('count', { count: data.total }) : ''}
      </Text>
      <ListState
        pending={items.isPending}
        error={items.isError ? items.error : null}
        empty={(data?.items.length ?? 0) === 0}
        emptyText={JSON.stringify(filters) === JSON.stringify(emptyFilters) ? t('empty') : t('emptyFiltered')}
        onRetry={() => void items.refetch()}
      >
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
          spacing="md"
          style={{ opacity: items.isPlaceholderData ? 0.6 : 1 }}
        >
          {data?.items.map((item) => (
            <ItemCard key={item.id} item={item} />
          ))}
        </SimpleGrid>
        {data ? (
          <PaginationBar
            page={page}
            pageSize={data.pageSize}
            total={data.total}
            onChange={(p) => {
              setPage(p);
              window.scrollTo({ top: 0 });
            }}
          />
        ) : null}
      </ListState>
    </Stack>
  );
}
