import {
  Anchor,
  Box,
  Button,
  Drawer,
  Grid,
  Group,
  Paper,
  Progress,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCircleCheck,
  IconListDetails,
  IconLock,
} from '@tabler/icons-react';
import type { PlayerPayload, ProgressResponse } from '@trilha/contracts/learning';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { learningKeys } from '../api/catalog';
import { usePlayer } from '../api/player';
import { ActivityOutline } from '../components/activity-outline';
import { FinishMoment, type FinishedCourse } from '../components/finish-moment';
import { LoadError } from '../components/catalog-states';
import { LockNote } from '../components/lock-note';
import { ProgressBadge, statusColors } from '../components/progress-indicator';
import { isTestStatus } from '../components/status-hint';
import { ActivityContent } from '../player/activity-content';
import { CompletionHint } from '../player/completion-hint';
import { activityPath } from './course-detail-page';
import { WrapBadge } from '../../../components/wrap-badge';

const doneStatuses = ['finished', 'approved', 'improved'];

/** The payload with a progress answer folded in: the activity's state, the course's, what it unlocked. */
function applyProgress(payload: PlayerPayload, response: ProgressResponse): PlayerPayload {
  const unlocked = new Set(response.unlocked);
  const open = { locked: false, reason: null, prerequisites: [] };
  return {
    ...payload,
    course: { ...payload.course, progress: response.course },
    activity: { ...payload.activity, progress: response.activity },
    menu: payload.menu.map((module) => ({
      ...module,
      activities: module.activities.map((item) =>
        item.id === payload.activity.id
          ? { ...item, progress: response.activity }
          : unlocked.has(item.hierarchyOrder)
            ? { ...item, lock: open }
            : item,
      ),
    })),
    next:
      payload.next && unlocked.has(payload.next.hierarchyOrder)
        ? { ...payload.next, locked: false }
        : payload.next,
  };
}

function PlayerSkeleton() {
  const { t } = useTranslation('learning');
  return (
    <Grid gap="xl" aria-busy="true" aria-label={t('states.loading')}>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        <Stack>
          <Skeleton h={28} w="60%" />
          <Skeleton h={420} radius="md" />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }} visibleFrom="md">
        <Skeleton h={420} radius="md" />
      </Grid.Col>
    </Grid>
  );
}

