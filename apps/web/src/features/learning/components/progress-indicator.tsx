import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ProgressStatus, ProgressSummary } from '@trilha/contracts/learning';
import { useTranslation } from 'react-i18next';
import { WrapBadge } from '../../../components/wrap-badge';

/** Lock reasons in small print: orange, darkened to keep 4.5:1 on white. */
export const lockReasonColor = 'color-mix(in srgb, var(--mantine-color-orange-9) 78%, black)';

export const statusColors: Record<ProgressStatus, string> = {
  not_started: 'gray',
  in_progress: 'blue',
  finished: 'teal',
  approved: 'teal',
  reproved: 'red',
  blocked: 'orange',
  restarted: 'yellow',
  improved: 'teal',
};

export function ProgressBadge({
  status,
  size = 'sm',
}: {
  status: ProgressStatus;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation('learning');
  return (
    <WrapBadge variant="light" color={statusColors[status]} size={size} data-testid="progress-badge">
      {t(`status.${status}`)}
    </WrapBadge>
  );
}

/** Status badge, percentage and a labelled bar. */
export function ProgressIndicator({ progress, label }: { progress: ProgressSummary; label: string }) {
  const { t } = useTranslation('learning');
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <ProgressBadge status={progress.status} />
        <Text fz="xs" c="dimmed">
          {t('progress.activities', {
            done: progress.completedActivities,
            count: progress.totalActivities,
          })}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Progress
          value={progress.percent}
          color={statusColors[progress.status]}
          size="sm"
          radius="xl"
          style={{ flex: 1 }}
          aria-label={t('progress.label', { name: label, percent: progress.percent })}
        />
        <Text fz="xs" fw={600} w={36} ta="right">
          {progress.percent}%
        </Text>
      </Group>
    </Stack>
  );
}
