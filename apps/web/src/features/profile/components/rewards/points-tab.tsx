import { useRewardsSummary } from '../../../../lib/rewards-summary';
import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconCoin,
  IconDownload,
  IconHourglass,
} from '@tabler/icons-react';
import { ledgerSource, type LedgerSource, type StatementItem } from '@trilha/contracts/rewards/ledger';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../../components/date-field';
import { PaginationBar } from '../../../../components/pagination-bar';
import { currentLanguage } from '../../../../lib/i18n';
import { showNotification } from '../../../../lib/notify';
import {
  downloadStatement,
  useRewardsHistory,
  useStatement,
  type StatementFilterValues,
} from '../../api/rewards';
import { formatDay, formatNumber, formatSigned } from './format';
import { PointsChart } from './points-chart';
import { RewardsError } from './rewards-states';

const validDay = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} data-testid="figure-value">
        {value}
      </Text>
      {hint ? (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

function SummarySkeleton() {
  const { t } = useTranslation('rewards');
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} aria-busy="true" aria-label={t('states.loading')}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h={92} radius="md" />
      ))}
    </SimpleGrid>
  );
}

function StatementLine({ item }: { item: StatementItem }) {
  const { t } = useTranslation('rewards');
  const language = currentLanguage();
  const credit = item.amount >= 0;
  const unit = item.ledger === 'xp' ? t('units.xp') : t('units.points', { count: Math.abs(item.amount) });
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="statement-line">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Group wrap="nowrap" align="flex-start" gap="sm" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" color={credit ? 'teal' : 'red'} radius="xl" aria-hidden>
            {credit ? <IconArrowUpRight size={18} /> : <IconArrowDownRight size={18} />}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {t(`sources.${item.source}`)}
              {item.refLabel ? ` · ${item.refLabel}` : ''}
            </Text>
            {item.reason ? (
              <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {item.reason}
              </Text>
            ) : null}
            <Text fz="xs" c="dimmed">
              {formatDay(item.createdAt, language)}
              {item.expiresAt && item.amount > 0
                ? ` · ${t('points.expiresOn', { date: formatDay(item.expiresAt, language) })}`
                : ''}
            </Text>
          </Stack>
        </Group>
        <Text fw={700} c={credit ? 'teal.9' : 'red.9'} style={{ whiteSpace: 'nowrap' }} data-testid="amount">
          <span aria-hidden>
            {formatSigned(item.amount, language)} {unit}
          </span>
          <VisuallyHidden>
            {t(credit ? 'points.creditLabel' : 'points.debitLabel', {
              amount: formatNumber(Math.abs(item.amount), language),
              unit,
            })}
          </VisuallyHidden>
        </Text>
      </Group>
    </Paper>
  );
}

function Statement() {
  const { t } = useTranslation('rewards');
  const [source, setSource] = useState<LedgerSource | 'all'>('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filters: StatementFilterValues = { source, from: validDay(from), to: validDay(to) };
  const rangeInvalid = Boolean(filters.from && filters.to && filters.from > filters.to);
  const statement = useStatement(rangeInvalid ? { source } : filters, page);
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadStatement(rangeInvalid ? { source } : filters);
    } catch {
      showNotification({ color: 'red', message: t('points.exportFailed') });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="rewards-statement-title">
      <Title order={3} fz="h4" id="rewards-statement-title">
        {t('points.statement')}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('points.filters.source')}
            value={source}
            onChange={(e) => reset(setSource)(e.currentTarget.value as LedgerSource | 'all')}
            data={[
              { value: 'all', label: t('points.filters.anySource') },
              ...ledgerSource.options.map((s) => ({ value: s, label: t(`sources.${s}`) })),
            ]}
            w={{ base: '100%', sm: 220 }}
          />
          <DateField
            label={t('points.filters.from')}
            value={from}
            onChange={reset(setFrom)}
            w={{ base: 'calc(50% - 6px)', sm: 150 }}
          />
          <DateField
            label={t('points.filters.to')}
            value={to}
            onChange={reset(setTo)}
            w={{ base: 'calc(50% - 6px)', sm: 150 }}
            error={rangeInvalid ? t('points.filters.rangeInvalid') : undefined}
          />
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            onClick={() => void onExport()}
          >
            {t('points.export')}
          </Button>
        </Group>
      </Paper>
      {statement.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('states.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={72} radius="md" />
          ))}
        </Stack>
      ) : statement.isError ? (
        <RewardsError error={statement.error} onRetry={() => void statement.refetch()} />
      ) : statement.data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {t('points.noLines')}
        </Text>
      ) : (
        <>
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none', opacity: statement.isPlaceholderData ? 0.6 : 1 }}
            aria-label={t('points.statement')}
            aria-busy={statement.isFetching}
          >
            {statement.data.items.map((item) => (
              <StatementLine key={item.id} item={item} />
            ))}
          </Stack>
          <PaginationBar
            page={page}
            pageSize={statement.data.pageSize}
            total={statement.data.total}
            onChange={setPage}
          />
        </>
      )}
    </Stack>
  );
}

/** Profile → Points: balances, what expires when, the points and XP over time, and the statement. */
export function PointsTab() {
  const { t } = useTranslation('rewards');
  const language = currentLanguage();
  const summary = useRewardsSummary();
  const history = useRewardsHistory();

  if (summary.isPending) return <SummarySkeleton />;
  if (summary.isError) return <RewardsError error={summary.error} onRetry={() => void summary.refetch()} />;
  const data = summary.data;

  if (data.lastEntryAt === null) {
    return (
      <Stack align="center" py={48} gap="sm" ta="center">
        <ThemeIcon variant="light" size={64} radius="xl" aria-hidden>
          <IconCoin size={36} />
        </ThemeIcon>
        <Title order={2} fz="h4">
          {t('points.empty.title')}
        </Title>
        <Text c="dimmed" maw={420}>
          {t('points.empty.description')}
        </Text>
        <Anchor component={Link} to="/online-courses" fw={600}>
          {t('points.empty.link')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="rewards-balance-title">
        <Title order={2} fz="h4" id="rewards-balance-title">
          {t('points.balanceTitle')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label={t('points.balance')} value={formatNumber(data.points, language)} />
          <Figure
            label={t('points.held')}
            value={formatNumber(data.held, language)}
            hint={t('points.heldHint')}
          />
          <Figure label={t('points.available')} value={formatNumber(data.available, language)} />
          <Figure label={t('points.xp')} value={formatNumber(data.xp, language)} />
        </SimpleGrid>
      </Stack>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="rewards-expiring-title">
        <Group gap="xs" mb="xs">
          <IconHourglass size={18} aria-hidden />
          <Title order={3} fz="h5" id="rewards-expiring-title">
            {t('points.expiring.title')}
          </Title>
        </Group>
        {data.expiring.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('points.expiring.none')}
          </Text>
        ) : (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
            {data.expiring.map((lot) => (
              <Text component="li" fz="sm" key={lot.expiresAt}>
                {t('points.expiring.line', {
                  count: lot.points,
                  points: formatNumber(lot.points, language),
                  date: formatDay(lot.expiresAt, language),
                })}
              </Text>
            ))}
          </Stack>
        )}
      </Paper>

      {history.isPending ? (
        <Skeleton h={280} radius="md" aria-label={t('states.loading')} />
      ) : history.isError ? (
        <RewardsError error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.series.length > 0 ? (
        <PointsChart series={history.data.series} />
      ) : null}

      <Statement />
    </Stack>
  );
}
