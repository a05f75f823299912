import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { AdminAttemptDetail } from '@trilha/contracts/assessments/attempts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WrapBadge } from '../../../components/wrap-badge';
import { answerText, formatPoints } from '../../../lib/answer-text';
import { apiErrorText } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/i18n';
import { useAttemptDetail, useGradeEssays } from '../api/assessments';

type Detail = AdminAttemptDetail['attempt'];
type Grade = { points: number | ''; comment: string };

export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h ? `${h}h ${String(m).padStart(2, '0')}min` : `${m}min ${String(s).padStart(2, '0')}s`;
}

function EssayGrading({ attempt }: { attempt: Detail }) {
  const { t } = useTranslation('assessments-player');
  const essays = attempt.questions.filter((q) => q.kind === 'essay');
  const [grades, setGrades] = useState<Record<number, Grade>>(() =>
    Object.fromEntries(
      essays.map((q) => [
        q.index,
        { points: q.essayGraded ? (q.earned ?? '') : '', comment: q.graderComment ?? '' },
      ]),
    ),
  );
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState(false);
  const grade = useGradeEssays(attempt.id);
  if (essays.length === 0 || attempt.status === 'in_progress') return null;

  const invalid = (index: number, points: number) => {
    const g = grades[index]!;
    return g.points === '' || g.points < 0 || g.points > points;
  };
  const save = () => {
    setTried(true);
    setDone(false);
    if (essays.some((q) => invalid(q.index, q.points))) return;
    grade.mutate(
      {
        grades: essays.map((q) => ({
          index: q.index,
          points: grades[q.index]!.points as number,
          comment: grades[q.index]!.comment,
        })),
      },
      { onSuccess: () => setDone(true) },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="essay-grading">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('admin.gradeTitle')}
        </Title>
        {essays.map((q) => {
          const position = attempt.questions.indexOf(q) + 1;
          return (
            <Stack key={q.index} gap="xs">
              <Text fz="sm" fw={600}>
                {t('review.question', { position })}
              </Text>
              <Group align="flex-start" gap="sm" wrap="wrap">
                <NumberInput
                  label={t('admin.points', { position, max: q.points })}
                  min={0}
                  max={q.points}
                  decimalScale={2}
                  value={grades[q.index]!.points}
                  onChange={(v) =>
                    setGrades({
                      ...grades,
                      [q.index]: { ...grades[q.index]!, points: typeof v === 'number' ? v : '' },
                    })
                  }
                  error={
                    tried && invalid(q.index, q.points)
                      ? t('admin.pointsError', { max: q.points })
                      : undefined
                  }
                  w={200}
                />
                <Textarea
                  label={t('admin.comment', { position })}
                  autosize
                  minRows={2}
                  maxLength={2000}
                  value={grades[q.index]!.comment}
                  onChange={(e) =>
                    setGrades({
                      ...grades,
                      [q.index]: { ...grades[q.index]!, comment: e.currentTarget.value },
                    })
                  }
                  style={{ flex: '1 1 240px' }}
                />
              </Group>
            </Stack>
          );
        })}
        {grade.isError ? (
          <Alert color="red" role="alert">
            {apiErrorText(grade.error)}
          </Alert>
        ) : null}
        {done ? (
          <Alert color="teal" role="status">
            {t('admin.graded')}
          </Alert>
        ) : null}
        <Group>
          <Button onClick={save} loading={grade.isPending} data-testid="save-grades">
            {t('admin.saveGrades')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** One learner's attempt: when, how long, the score, every answer beside the right one, and essay grading. */
export function AttemptDetailModal({
  attemptId,
  onClose,
}: {
  attemptId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('assessments-player');
  const query = useAttemptDetail(attemptId);
  const attempt = query.data?.attempt;
  return (
    <Modal
      opened={attemptId !== null}
      onClose={onClose}
      size="xl"
      title={
        attempt
          ? t('admin.attemptTitle', { name: attempt.user.name, number: attempt.number })
          : t('admin.attempt')
      }
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {query.isPending ? <Loader aria-label={t('states.loading')} /> : null}
      {query.isError ? (
        <Alert color="red" role="alert">
          {apiErrorText(query.error)}
        </Alert>
      ) : null}
      {attempt ? (
        <Stack gap="md" data-testid="attempt-detail">
          {attempt.status === 'in_progress' ? (
            <Alert color="blue" variant="light">
              {t('admin.inProgress')}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Stack gap={0}>
              <Text fz="xs" c="dimmed">
                {t('admin.started')}
              </Text>
              <Text fw={600}>{formatDate(attempt.startedAt)}</Text>
            </Stack>
            <Stack gap={0}>
              <Text fz="xs" c="dimmed">
                {t('admin.time')}
              </Text>
              <Text fw={600}>{formatDuration(attempt.durationSeconds)}</Text>
            </Stack>
            <Stack gap={0}>
              <Text fz="xs" c="dimmed">
                {t('result.scoreLabel')}
              </Text>
              <Text fw={600}>{attempt.score === null ? '—' : `${Math.round(attempt.score)}%`}</Text>
            </Stack>
            <Stack gap={0}>
              <Text fz="xs" c="dimmed">
                {t('result.correctLabel')}
              </Text>
              <Text fw={600}>
                {t('result.correctValue', { correct: attempt.correctCount, total: attempt.questionCount })}
              </Text>
            </Stack>
          </SimpleGrid>
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {attempt.questions.map((q, i) => (
              <Paper
                key={q.index}
                component="li"
                withBorder
                radius="md"
                p="sm"
                data-testid="admin-attempt-question"
              >
                <Stack gap={4}>
                  <Group justify="space-between" gap="xs">
                    <Text fz="sm" c="dimmed">
                      {t('review.question', { position: i + 1 })}
                      {q.earned !== null && attempt.status !== 'in_progress'
                        ? ` · ${t('review.earned', { count: q.points, earned: formatPoints(q.earned), points: formatPoints(q.points) })}`
                        : ''}
                    </Text>
                    {attempt.status === 'in_progress' ? null : (
                      <WrapBadge
                        variant="light"
                        color={q.correct === null ? 'gray' : q.correct ? 'teal' : 'red'}
                      >
                        {q.correct === null
                          ? t('review.pending')
                          : q.correct
                            ? t('review.right')
                            : t('review.wrong')}
                      </WrapBadge>
                    )}
                  </Group>
                  <Text fw={600} style={{ whiteSpace: 'pre-wrap' }}>
                    {q.stem}
                  </Text>
                  <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    <Text span inherit fw={600}>
                      {t('admin.learnerAnswer')}{' '}
                    </Text>
                    {answerText(q, q.answer, t)}
                  </Text>
                  {q.correctAnswer || (q as { correctText?: string | null }).correctText ? (
                    <Text fz="sm">
                      <Text span inherit fw={600}>
                        {t('review.rightAnswer')}{' '}
                      </Text>
                      {(q as { correctText?: string | null }).correctText ??
                        answerText(q, q.correctAnswer, t)}
                    </Text>
                  ) : null}
                </Stack>
              </Paper>
            ))}
          </Stack>
          <EssayGrading key={attempt.id} attempt={attempt} />
        </Stack>
      ) : null}
    </Modal>
  );
}
