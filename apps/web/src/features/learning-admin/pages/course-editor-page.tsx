import { Alert, Anchor, Breadcrumbs, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { AdminCourse } from '@trilha/contracts/learning';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { apiErrorText } from '../../../lib/form-errors';
import { courseApi, useAdminCourse, useCourseWrite } from '../api/admin';
import { AudienceForm } from '../components/audience-form';
import { AwardsEditor } from '../components/awards-editor';
import { CourseContentEditor } from '../components/course-content-editor';
import { CourseDetailsForm } from '../components/course-details-form';
import { CourseTestsPanel } from '../components/course-tests-panel';
import { EnrollmentsPanel } from '../components/enrollments-panel';
import { PublishSwitch } from '../components/publish-switch';
import { ReportPanel } from '../components/report-panel';
import { WrapBadge } from '../../../components/wrap-badge';

const tabs = ['details', 'content', 'audience', 'awards', 'enrollments', 'tests', 'report'] as const;

/** /admin/content/courses/{id}: everything about one course. */
export default function CourseEditorPage() {
  const { t } = useTranslation('learning-admin');
  const { t: tTests } = useTranslation('assessments-player');
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((x) => x === params.get('tab')) ?? 'details';
  const query = useAdminCourse(id);
  const publish = useCourseWrite(id, (p: Promise<AdminCourse>) => p);
  const audience = useCourseWrite(id, (p: Promise<AdminCourse>) => p);

  if (query.isPending) return <Loader aria-label={t('states.loading')} />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {apiErrorText(query.error)}
      </Alert>
    );
  }
  const course = query.data;
  const activities = course.modules.flatMap((m) => m.activities);
  return (
    <Stack gap="lg" maw={1200}>
      <Breadcrumbs>
        <Anchor component={Link} to="/admin/content" fz="sm">
          {t('title')}
        </Anchor>
        <Text fz="sm" c="dimmed" aria-current="page">
          {course.title}
        </Text>
      </Breadcrumbs>
      <Paper radius="md" p="md" withBorder>
        <Group justify="space-between" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 22, sm: 28 }}>
              {course.title}
            </Title>
            <Group gap="xs">
              <WrapBadge color={course.published ? 'teal' : 'gray'} variant="light">
                {course.published ? t('list.publishedOne') : t('list.draft')}
              </WrapBadge>
              <Text fz="sm" c="dimmed">
                {t('course.activityCount', { count: activities.length })} ·{' '}
                {t('course.enrollmentCount', { count: course.enrollmentCount })}
              </Text>
            </Group>
          </Stack>
          <Group gap="md">
            <Anchor component={Link} to={`/online-courses/${course.id}`} target="_blank" fz="sm">
              <IconExternalLink size={14} aria-hidden /> {t('course.viewAsLearner')}
            </Anchor>
            <PublishSwitch
              published={course.published}
              enrollmentCount={course.enrollmentCount}
              pending={publish.isPending}
              onChange={(next) => publish.mutate(courseApi.publish(course.id, next))}
            />
          </Group>
        </Group>
        {publish.isError ? (
          <Alert color="red" mt="sm" role="alert">
            {apiErrorText(publish.error)}
          </Alert>
        ) : null}
        {course.published && activities.some((a) => !a.ready) ? (
          <Alert color="orange" mt="sm">
            {t('course.notReadyWarning')}
          </Alert>
        ) : null}
      </Paper>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'details' ? { tab: v } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          {tabs.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {x === 'tests' ? tTests('admin.tab') : t(`tabs.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="details" pt="lg">
          <CourseDetailsForm key={course.id} course={course} />
        </Tabs.Panel>
        <Tabs.Panel value="content" pt="lg">
          <CourseContentEditor course={course} />
        </Tabs.Panel>
        <Tabs.Panel value="audience" pt="lg">
          <AudienceForm
            value={course.audience}
            saving={audience.isPending}
            onSave={(body) => audience.mutateAsync(courseApi.audience(course.id, body))}
          />
        </Tabs.Panel>
        <Tabs.Panel value="awards" pt="lg" maw={720}>
          <AwardsEditor type="course" id={course.id} />
        </Tabs.Panel>
        <Tabs.Panel value="enrollments" pt="lg">
          <EnrollmentsPanel courseId={course.id} />
        </Tabs.Panel>
        <Tabs.Panel value="tests" pt="lg">
          <CourseTestsPanel course={course} />
        </Tabs.Panel>
        <Tabs.Panel value="report" pt="lg">
          <ReportPanel courseId={course.id} title={course.title} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
