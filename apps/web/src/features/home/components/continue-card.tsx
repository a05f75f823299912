import { Button, Card, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useContinueCourse } from '../api/continue-course';

/** Home's "continue where you left off": the unfinished course worked on last and its next activity. */
export function ContinueCard({ onSettled }: { onSettled?: () => void }) {
  const { t } = useTranslation('home');
  const query = useContinueCourse();
  const pending = query.isPending;
  useEffect(() => {
    if (!pending) onSettled?.();
  }, [pending, onSettled]);
  // A shortcut: it shows once there is something to continue (no stand-in that could vanish), and when it
  // cannot be read, home goes on without it.
  const course = query.data?.course;
  if (!course) return null;

  return (
    <Card component="section" aria-labelledby="home-continue-title" shadow="xs" data-testid="home-continue">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
            <IconPlayerPlay size={22} />
          </ThemeIcon>
          <Title order={2} fz="h4" id="home-continue-title">
            {t('continue.title')}
          </Title>
        </Group>
        <Text fw={600}>{course.title}</Text>
        <Progress
          value={course.progress.percent}
          aria-label={t('continue.progress', { percent: course.progress.percent })}
        />
        <Text fz="sm" c="dimmed">
          {t('continue.done', {
            count: course.progress.totalActivities,
            done: course.progress.completedActivities,
            percent: course.progress.percent,
          })}
        </Text>
        <Text fz="sm">{t('continue.next', { title: course.resumeTitle })}</Text>
        <Group>
          <Button
            component={Link}
            to={`/courses/${course.id}/activities/${course.resumeAt}`}
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
          >
            {t('continue.action')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