function PlayerView({
  courseId,
  order,
  trailId,
}: {
  courseId: number;
  order: string;
  trailId: number | null;
}) {
  const { t } = useTranslation('learning');
  const client = useQueryClient();
  const query = usePlayer(courseId, order, trailId);
  const [menuOpened, menu] = useDisclosure(false);
  const key = learningKeys.player(courseId, order, trailId);
  const [finished, setFinished] = useState<FinishedCourse | null>(null);

  const onProgress = useCallback(
    (response: ProgressResponse) => {
      const before = client.getQueryData<PlayerPayload>(key);
      // Only a course that becomes finished by this report opens the finishing moment: reopening a course
      // finished earlier shows nothing.
      if (
        before &&
        !doneStatuses.includes(before.course.progress.status) &&
        doneStatuses.includes(response.course.status)
      ) {
        setFinished({ courseId, courseTitle: before.course.title, trailId });
      }
      client.setQueryData<PlayerPayload>(key, (current) =>
        current ? applyProgress(current, response) : current,
      );
      const changed =
        !before ||
        before.activity.progress.status !== response.activity.status ||
        before.course.progress.percent !== response.course.percent ||
        response.unlocked.length > 0;
      if (changed) {
        // Lists, details and the other activities' menus are out of date; this payload stays (signed links).
        void client.invalidateQueries({ queryKey: learningKeys.courses() });
        void client.invalidateQueries({ queryKey: learningKeys.trails() });
        void client.invalidateQueries({
          queryKey: ['learning', 'player'],
          predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(key),
          refetchType: 'none',
        });
      }
    },
    [client, key, courseId, trailId],
  );

  if (query.isPending) return <PlayerSkeleton />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  const { activity, course, content } = data;
  const done = doneStatuses.includes(activity.progress.status);
  const coursePath = trailId ? `/trails/${trailId}/course/${courseId}` : `/online-courses/${courseId}`;
  const pathFor = (o: string) => activityPath(courseId, o, trailId);

  const outline = (
    <ActivityOutline
      modules={data.menu}
      pathFor={pathFor}
      currentOrder={activity.hierarchyOrder}
      onNavigate={menu.close}
      compact
    />
  );

  return (
    <Stack gap="lg" maw={1440} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Anchor component={Link} to={coursePath} fz="sm">
            <Group gap={4} component="span" wrap="nowrap" align="flex-start">
              <IconArrowLeft size={14} aria-hidden style={{ flexShrink: 0, marginTop: 4 }} />
              {data.trail ? `${data.trail.title} · ${course.title}` : course.title}
            </Group>
          </Anchor>
          <Group gap="xs" wrap="nowrap" maw={420}>
            <Progress
              value={course.progress.percent}
              size="sm"
              radius="xl"
              style={{ flex: 1 }}
              color={statusColors[course.progress.status]}
              aria-label={t('progress.label', { name: course.title, percent: course.progress.percent })}
              data-testid="course-progress"
            />
            <Text fz="xs" fw={600} data-testid="course-percent">
              {course.progress.percent}%
            </Text>
            {isTestStatus(course.progress.status) ? (
              <ProgressBadge status={course.progress.status} size="xs" />
            ) : null}
          </Group>
        </Stack>
        <Button
          hiddenFrom="md"
          variant="default"
          leftSection={<IconListDetails size={18} aria-hidden />}
          onClick={menu.open}
          aria-haspopup="dialog"
        >
          {t('player.menu')}
        </Button>
      </Group>

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" gap="xs">
              <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
                <Text fz="sm" c="dimmed">
                  {t('player.position', { order: activity.hierarchyOrder })} ·{' '}
                  {content?.kind === 'file'
                    ? t(`files.groups.${content.fileGroup}`)
                    : t(`kinds.${activity.kind}`)}
                </Text>
                <Title order={1} fz={{ base: 22, sm: 28 }}>
                  {activity.title}
                </Title>
              </Stack>
              {done ? (
                <WrapBadge
                  color="teal"
                  size="lg"
                  variant="light"
                  leftSection={<IconCircleCheck size={16} aria-hidden />}
                  data-testid="activity-done"
                >
                  {t('player.done')}
                </WrapBadge>
              ) : activity.progress.status !== 'not_started' ? (
                <WrapBadge
                  color={statusColors[activity.progress.status]}
                  size="lg"
                  variant="light"
                  data-testid="activity-status"
                >
                  {t(`status.${activity.progress.status}`)}
                  {activity.progress.percent ? ` · ${activity.progress.percent}%` : ''}
                </WrapBadge>
              ) : null}
            </Group>

            {content && !activity.lock.locked ? (
              <CompletionHint rule={activity.completion} completed={done} />
            ) : null}
            {content && !activity.lock.locked ? (
              <ActivityContent
                key={`${activity.id}`}
                activityId={activity.id}
                title={activity.title}
                content={content}
                completed={done}
                onProgress={onProgress}
                completion={activity.completion}
                trailId={trailId}
              />
            ) : (
              <Paper withBorder radius="md" p="xl">
                <Stack align="center" gap="md">
                  <IconLock size={40} stroke={1.4} aria-hidden />
                  <LockNote lock={activity.lock} />
                </Stack>
              </Paper>
            )}

            {activity.description ? (
              <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {activity.description}
              </Text>
            ) : null}

            <Group justify="space-between" mt="md" component="nav" aria-label={t('player.navigation')}>
              {data.previous ? (
                <Button
                  component={Link}
                  to={pathFor(data.previous.hierarchyOrder)}
                  variant="default"
                  leftSection={<IconArrowLeft size={18} aria-hidden />}
                  data-testid="previous-activity"
                >
                  <Box component="span" visibleFrom="sm">
                    {t('player.previous')}
                  </Box>
                  <Box component="span" hiddenFrom="sm" aria-label={t('player.previous')}>
                    {data.previous.hierarchyOrder}
                  </Box>
                </Button>
              ) : (
                <span />
              )}
              {data.next ? (
                data.next.locked ? (
                  <Button
                    disabled
                    rightSection={<IconLock size={16} aria-hidden />}
                    data-testid="next-activity"
                  >
                    {t('player.next')}
                  </Button>
                ) : (
                  <Button
                    component={Link}
                    to={pathFor(data.next.hierarchyOrder)}
                    rightSection={<IconArrowRight size={18} aria-hidden />}
                    data-testid="next-activity"
                  >
                    {t('player.next')}
                  </Button>
                )
              ) : (
                <Button component={Link} to={coursePath} variant="light" data-testid="back-to-course">
                  {t('player.backToCourse')}
                </Button>
              )}
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }} visibleFrom="md">
          <Paper
            withBorder
            radius="md"
            p="md"
            component="nav"
            aria-label={t('player.menu')}
            pos="sticky"
            top={72}
          >
            <ScrollArea.Autosize mah="calc(100vh - 140px)" type="auto" offsetScrollbars>
              {outline}
            </ScrollArea.Autosize>
          </Paper>
        </Grid.Col>
      </Grid>

      <Drawer
        opened={menuOpened}
        onClose={menu.close}
        title={t('player.menu')}
        position="left"
        size="90%"
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        <nav aria-label={t('player.menu')}>{outline}</nav>
      </Drawer>
      <FinishMoment finished={finished} onClose={() => setFinished(null)} />
    </Stack>
  );
}

/** courses/{id}/activities/{hierarchy_order} and trails/{id_trail}/course/{id}/activities/{hierarchy_order}. */
export default function PlayerPage() {
  const params = useParams();
  const courseId = Number(params.id);
  const order = params.hierarchy_order ?? '';
  const trailId = params.id_trail ? Number(params.id_trail) : null;
  return (
    <PlayerView key={`${trailId}-${courseId}-${order}`} courseId={courseId} order={order} trailId={trailId} />
  );
}
