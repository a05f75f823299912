import { Card, Grid, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { TrailItem } from '@trilha/contracts/learning';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useTrail } from '../api/catalog';
import { LoadError } from '../components/catalog-states';
import { CoverImage } from '../components/cover-image';
import { DetailBreadcrumbs, DetailHero, DetailSection, DetailTitle } from '../components/detail-layout';
import { EnrollmentControls } from '../components/enrollment-controls';
import { LockNote } from '../components/lock-note';
import { ProgressIndicator } from '../components/progress-indicator';
import { StatusHint } from '../components/status-hint';
import classes from '../components/catalog-card.module.css';
import { WrapBadge } from '../../../components/wrap-badge';

function TrailStep({ trailId, item }: { trailId: number; item: TrailItem }) {
  const { t } = useTranslation('learning');
  const to = item.kind === 'course' ? `/trails/${trailId}/course/${item.itemId}` : null;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      component="li"
      data-testid="trail-step"
    >
      <Grid gap="md" align="center">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <CoverImage src={item.coverUrl} radius="sm" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap">
              <ThemeIcon variant="light" radius="xl" size={28} aria-hidden>
                <Text fz="sm" fw={700}>
                  {item.position}
                </Text>
              </ThemeIcon>
              {to && !item.lock.locked ? (
                <Text component={Link} to={to} fw={600} fz="lg" className={classes.title}>
                  {item.title}
                </Text>
              ) : (
                <Text fw={600} fz="lg" c={item.lock.locked ? 'dimmed' : undefined}>
                  {item.title}
                </Text>
              )}
              {item.lock.locked ? <IconLock size={18} aria-label={t('lock.badge')} /> : null}
            </Group>
            {item.lock.locked ? <LockNote lock={item.lock} compact /> : null}
            <ProgressIndicator progress={item.progress} label={item.title} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}

/** trails/{id}: the trail, its courses in order with their progress, enrollment and favorite. */
export default function TrailDetailPage() {
  const { t } = useTranslation(['learning', 'routes']);
  const params = useParams();
  const id = Number(params.id);
  const query = useTrail(id);
  if (query.isPending) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label={t('states.loading')}>
        <Skeleton h={220} radius="lg" />
        <Skeleton h={120} radius="md" />
        <Skeleton h={120} radius="md" />
      </Stack>
    );
  }
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const trail = query.data;
  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <DetailBreadcrumbs links={[{ to: '/trails', label: t('routes:trails') }]} current={trail.title} />
      <DetailHero coverUrl={trail.coverUrl}>
        <DetailTitle
          kind="trails"
          id={trail.id}
          title={trail.title}
          favorite={trail.favorite}
          badges={
            <>
              <WrapBadge variant="light" tt="none">
                {t('trail.badge')}
              </WrapBadge>
              {trail.category ? (
                <WrapBadge variant="outline" color="gray" tt="none">
                  {trail.category.name}
                </WrapBadge>
              ) : null}
            </>
          }
        />
        <Text style={{ whiteSpace: 'pre-line' }}>{trail.description}</Text>
        <div data-testid="trail-progress">
          <ProgressIndicator progress={trail.progress} label={trail.title} />
          <StatusHint status={trail.progress.status} kind="trail" />
        </div>
        <Group>
          <EnrollmentControls kind="trails" id={trail.id} title={trail.title} enrollment={trail.enrollment} />
        </Group>
      </DetailHero>
      <DetailSection id="trail-steps-title" title={t('trail.steps', { count: trail.items.length })}>
        <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {trail.items.map((item) => (
            <TrailStep key={`${item.kind}-${item.itemId}`} trailId={trail.id} item={item} />
          ))}
        </Stack>
      </DetailSection>
    </Stack>
  );
}
