import { Alert, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconClockHour4, IconX } from '@tabler/icons-react';
import type { ReviewQuestion } from '@trilha/contracts/assessments/attempts';
import { useTranslation } from 'react-i18next';
import { WrapBadge } from '../../../../components/wrap-badge';
import { useAttemptReview } from '../../api/attempts';
import { LoadError } from '../../components/catalog-states';
import { answerText, formatPoints } from '../../../../lib/answer-text';

function Mark({ question }: { question: ReviewQuestion }) {
  const { t } = useTranslation('assessments-player');
  if (question.correct === null)
    return (
      <WrapBadge color="gray" variant="light" leftSection={<IconClockHour4 size={14} aria-hidden />}>
        {t('review.pending')}
      </WrapBadge>
    );
  return question.correct ? (
    <WrapBadge color="teal" variant="light" leftSection={<IconCheck size={14} aria-hidden />}>
      {t('review.right')}
    </WrapBadge>
  ) : (
    <WrapBadge color="red" variant="light" leftSection={<IconX size={14} aria-hidden />}>
      {t('review.wrong')}
    </WrapBadge>
  );
}

/** One question of a reviewed attempt: the learner's answer, its mark, feedback and, when shown, the right answer. */
export function ReviewedQuestion({ question, position }: { question: ReviewQuestion; position: number }) {
  const { t } = useTranslation('assessments-player');
  // The right answer in words (a numeric range, every accepted short answer), when the API gives it.
  const correctText = (question as { correctText?: string | null }).correctText ?? null;
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="review-question">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Text fz="sm" c="dimmed">
            {t('review.question', { position })}
            {question.earned !== null
              ? ` · ${t('review.earned', { count: question.points, earned: formatPoints(question.earned), points: formatPoints(question.points) })}`
              : ''}
          </Text>
          <Mark question={question} />
        </Group>
        <Title order={3} fz="md" style={{ whiteSpace: 'pre-wrap' }}>
          {question.stem}
        </Title>
        <Text fz="sm">
          <Text span inherit fw={600}>
            {t('review.yourAnswer')}{' '}
          </Text>
          <Text span inherit style={{ whiteSpace: 'pre-wrap' }}>
            {answerText(question, question.answer, t)}
          </Text>
        </Text>
        {correctText ? (
          <Text fz="sm">
            <Text span inherit fw={600}>
              {t('review.rightAnswer')}{' '}
            </Text>
            {correctText}
          </Text>
        ) : question.correctAnswer ? (
          <Text fz="sm">
            <Text span inherit fw={600}>
              {t('review.rightAnswer')}{' '}
            </Text>
            {answerText(question, question.correctAnswer, t)}
          </Text>
        ) : null}
        {question.feedback.filter(Boolean).map((f, i) => (
          <Text key={i} fz="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {f}
          </Text>
        ))}
        {question.graderComment ? (
          <Alert color="blue" variant="light" title={t('review.graderComment')}>
            {question.graderComment}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The review of a submitted attempt, as much as the author lets the learner see. */
export function AttemptReview({ activityId, attemptId }: { activityId: number; attemptId: number }) {
  const { t } = useTranslation('assessments-player');
  const query = useAttemptReview(activityId, attemptId);
  if (query.isPending)
    return (
      <Stack aria-busy="true" aria-label={t('states.loading')}>
        <Skeleton h={120} />
        <Skeleton h={120} />
      </Stack>
    );
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const { review } = query.data;
  return (
    <Stack gap="md" data-testid="attempt-review">
      <Title order={2} fz="lg">
        {t('review.title')}
      </Title>
      <Text>
        {t('result.correct', { correct: review.correctCount, total: review.questionCount })}
        {review.score !== null ? ` · ${t('result.score', { score: Math.round(review.score) })}` : ''}
      </Text>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {review.questions.map((q, i) => (
          <ReviewedQuestion key={q.index} question={q} position={i + 1} />
        ))}
      </Stack>
    </Stack>
  );
}
