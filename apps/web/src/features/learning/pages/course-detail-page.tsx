import { Button, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { CourseDetail } from '@trilha/contracts/learning';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCourse } from '../api/catalog';
import { ActivityOutline } from '../components/activity-outline';
import { LoadError } from '../components/catalog-states';
import {
  DetailBreadcrumbs,
  DetailHero,
  DetailSection,
  DetailTitle,
  WorkloadLine,
} from '../components/detail-layout';
import { EnrollmentControls } from '../components/enrollment-controls';
import { LockNote } from '../components/lock-note';
import { ProgressIndicator } from '../components/progress-indicator';
import { StatusHint } from '../components/status-hint';
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
      <DetailBreadcrumbs
        links={
          trail
            ? [
                { to: '/trails', label: t('routes:trails') },
                { to: `/trails/${trail.id}`, label: trail.title },
              ]
            : [{ to: '/online-courses', label: t('routes:onlineCourses') }]
        }
        current={course.title}
      />

      <DetailHero coverUrl={course.coverUrl}>
        <DetailTitle
          kind="courses"
          id={course.id}
          title={course.title}
          favorite={course.favorite}
          badges={
            <>
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
            </>
          }
        />
        <WorkloadLine minutes={course.workloadMinutes} />
        <Text style={{ whiteSpace: 'pre-line' }}>{course.description}</Text>
        <ProgressIndicator progress={course.progress} label={course.title} />
        <StatusHint status={course.progress.status} kind="course" />
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
      </DetailHero>

      <DetailSection id="course-content-title" title={t('course.content')}>
        <ActivityOutline
          modules={course.modules}
          pathFor={(order) => activityPath(course.id, order, trail?.id)}
          sharedReason={course.lock.locked ? course.lock.reason : null}
        />
      </DetailSection>
    </Stack>
  );
}

export default function CourseDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const trailId = params.id_trail ? Number(params.id_trail) : null;
  return <CourseDetailView courseId={id} trailId={trailId} key={`${trailId}-${id}`} />;
}
