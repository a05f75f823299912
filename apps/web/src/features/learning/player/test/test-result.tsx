import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockHour4,
  IconLock,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import type { AttemptResult } from '@trilha/contracts/assessments/attempts';
import { useTranslation } from 'react-i18next';

type Result = AttemptResult['result'];

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** What an attempt gave, and what the learner can do next. */
/** The light alerts' coloured titles fall under 4.5:1 on their tint: titles take the text colour. */
export const alertTitle = { title: { color: 'var(--mantine-color-text)' } } as const;

export function TestResult({
  result,
  practice,
  onRetry,
  onReview,
  onBack,
  starting,
}: {
  result: Result;
  /** An unevaluated quiz: the grade does not count. */
  practice: boolean;
  onRetry: () => void;
  onReview: () => void;
  onBack: () => void;
  starting: boolean;
}) {
  const { t } = useTranslation('assessments-player');
  const { outcome } = result;
  const canTryAgain = !outcome.blocked && (outcome.attemptsLeft === null || outcome.attemptsLeft > 0);
  const pending = result.passed === null;

  const headline = pending
    ? { color: 'blue', icon: <IconClockHour4 size={28} aria-hidden />, text: t('result.pending') }
    : result.passed
      ? { color: 'teal', icon: <IconCircleCheck size={28} aria-hidden />, text: t('result.passed') }
      : { color: 'red', icon: <IconX size={28} aria-hidden />, text: t('result.failed') };

  let next: { color: string; icon: React.ReactNode; title: string; text: string };
  if (outcome.blocked)
    next = {
      color: 'orange',
      icon: <IconLock size={20} aria-hidden />,
      title: t('next.blockedTitle'),
      text: t('next.blocked'),
    };
  else if (outcome.restarted)
    next = {
      color: 'yellow',
      icon: <IconRefresh size={20} aria-hidden />,
      title: t('next.restartedTitle'),
      text: t('next.restarted'),
    };
  else if (pending)
    next = {
      color: 'blue',
      icon: <IconClockHour4 size={20} aria-hidden />,
      title: t('next.pendingTitle'),
      text: t('next.pending'),
    };
  else if (result.passed && canTryAgain && !practice)
    next = {
      color: 'teal',
      icon: <IconCircleCheck size={20} aria-hidden />,
      title: t('next.improveTitle'),
      text: t('next.improve'),
    };
  else if (result.passed || outcome.activityFinished)
    next = {
      color: 'teal',
      icon: <IconCircleCheck size={20} aria-hidden />,
      title: t('next.continueTitle'),
      text: t('next.continue'),
    };
  else if (canTryAgain)
    next = {
      color: 'blue',
      icon: <IconRefresh size={20} aria-hidden />,
      title: t('next.retryTitle'),
      text: t('next.retry'),
    };
  else
    next = {
      color: 'red',
      icon: <IconAlertTriangle size={20} aria-hidden />,
      title: t('next.noAttemptsTitle'),
      text: t('next.noAttempts'),
    };

  return (
    <Stack gap="md" data-testid="test-result">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group gap="sm" c={`${headline.color}.9`} wrap="nowrap">
            {headline.icon}
            <Title
              order={2}
              fz={{ base: 'lg', sm: 'xl' }}
              c="inherit"
              tabIndex={-1}
              data-autofocus
              data-testid="result-headline"
            >
              {headline.text}
            </Title>
          </Group>
          {result.status === 'expired' ? (
            <Text fz="sm" c="dimmed">
              {t('result.expired')}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact
              label={t('result.scoreLabel')}
              value={result.score === null ? '—' : `${Math.round(result.score)}%`}
              testId="result-score"
            />
            <Fact
              label={t('result.correctLabel')}
              value={t('result.correctValue', { correct: result.correctCount, total: result.questionCount })}
            />
            <Fact
              label={t('result.passMarkLabel')}
              value={t('result.correctValue', { correct: result.passMark, total: result.questionCount })}
            />
            <Fact
              label={t('result.attemptsLeftLabel')}
              value={outcome.attemptsLeft === null ? t('intro.unlimited') : String(outcome.attemptsLeft)}
              testId="result-attempts-left"
            />
          </SimpleGrid>
          {result.bestScore !== null && !practice ? (
            <Text fz="sm">{t('result.best', { score: Math.round(result.bestScore) })}</Text>
          ) : null}
        </Stack>
      </Paper>
      <Alert
        color={next.color}
        icon={next.icon}
        title={next.title}
        styles={alertTitle}
        data-testid="result-next"
      >
        {next.text}
      </Alert>
      <Group gap="sm">
        {result.reviewAvailable ? (
          <Button variant="default" onClick={onReview}>
            {t('result.review')}
          </Button>
        ) : null}
        {canTryAgain && !outcome.restarted ? (
          <Button onClick={onRetry} loading={starting} data-testid="result-retry">
            {result.passed ? t('intro.improve') : t('intro.retry')}
          </Button>
        ) : null}
        <Button variant="subtle" onClick={onBack}>
          {t('result.backToTest')}
        </Button>
      </Group>
    </Stack>
  );
}
