import { Anchor, Breadcrumbs, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconPlayerPlay } from '@tabler/icons-react';
import type { CourseDetail } from '@trilha/contracts/learning';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCourse } from '../api/catalog';
import { ActivityOutline } from '../components/activity-outline';
import { formatWorkload } from '../components/catalog-card';
import { LoadError } from '../components/catalog-states';
import { CoverImage } from '../components/cover-image';
import { EnrollmentControls } from '../components/enrollment-controls';
import { FavoriteButton } from '../components/favorite-button';
import { LockNote } from '../components/lock-note';
import { ProgressIndicator } from '../components/progress-indicator';
import { WrapBadge } from '../../../components/wrap-badge';

export function activityPath(courseId: number, order: string, trailId?: number | null): string {
  return trailId
    ? `/trails/${trailId}/course/${courseId}/activities/${order}`
    : `/courses/${courseId}/activities/${order}`;
}

function firstOpenOrder(course: CourseDetail): string | null {
  for (const module of course.modules) {
    for (const activity of module.activities) if (!activity.lock.locked) return activity.hierarchyOrder;
  }
  return null;
}

function CourseSkeleton() {
  const { t } = useTranslation('learning');
  return (
    <Stack gap="lg" aria-busy="true" aria-label={t('states.loading')}>
      <Skeleton h={16} w={240} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton h={220} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Skeleton h={32} w="70%" />
            <Skeleton h={14} />
            <Skeleton h={14} w="80%" />
            <Skeleton h={40} w={200} mt="md" />
          </Stack>
        </Grid.Col>
      </Grid>
      <Skeleton h={200} radius="md" />
    </Stack>
  );
}

/** online-courses/{id} and trails/{id_trail}/course/{id}. */
export function CourseDetailView({ courseId, trailId }: { courseId: number; trailId?: number | null }) {
  const { t } = useTranslation(['learning', 'routes']);
  const query = useCourse(courseId, trailId);
  if (query.isPending) return <CourseSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const course = query.data;
  const canStart = !course.lock.locked;
  const target = course.resumeAt ?? firstOpenOrder(course);
  const started = course.progress.status !== 'not_started';
  const finished = ['finished', 'approved', 'improved'].includes(course.progress.status);
  const trail = course.trail;

  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Breadcrumbs separatorMargin={6}>
        {trail
          ? [
              <Anchor component={Link} to="/trails" key="list" fz="sm">
                {t('routes:trails')}
              </Anchor>,
              <Anchor component={Link} to={`/trails/${trail.id}`} key="trail" fz="sm">
                {trail.title}
              </Anchor>,
            ]
          : [
              <Anchor component={Link} to="/online-courses" key="list" fz="sm">
                {t('routes:onlineCourses')}
              </Anchor>,
            ]}
        <Text fz="sm" c="dimmed" key="here" aria-current="page">
          {course.title}
        </Text>
      </Breadcrumbs>

      <Paper radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
        <Grid gap="xl" align="flex-start">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <CoverImage src={course.coverUrl} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={6}>
                    {course.category ? (
                      <WrapBadge variant="outline" color="gray" tt="none">
                        {course.category.name}
                      </WrapBadge>
                    ) : null}
                    {course.tags.map((tag) => (
                      <WrapBadge key={tag.id} variant="light" color="gray" tt="none">
                        {tag.name}
                      </WrapBadge>
                    ))}
                  </Group>
                  <Title order={1} fz={{ base: 26, sm: 32 }}>
                    {course.title}
                  </Title>
                </Stack>
                <FavoriteButton
                  kind="courses"
                  id={course.id}
                  favorite={course.favorite}
                  title={course.title}
                />
              </Group>
              {course.workloadMinutes ? (
                <Group gap={6} c="dimmed">
                  <IconClock size={16} aria-hidden />
                  <Text fz="sm">
                    {t('course.workload', { value: formatWorkload(course.workloadMinutes, t) })}
                  </Text>
                </Group>
              ) : null}
              <Text style={{ whiteSpace: 'pre-line' }}>{course.description}</Text>
              <ProgressIndicator progress={course.progress} label={course.title} />
              <LockNote lock={course.lock} />
              <Group gap="sm">
                {canStart && target ? (
                  <Button
                    component={Link}
                    to={activityPath(course.id, target, trail?.id)}
                    leftSection={<IconPlayerPlay size={18} aria-hidden />}
                    data-testid="continue-button"
                  >
                    {finished ? t('course.review') : started ? t('course.continue') : t('course.start')}
                  </Button>
                ) : null}
                <EnrollmentControls
                  kind="courses"
                  id={course.id}
                  title={course.title}
                  enrollment={course.enrollment}
                />
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      </Paper>

      <Stack gap="md" component="section" aria-labelledby="course-content-title">
        <Title order={2} fz="h3" id="course-content-title">
          {t('course.content')}
        </Title>
        <ActivityOutline
          modules={course.modules}
          pathFor={(order) => activityPath(course.id, order, trail?.id)}
          sharedReason={course.lock.locked ? course.lock.reason : null}
        />
      </Stack>
    </Stack>
  );
}

export default function CourseDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const trailId = params.id_trail ? Number(params.id_trail) : null;
  return <CourseDetailView courseId={id} trailId={trailId} key={`${trailId}-${id}`} />;
}
