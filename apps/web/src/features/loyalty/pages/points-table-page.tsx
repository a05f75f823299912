import {
  Alert,
  Button,
  Card,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconTable } from '@tabler/icons-react';
import { loyaltyLimits } from '@trilha/contracts/loyalty';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PaginationBar } from '../../../components/pagination-bar';
import { WrapBadge } from '../../../components/wrap-badge';
import { apiErrorText } from '../../../lib/form-errors';
import { currentCampaign, useMyCampaigns, usePointsTable } from '../api/loyalty';
import { useFormat } from '../components/format';
import classes from '../components/loyalty.module.css';

type Rows = NonNullable<ReturnType<typeof usePointsTable>['data']>['items'];

function PhoneList({ rows }: { rows: Rows }) {
  const { t } = useTranslation('loyalty');
  const f = useFormat();
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('points.list')}>
      {rows.map((r) => (
        <li key={r.productId} className={classes.pointsRow}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} fz="sm">
                {r.name}
              </Text>
              <Text fz="xs" c="dimmed">
                {t('points.productLine', { brand: r.brand, sku: r.sku, type: r.productType })}
              </Text>
              <Text fz="xs" c="dimmed">
                {r.processor} · {r.processorGeneration} · {r.formFactor}
              </Text>
            </div>
            <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
              <Text fw={700} c="teal.9">
                {t('points.myValue', { value: f.number(r.myPoints) })}
              </Text>
              <Text fz="xs" c="dimmed">
                {t('points.baseValue', { value: f.number(r.points) })}
              </Text>
            </Stack>
          </Group>
        </li>
      ))}
    </Stack>
  );
}

function WideTable({ rows }: { rows: Rows }) {
  const { t } = useTranslation('loyalty');
  const f = useFormat();
  return (
    <Table striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('points.columns.product')}</Table.Th>
          <Table.Th>{t('points.columns.sku')}</Table.Th>
          <Table.Th>{t('points.columns.brand')}</Table.Th>
          <Table.Th>{t('points.columns.type')}</Table.Th>
          <Table.Th>{t('points.columns.processor')}</Table.Th>
          <Table.Th ta="right">{t('points.columns.points')}</Table.Th>
          <Table.Th ta="right">{t('points.columns.myPoints')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.productId}>
            <Table.Td>
              <Text fz="sm" fw={600}>
                {r.name}
              </Text>
              <Text fz="xs" c="dimmed">
                {r.formFactor}
              </Text>
            </Table.Td>
            <Table.Td>{r.sku}</Table.Td>
            <Table.Td>{r.brand}</Table.Td>
            <Table.Td>{r.productType}</Table.Td>
            <Table.Td>
              {r.processor} · {r.processorGeneration}
            </Table.Td>
            <Table.Td ta="right">{f.number(r.points)}</Table.Td>
            <Table.Td ta="right" fw={700}>
              {f.number(r.myPoints)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * `/points-table`: the current campaign's products with their points and what one unit earns me at my
 * level's multiplier; searched (debounced) and paged. A list on phones, a table on wider screens.
 */
export default function PointsTablePage() {
  const { t } = useTranslation('loyalty');
  const f = useFormat();
  const phone = useMediaQuery('(max-width: 48em)');
  const campaigns = useMyCampaigns();
  const active = (campaigns.data?.items ?? []).filter((c) => c.status === 'active');
  const [chosen, setChosen] = useState<number | null>(null);
  const campaignId = chosen ?? (campaigns.data ? (currentCampaign(campaigns.data.items)?.id ?? null) : null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const table = usePointsTable(campaignId, debounced, page);

  const header = (
    <Stack gap={4}>
      <Title order={1}>{t('points.title')}</Title>
      <Text c="dimmed">{t('points.intro')}</Text>
    </Stack>
  );

  if (campaigns.isError || table.isError) {
    const failed = campaigns.isError ? campaigns : table;
    return (
      <Stack gap="lg" maw={1100} mx="auto" w="100%">
        {header}
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{apiErrorText(failed.error)}</Text>
            <Button size="compact-sm" variant="white" onClick={() => void failed.refetch()}>
              {t('tryAgain')}
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  }

  if (campaigns.data && campaignId === null) {
    return (
      <Stack gap="lg" maw={1100} mx="auto" w="100%">
        {header}
        <Stack align="center" py="xl" gap="xs">
          <IconTable size={40} stroke={1.4} aria-hidden />
          <Text fw={600}>{t('points.noCampaign')}</Text>
          <Button component={Link} to="/campaigns" variant="light">
            {t('points.seeCampaigns')}
          </Button>
        </Stack>
      </Stack>
    );
  }

  const data = table.data;
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      {header}
      <Card withBorder radius="md" padding="md">
        {data ? (
          <Group justify="space-between" gap="sm">
            <Stack gap={2}>
              <Text fz="xs" c="dimmed">
                {t('points.myLevel')}
              </Text>
              <Text fw={700} fz="lg" data-testid="my-level">
                {data.level?.name ?? t('points.noLevel')}
              </Text>
            </Stack>
            <WrapBadge size="xl" variant="light" color="teal" title={t('points.multiplierLabel')}>
              {t('points.multiplier', { value: f.number(data.multiplier) })}
            </WrapBadge>
          </Group>
        ) : (
          <Skeleton h={48} />
        )}
      </Card>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {active.length > 1 ? (
          <Select
            label={t('points.campaign')}
            data={active.map((c) => ({ value: String(c.id), label: c.name }))}
            value={campaignId === null ? null : String(campaignId)}
            onChange={(v) => {
              if (v) setChosen(Number(v));
              setPage(1);
            }}
            allowDeselect={false}
            w={{ base: '100%', sm: 280 }}
          />
        ) : null}
        <TextInput
          label={t('points.search')}
          placeholder={t('points.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          maxLength={loyaltyLimits.search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1 }}
          miw={220}
        />
      </Group>
      <Paper withBorder radius="md" p={phone ? 'sm' : 0}>
        {!data ? (
          <Stack gap="xs" p="sm" aria-busy="true" aria-label={t('loading')}>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} h={36} />
            ))}
          </Stack>
        ) : data.total === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {debounced ? t('points.noMatch') : t('points.empty')}
          </Text>
        ) : phone ? (
          <PhoneList rows={data.items} />
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <WideTable rows={data.items} />
          </Table.ScrollContainer>
        )}
      </Paper>
      {data ? (
        <PaginationBar page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
      ) : null}
    </Stack>
  );
}
