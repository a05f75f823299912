import { Card, Group, Stack, Text } from '@mantine/core';
import { IconClock, IconLock, IconRoute } from '@tabler/icons-react';
import type { LockInfo, NamedItem, ProgressSummary } from '@trilha/contracts/learning';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CatalogKind } from '../api/catalog';
import { CoverImage } from './cover-image';
import { FavoriteButton } from './favorite-button';
import { ProgressIndicator, lockReasonColor } from './progress-indicator';
import classes from './catalog-card.module.css';
import { WrapBadge } from '../../../components/wrap-badge';

export interface CatalogCardProps {
  kind: CatalogKind;
  id: number;
  to: string;
  title: string;
  description: string;
  coverUrl: string | null;
  category: NamedItem | null;
  favorite: boolean;
  progress: ProgressSummary;
  enrolled: boolean;
  lock?: LockInfo;
  workloadMinutes?: number | null;
  itemCount?: number;
}

/** A workload in whole hours and minutes ("1 hora 30 minutos"), never a decimal of hours. */
export function formatWorkload(
  minutes: number,
  t: (key: 'workload.hours' | 'workload.minutes', o: { count: number }) => string,
) {
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  if (hours === 0) return t('workload.minutes', { count: rest });
  if (rest === 0) return t('workload.hours', { count: hours });
  return `${t('workload.hours', { count: hours })} ${t('workload.minutes', { count: rest })}`;
}

/** A course or trail in a list: cover, title, a short description, progress and the favorite heart. */
export function CatalogCard(props: CatalogCardProps) {
  const { t } = useTranslation('learning');
  const { kind, id, to, title, description, coverUrl, category, favorite, progress, enrolled, lock } = props;
  return (
    <Card
      shadow="xs"
      padding="md"
      radius="md"
      className={classes.card}
      component="article"
      data-testid="catalog-card"
    >
      <Card.Section pos="relative">
        <CoverImage src={coverUrl} />
        <div className={classes.favorite}>
          <FavoriteButton kind={kind} id={id} favorite={favorite} title={title} />
        </div>
        {lock?.locked ? (
          <WrapBadge
            className={classes.lock}
            color="dark"
            variant="filled"
            leftSection={<IconLock size={12} aria-hidden />}
          >
            {t('lock.badge')}
          </WrapBadge>
        ) : null}
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group gap={6}>
          {category ? (
            <WrapBadge variant="outline" color="gray" size="sm" tt="none">
              {category.name}
            </WrapBadge>
          ) : null}
          {enrolled ? (
            <WrapBadge variant="light" color="grape" size="sm" tt="none">
              {t('enrollment.enrolledBadge')}
            </WrapBadge>
          ) : null}
        </Group>
        <Text component={Link} to={to} fw={600} fz="lg" lh={1.3} className={classes.title}>
          {title}
        </Text>
        <Text fz="sm" c="dimmed" lineClamp={2}>
          {description}
        </Text>
        <Group gap="md" c="dimmed" fz="xs">
          {props.workloadMinutes ? (
            <Group gap={4}>
              <IconClock size={14} aria-hidden />
              <Text fz="xs">{formatWorkload(props.workloadMinutes, t)}</Text>
            </Group>
          ) : null}
          {props.itemCount !== undefined ? (
            <Group gap={4}>
              <IconRoute size={14} aria-hidden />
              <Text fz="xs">{t('trail.courseCount', { count: props.itemCount })}</Text>
            </Group>
          ) : null}
        </Group>
        {lock?.locked ? <LockReasonLine lock={lock} /> : null}
      </Stack>
      <div className={classes.progress}>
        <ProgressIndicator progress={progress} label={title} />
      </div>
    </Card>
  );
}

function LockReasonLine({ lock }: { lock: LockInfo }) {
  const { t } = useTranslation('learning');
  if (!lock.reason) return null;
  return (
    <Text fz="xs" style={{ color: lockReasonColor }} data-testid="lock-reason">
      {t(`lock.${lock.reason}`)}
    </Text>
  );
}
