import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconInfoCircle, IconLock, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import type { AttemptResult, AttemptView, TestOverview } from '@trilha/contracts/assessments/attempts';
import {
  blockingTestKinds,
  generalTestKinds,
  practiceTestKinds,
  restartingTestKinds,
} from '@trilha/contracts/learning/test-settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WrapBadge } from '../../../../components/wrap-badge';
import { ApiError } from '../../../../lib/api-client';
import { errorText, formatDate } from '../../../../lib/i18n';
import { startAttempt, testKeys, useTestOverview } from '../../api/attempts';
import { LoadError } from '../../components/catalog-states';
import { statusColors } from '../../components/progress-indicator';
import { AttemptReview } from './attempt-review';
import { AttemptRunner } from './attempt-runner';
import { alertTitle, TestResult } from './test-result';

type Test = TestOverview['test'];

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** The rule of the test's kind, in a sentence. */
function kindRule(test: Test): 'block' | 'restart' | 'practice' | 'graded' {
  if (blockingTestKinds.includes(test.kind)) return 'block';
  if (restartingTestKinds.includes(test.kind)) return 'restart';
  if (practiceTestKinds.includes(test.kind)) return 'practice';
  return 'graded';
}

function TestIntro({
  overview,
  starting,
  startError,
  onStart,
  onReview,
}: {
  overview: TestOverview;
  starting: boolean;
  startError: unknown;
  onStart: () => void;
  onReview: (attemptId: number) => void;
}) {
  const { t } = useTranslation('assessments-player');
  const { t: tl } = useTranslation('learning');
  const { test, attempts } = overview;
  const practice = kindRule(test) === 'practice';
  const label = test.openAttemptId
    ? t('intro.resume')
    : test.attemptsUsed === 0
      ? t('intro.start')
      : test.passed
        ? t('intro.improve')
        : t('intro.retry');

  return (
    <Stack gap="md" data-testid="test-intro">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Title order={2} fz="lg">
              {t('intro.title')}
            </Title>
            <WrapBadge color={statusColors[test.status]} variant="light" size="lg" data-testid="test-status">
              {tl(`status.${test.status}`)}
            </WrapBadge>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md">
            <Fact label={t('intro.questions')} value={String(test.questionCount)} testId="intro-questions" />
            <Fact
              label={t('intro.passMark')}
              value={t('result.correctValue', { correct: test.passMark, total: test.questionCount })}
              testId="intro-pass-mark"
            />
            <Fact
              label={t('intro.attemptsLeft')}
              value={
                test.attemptsLeft === null
                  ? t('intro.unlimited')
                  : t('intro.attemptsOf', { left: test.attemptsLeft, max: test.maxAttempts ?? 0 })
              }
              testId="intro-attempts"
            />
            <Fact
              label={t('intro.timeLimit')}
              value={
                test.timeLimitMinutes === null
                  ? t('intro.noTimeLimit')
                  : t('intro.minutes', { count: test.timeLimitMinutes })
              }
              testId="intro-time"
            />
            {!practice ? (
              <Fact
                label={t('intro.best')}
                value={test.bestScore === null ? '—' : `${Math.round(test.bestScore)}%`}
                testId="intro-best"
              />
            ) : null}
          </SimpleGrid>
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t(`rules.${kindRule(test)}`)}
            {generalTestKinds.includes(test.kind) ? ` ${t('rules.general')}` : ''}
            {test.timeLimitMinutes !== null ? ` ${t('rules.timed')}` : ''}
          </Alert>
          {test.status === 'blocked' ? (
            <Alert
              color="orange"
              icon={<IconLock size={18} aria-hidden />}
              title={t('next.blockedTitle')}
              styles={alertTitle}
            >
              {t('next.blocked')}
            </Alert>
          ) : null}
          {test.status === 'restarted' ? (
            <Alert
              color="yellow"
              icon={<IconRefresh size={18} aria-hidden />}
              title={t('next.restartedTitle')}
              styles={alertTitle}
            >
              {t('next.restarted')}
            </Alert>
          ) : null}
          {!test.canStart && test.blockedReason && test.status !== 'blocked' ? (
            <Alert color="orange" data-testid="cannot-start">
              {errorText(test.blockedReason)}
            </Alert>
          ) : null}
          {startError ? (
            <Alert color="red" role="alert">
              {errorText(startError instanceof ApiError ? startError.code : 'INTERNAL')}
            </Alert>
          ) : null}
          {test.canStart ? (
            <Group>
              <Button
                size="md"
                leftSection={<IconPlayerPlay size={18} aria-hidden />}
                onClick={onStart}
                loading={starting}
                data-testid="start-attempt"
              >
                {label}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Paper>

      {attempts.length ? (
        <Paper withBorder radius="md" p="md">
          <Title order={3} fz="md" mb="sm">
            {t('intro.history')}
          </Title>
          {/* Without a review to open, the rows hold nothing focusable: the scroll box takes the focus. */}
          <Table.ScrollContainer
            minWidth={420}
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('intro.history') },
            }}
          >
            <Table verticalSpacing="xs" data-testid="attempt-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('intro.attempt')}</Table.Th>
                  <Table.Th>{t('intro.date')}</Table.Th>
                  <Table.Th>{t('result.scoreLabel')}</Table.Th>
                  <Table.Th>{t('intro.outcome')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('result.review')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {attempts.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{a.number}</Table.Td>
                    <Table.Td>{formatDate(a.submittedAt ?? a.startedAt)}</Table.Td>
                    <Table.Td>{a.score === null ? '—' : `${Math.round(a.score)}%`}</Table.Td>
                    <Table.Td>
                      {t(`attemptStatus.${a.passed === null ? a.status : a.passed ? 'passed' : 'failed'}`)}
                    </Table.Td>
                    <Table.Td>
                      {test.review !== 'none' && a.status !== 'in_progress' ? (
                        <Button size="compact-sm" variant="subtle" onClick={() => onReview(a.id)}>
                          {t('intro.reviewAttempt', { number: a.number })}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ) : null}
    </Stack>
  );
}

type Phase =
  | { name: 'intro' }
  | { name: 'taking'; view: AttemptView['attempt'] }
  | { name: 'result'; result: AttemptResult['result'] }
  | { name: 'review'; attemptId: number };

/** A test or quiz activity in the player: intro, the attempt, its result and review. */
export function TestPlayer({ activityId, trailId }: { activityId: number; trailId: number | null }) {
  const { t } = useTranslation('assessments-player');
  const client = useQueryClient();
  const overview = useTestOverview(activityId, trailId);
  const [phase, setPhase] = useState<Phase>({ name: 'intro' });
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);

  const start = async () => {
    setStarting(true);
    setStartError(null);
    try {
      const { attempt } = await startAttempt(activityId, trailId);
      setPhase({ name: 'taking', view: attempt });
    } catch (e) {
      setStartError(e);
      setPhase({ name: 'intro' });
      void overview.refetch();
    } finally {
      setStarting(false);
    }
  };

  const finished = (result: AttemptResult['result']) => {
    setPhase({ name: 'result', result });
    // The course's status, the menu's locks and the lists changed on the server.
    void client.invalidateQueries({ queryKey: testKeys.overview(activityId, trailId) });
    // A block or a restart locks this very activity: refetched now, the player would put the lock in
    // place of this result before the learner read it. Those screens load again when the learner moves on.
    const locksThis = result.outcome.blocked || result.outcome.restarted;
    void client.invalidateQueries({
      queryKey: ['learning'],
      predicate: (q) => q.queryKey[1] !== 'test',
      refetchType: locksThis ? 'none' : 'active',
    });
  };

  if (overview.isPending)
    return (
      <Stack aria-busy="true" aria-label={t('states.loading')}>
        <Skeleton h={200} radius="md" />
      </Stack>
    );
  if (overview.isError) return <LoadError error={overview.error} onRetry={() => void overview.refetch()} />;

  switch (phase.name) {
    case 'taking':
      return <AttemptRunner key={phase.view.id} view={phase.view} onFinished={finished} />;
    case 'result':
      return (
        <TestResult
          result={phase.result}
          practice={practiceTestKinds.includes(overview.data.test.kind)}
          starting={starting}
          onRetry={() => void start()}
          onReview={() => setPhase({ name: 'review', attemptId: phase.result.attemptId })}
          onBack={() => setPhase({ name: 'intro' })}
        />
      );
    case 'review':
      return (
        <Stack gap="md">
          <AttemptReview activityId={activityId} attemptId={phase.attemptId} />
          <Group>
            <Button variant="default" onClick={() => setPhase({ name: 'intro' })}>
              {t('result.backToTest')}
            </Button>
          </Group>
        </Stack>
      );
    default:
      return (
        <TestIntro
          overview={overview.data}
          starting={starting}
          startError={startError}
          onStart={() => void start()}
          onReview={(attemptId) => setPhase({ name: 'review', attemptId })}
        />
      );
  }
}
