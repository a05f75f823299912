import { Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { RewardsHistory } from '@trilha/contracts/rewards/ledger';
import { useElementSize } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../lib/i18n';
import { formatMonth, formatNumber } from './format';

const HEIGHT = 220;
const PAD = { top: 16, right: 16, bottom: 28, left: 56 };

/**
 * Points and XP at the end of each month. A plain SVG (the app has no chart library, and this one chart
 * does not justify one): two lines told apart by colour and by dash and marker shape, a legend, and the
 * same numbers as a table for screen readers.
 */
export function PointsChart({ series }: { series: RewardsHistory['series'] }) {
  const { t } = useTranslation('rewards');
  const language = currentLanguage();
  const titleId = useId();
  const descId = useId();
  // Drawn at the width it is shown at, so its labels keep their size from a phone to a desktop.
  const { ref, width: measured } = useElementSize<HTMLDivElement>();
  const chartWidth = Math.max(280, Math.round(measured) || 640);
  const max = Math.max(1, ...series.flatMap((s) => [s.points, s.xp]));
  const innerW = chartWidth - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (series.length <= 1 ? innerW / 2 : (i * innerW) / (series.length - 1));
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const path = (key: 'points' | 'xp') =>
    series.map((s, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(s[key]).toFixed(1)}`).join(' ');
  const ticks = [...new Set([0, 0.5, 1].map((f) => Math.round(max * f)))];
  const last = series.at(-1);
  // Every other month's label on a long series, so they do not overlap on a phone.
  const labelEvery = Math.max(1, Math.ceil((series.length * 64) / (chartWidth - PAD.left - PAD.right)));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="h5" id={titleId}>
            {t('points.chart.title')}
          </Title>
          <Group gap="md" aria-hidden>
            <Group gap={6}>
              <svg width="24" height="10">
                <line
                  x1="0"
                  y1="5"
                  x2="24"
                  y2="5"
                  stroke="var(--mantine-primary-color-filled)"
                  strokeWidth="3"
                />
              </svg>
              <Text fz="xs">{t('points.chart.points')}</Text>
            </Group>
            <Group gap={6}>
              <svg width="24" height="10">
                <line
                  x1="0"
                  y1="5"
                  x2="24"
                  y2="5"
                  stroke="var(--mantine-color-orange-7)"
                  strokeWidth="3"
                  strokeDasharray="5 3"
                />
              </svg>
              <Text fz="xs">{t('points.chart.xp')}</Text>
            </Group>
          </Group>
        </Group>
        <div ref={ref}>
          <svg
            viewBox={`0 0 ${chartWidth} ${HEIGHT}`}
            width="100%"
            role="img"
            aria-labelledby={`${titleId} ${descId}`}
            style={{ display: 'block' }}
          >
            <desc id={descId}>
              {last
                ? t('points.chart.summary', {
                    month: formatMonth(last.month, language),
                    points: formatNumber(last.points, language),
                    xp: formatNumber(last.xp, language),
                  })
                : ''}
            </desc>
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={PAD.left}
                  x2={chartWidth - PAD.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke="var(--mantine-color-gray-3)"
                  strokeWidth="1"
                />
                <text
                  x={PAD.left - 8}
                  y={y(tick) + 4}
                  textAnchor="end"
                  fontSize="12"
                  fill="var(--mantine-color-dimmed)"
                >
                  {formatNumber(tick, language)}
                </text>
              </g>
            ))}
            {series.map((s, i) =>
              i % labelEvery === (series.length - 1) % labelEvery ? (
                <text
                  key={s.month}
                  x={x(i)}
                  y={HEIGHT - 8}
                  // The last month's label ends at its point, so the chart's edge does not cut it.
                  textAnchor={i === series.length - 1 ? 'end' : 'middle'}
                  fontSize="12"
                  fill="var(--mantine-color-dimmed)"
                >
                  {formatMonth(s.month, language)}
                </text>
              ) : null,
            )}
            <path
              d={path('points')}
              fill="none"
              stroke="var(--mantine-primary-color-filled)"
              strokeWidth="3"
            />
            <path
              d={path('xp')}
              fill="none"
              stroke="var(--mantine-color-orange-7)"
              strokeWidth="3"
              strokeDasharray="8 5"
            />
            {series.map((s, i) => (
              <g key={s.month}>
                <circle cx={x(i)} cy={y(s.points)} r="4" fill="var(--mantine-primary-color-filled)" />
                <rect
                  x={x(i) - 4}
                  y={y(s.xp) - 4}
                  width="8"
                  height="8"
                  fill="var(--mantine-color-orange-7)"
                />
              </g>
            ))}
          </svg>
        </div>
        <VisuallyHidden>
          <Table>
            <caption>{t('points.chart.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('points.chart.month')}</th>
                <th scope="col">{t('points.chart.points')}</th>
                <th scope="col">{t('points.chart.xp')}</th>
              </tr>
            </thead>
            <tbody>
              {series.map((s) => (
                <tr key={s.month}>
                  <th scope="row">{formatMonth(s.month, language)}</th>
                  <td>{formatNumber(s.points, language)}</td>
                  <td>{formatNumber(s.xp, language)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}
