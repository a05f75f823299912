import {
  Badge,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { RankingMetric, RankingPeriod, RankingRow } from '@trilha/contracts/ranking';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../components/list-state';
import { PaginationBar } from '../../../components/pagination-bar';
import { currentLanguage } from '../../../lib/i18n';
import { apiErrorText } from '../../../lib/form-errors';
import {
  RANKING_PAGE_SIZE,
  useRankingMe,
  useRankingPage,
  useSetHideName,
  type RankingSelection,
} from '../api/ranking';
import classes from './ranking.module.css';

function RankingList({
  rows,
  metric,
  label,
  testId,
}: {
  rows: RankingRow[];
  metric: RankingMetric;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('ranking');
  const number = new Intl.NumberFormat(currentLanguage());
  return (
    <ol className={classes.list} aria-label={label} data-testid={testId}>
      {rows.map((row) => (
        <li
          key={row.userId}
          className={row.isMe ? `${classes.row} ${classes.me}` : classes.row}
          aria-current={row.isMe ? 'true' : undefined}
          data-testid="ranking-row"
        >
          <span className={classes.position}>
            <VisuallyHidden>{t('positionLabel')} </VisuallyHidden>
            {t('position', { position: row.position })}
          </span>
          <span className={classes.name}>
            {row.name}
            {row.isMe ? (
              <Badge ml="xs" size="xs" variant="light">
                {t('you')}
              </Badge>
            ) : null}
          </span>
          <span className={classes.score}>
            {t(metric === 'xp' ? 'scoreXp' : 'scorePoints', { value: number.format(row.score) })}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * The ranking (docs/ranking.md): the caller's position with the five users above and below, the top by
 * page, the metric, period and scope switches, and the choice to be shown by initials.
 */
export default function RankingTab() {
  const { t } = useTranslation('ranking');
  const [selection, setSelection] = useState<RankingSelection>({
    metric: 'points',
    period: 'month',
    scope: 'client',
    areaId: null,
    campaignId: null,
  });
  const [page, setPage] = useState(1);
  const top = useRankingPage(selection, page);
  const me = useRankingMe(selection);
  const hide = useSetHideName();
  const change = (next: Partial<RankingSelection>) => {
    setSelection((s) => ({ ...s, ...next }));
    setPage(1);
  };
  const areas = me.data?.areas ?? top.data?.areas ?? [];
  const campaigns = me.data?.campaigns ?? top.data?.campaigns ?? [];
  const myCampaigns = campaigns.filter((c) => c.registered);
  // Areas by their id, campaigns as `c<id>`, the whole client as ''.
  const scopeValue =
    selection.scope === 'area' && selection.areaId !== null
      ? String(selection.areaId)
      : selection.scope === 'campaign' && selection.campaignId !== null
        ? `c${selection.campaignId}`
        : '';
  const neighbours = me.data?.me ? [...me.data.above, me.data.me, ...me.data.below] : [];

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="wrap" align="flex-end">
        <SegmentedControl
          role="radiogroup"
          aria-label={t('metric.label')}
          value={selection.metric}
          onChange={(v) => change({ metric: v as RankingMetric })}
          data={[
            { value: 'points', label: t('metric.points') },
            { value: 'xp', label: t('metric.xp') },
          ]}
        />
        <SegmentedControl
          role="radiogroup"
          aria-label={t('period.label')}
          value={selection.period}
          onChange={(v) => change({ period: v as RankingPeriod })}
          data={[
            { value: 'month', label: t('period.month') },
            ...(campaigns.length > 0 ? [{ value: 'campaign', label: t('period.campaign') }] : []),
            { value: 'all', label: t('period.all') },
          ]}
        />
        {areas.length > 0 || myCampaigns.length > 0 ? (
          <NativeSelect
            label={t('scope.label')}
            value={scopeValue}
            onChange={(e) => {
              const v = e.currentTarget.value;
              change(
                v.startsWith('c')
                  ? { scope: 'campaign', areaId: null, campaignId: Number(v.slice(1)) }
                  : v
                    ? { scope: 'area', areaId: Number(v), campaignId: null }
                    : { scope: 'client', areaId: null, campaignId: null },
              );
            }}
            data={[
              { value: '', label: t('scope.client') },
              ...areas.map((a) => ({ value: String(a.id), label: t('scope.area', { name: a.name }) })),
              ...myCampaigns.map((c) => ({
                value: `c${c.id}`,
                label: t('scope.campaign', { name: c.name }),
              })),
            ]}
          />
        ) : null}
      </Group>

      <Switch
        checked={hide.isPending ? hide.variables : (me.data?.hideName ?? false)}
        disabled={!me.data || hide.isPending}
        onChange={(e) => hide.mutate(e.currentTarget.checked)}
        label={t('hideName.label')}
        description={t('hideName.description')}
        error={hide.isError ? apiErrorText(hide.error) : undefined}
      />

      <Card withBorder padding="md" component="section" aria-labelledby="ranking-me-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="ranking-me-title">
            {t('me.title')}
          </Title>
          <ListState
            pending={me.isPending}
            error={me.isError ? me.error : null}
            empty={!me.data?.me}
            emptyText={t('me.unranked')}
            onRetry={() => void me.refetch()}
          >
            <Text fz="sm" c="dimmed">
              {t('me.summary', { position: me.data?.me?.position ?? 0, total: me.data?.total ?? 0 })}
            </Text>
            <RankingList
              rows={neighbours}
              metric={selection.metric}
              label={t('me.title')}
              testId="ranking-me"
            />
          </ListState>
        </Stack>
      </Card>

      <Stack gap="sm" component="section" aria-labelledby="ranking-top-title">
        <Title order={2} size="h4" id="ranking-top-title">
          {t('top.title')}
        </Title>
        <ListState
          pending={top.isPending}
          error={top.isError ? top.error : null}
          empty={(top.data?.items.length ?? 0) === 0}
          emptyText={t('top.empty')}
          onRetry={() => void top.refetch()}
        >
          <RankingList
            rows={top.data?.items ?? []}
            metric={selection.metric}
            label={t('top.title')}
            testId="ranking-top"
          />
          {top.data ? (
            <PaginationBar
              page={page}
              pageSize={RANKING_PAGE_SIZE}
              total={top.data.total}
              onChange={setPage}
            />
          ) : null}
        </ListState>
        <Text fz="xs" c="dimmed">
          {t('rules')}
        </Text>
      </Stack>
    </Stack>
  );
}
