import { Badge, Group, Paper, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconCircleCheckFilled, IconLock } from '@tabler/icons-react';
import type { ActivityMenuItem, CourseModule, LockInfo } from '@trilha/contracts/learning';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActivityKindIcon } from './activity-kind-icon';
import { lockReasonColor } from './progress-indicator';
import classes from './activity-outline.module.css';

export function isDone(item: ActivityMenuItem): boolean {
  return ['finished', 'approved', 'improved'].includes(item.progress.status);
}

function durationText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** The kind in words; a library file says what sort of file it is (Spreadsheet, Image…). */
function kindText(item: ActivityMenuItem, t: TFunction<'learning'>): string {
  return item.kind === 'file' && item.fileGroup
    ? t(`files.groups.${item.fileGroup}`)
    : t(`kinds.${item.kind}`);
}

function ActivityRow({
  item,
  to,
  current,
  onNavigate,
  sharedReason,
}: {
  item: ActivityMenuItem;
  to: string;
  current?: boolean;
  onNavigate?: () => void;
  /** The course's own lock reason, already said once above the outline. */
  sharedReason?: LockInfo['reason'];
}) {
  const { t } = useTranslation('learning');
  const done = isDone(item);
  const locked = item.lock.locked;
  const content = (
    <Group wrap="nowrap" gap="sm" align="flex-start">
      <ThemeIcon
        variant={current ? 'filled' : 'light'}
        color={locked ? 'gray' : undefined}
        size={34}
        radius="md"
        aria-hidden
      >
        <ActivityKindIcon kind={item.kind} fileGroup={item.fileGroup} />
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text fz="sm" fw={current ? 700 : 500} c={locked ? 'dimmed' : undefined}>
          <Text span c="dimmed" fz="xs" mr={6}>
            {item.hierarchyOrder}
          </Text>
          {item.title}
        </Text>
        <Group gap={6}>
          <Text fz="xs" c="dimmed">
            {kindText(item, t)}
            {item.durationSeconds ? ` · ${durationText(item.durationSeconds)}` : ''}
          </Text>
          {item.progress.status === 'in_progress' ? (
            <Badge size="xs" variant="light" color="blue">
              {item.progress.percent}%
            </Badge>
          ) : null}
        </Group>
        {locked && item.lock.reason && item.lock.reason !== sharedReason ? (
          <Text fz="xs" style={{ color: lockReasonColor }} data-testid="lock-reason">
            {t(`lock.${item.lock.reason}`)}
          </Text>
        ) : null}
      </Stack>
      {done ? (
        <IconCircleCheckFilled
          size={20}
          color="var(--mantine-color-teal-6)"
          aria-label={t('status.finished')}
        />
      ) : locked ? (
        <IconLock size={18} color="var(--mantine-color-gray-6)" aria-label={t('lock.badge')} />
      ) : null}
    </Group>
  );
  if (locked) {
    return (
      <div className={classes.row} data-locked aria-disabled="true" data-testid="activity-row">
        {content}
      </div>
    );
  }
  return (
    <UnstyledButton
      component={Link}
      to={to}
      className={classes.row}
      data-current={current || undefined}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
      data-testid="activity-row"
    >
      {content}
    </UnstyledButton>
  );
}

/** Modules and their activities in hierarchy order, with done, in progress and locked states. */
export function ActivityOutline({
  modules,
  pathFor,
  currentOrder,
  onNavigate,
  compact,
  sharedReason,
}: {
  modules: CourseModule[];
  pathFor: (order: string) => string;
  currentOrder?: string;
  onNavigate?: () => void;
  compact?: boolean;
  /** A lock reason shown once for the whole course, not repeated on each activity. */
  sharedReason?: LockInfo['reason'];
}) {
  const { t } = useTranslation('learning');
  return (
    <Stack gap={compact ? 'sm' : 'md'}>
      {modules.map((module) => {
        const done = module.activities.filter(isDone).length;
        return (
          <Paper
            key={module.id}
            withBorder={!compact}
            radius="md"
            p={compact ? 0 : 'md'}
            component="section"
            aria-labelledby={`module-${module.id}`}
          >
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Title order={compact ? 3 : 2} fz={compact ? 'sm' : 'md'} id={`module-${module.id}`}>
                {t('course.module', { position: module.position, title: module.title })}
              </Title>
              <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('progress.activities', { done, count: module.activities.length })}
              </Text>
            </Group>
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {module.activities.map((item) => (
                <li key={item.id}>
                  <ActivityRow
                    item={item}
                    to={pathFor(item.hierarchyOrder)}
                    current={item.hierarchyOrder === currentOrder}
                    onNavigate={onNavigate}
                    sharedReason={sharedReason}
                  />
                </li>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
