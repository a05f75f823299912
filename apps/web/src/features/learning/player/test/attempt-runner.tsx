import {
  Alert,
  Box,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import type {
  AnswerInput,
  AnswerSaved,
  AttemptQuestion,
  AttemptResult,
  AttemptView,
} from '@trilha/contracts/assessments/attempts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { errorText } from '../../../../lib/i18n';
import { saveAnswer, submitAttempt } from '../../api/attempts';
import { Countdown } from './countdown';
import { QuestionInput } from './question-input';
import { useAnswerSaver } from './use-answer-saver';

type Result = AttemptResult['result'];

function QuestionMedia({ media }: { media: AttemptQuestion['media'] }) {
  const { t } = useTranslation('assessments-player');
  if (!media) return null;
  if (media.kind === 'image') return <Image src={media.url} alt={media.alt ?? ''} maw={560} radius="sm" />;
  if (media.kind === 'video')
    return (
      <video
        src={media.url}
        controls
        playsInline
        aria-label={t('question.video')}
        style={{ width: '100%', maxWidth: 640, borderRadius: 8 }}
      />
    );
  return <audio src={media.url} controls aria-label={t('question.audio')} style={{ width: '100%' }} />;
}

function errorCode(error: unknown) {
  return error instanceof ApiError ? error.code : 'INTERNAL';
}

/**
 * An attempt in progress: one question at a time (the same on a phone and a desktop), a numbered strip
 * to jump between questions, answers saved as the learner goes, the server's countdown and a submit
 * that asks for confirmation.
 */
export function AttemptRunner({
  view,
  onFinished,
}: {
  view: AttemptView['attempt'];
  onFinished: (result: Result) => void;
}) {
  const { t } = useTranslation('assessments-player');
  const { questions } = view;
  const [answers, setAnswers] = useState<(AnswerInput | null)[]>(() =>
    questions.map((q) => view.answers[q.index] ?? null),
  );
  const [current, setCurrent] = useState(() => {
    const firstOpen = questions.findIndex((q) => (view.answers[q.index] ?? null) === null);
    return firstOpen < 0 ? 0 : firstOpen;
  });
  // The server's seconds left, and when they were received: a later count replaces them only when the two
  // disagree by more than a couple of seconds (the countdown then starts again from the server's count).
  const [clock, setClock] = useState(() => ({
    secondsLeft: view.secondsLeft,
    receivedAt: Date.now(),
    sync: 0,
  }));
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const finished = useRef(false);

  const finish = useCallback(
    (result: Result) => {
      if (finished.current) return;
      finished.current = true;
      onFinished(result);
    },
    [onFinished],
  );

  const saver = useAnswerSaver(
    (index, answer) => saveAnswer(view.activityId, view.id, index, answer),
    useCallback(
      (saved: AnswerSaved) => {
        if (saved.closed) finish(saved.closed);
        else if (saved.secondsLeft !== null) {
          const secondsLeft = saved.secondsLeft;
          const receivedAt = Date.now();
          setClock((c) =>
            c.secondsLeft === null ||
            Math.abs(c.receivedAt + c.secondsLeft * 1000 - (receivedAt + secondsLeft * 1000)) <= 2000
              ? c
              : { secondsLeft, receivedAt, sync: c.sync + 1 },
          );
        }
      },
      [finish],
    ),
  );

  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [current]);

  const submit = useCallback(async () => {
    setSubmitting(true);
    setSubmitError(null);
    try {
      // What is still waiting goes first; the server decides from what it holds.
      await saver.flush().catch(() => undefined);
      const { result } = await submitAttempt(view.activityId, view.id);
      saver.cancel();
      finish(result);
    } catch (e) {
      setSubmitError(e);
      setSubmitting(false);
    }
  }, [saver, view.activityId, view.id, finish]);

  const onExpire = useCallback(() => {
    setConfirming(false);
    void submit();
  }, [submit]);

  const question = questions[current]!;
  const answeredCount = answers.filter((a) => a !== null).length;
  const last = current === questions.length - 1;

  const change = (answer: AnswerInput | null) => {
    setAnswers((list) => list.map((a, i) => (i === current ? answer : a)));
    saver.change(question.index, answer);
  };

  return (
    <Stack gap="md" data-testid="attempt-runner">
      <Paper withBorder radius="md" p="sm" pos="sticky" top={64} style={{ zIndex: 5 }}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>
            {t('attempt.number', { number: view.number })} ·{' '}
            {t('attempt.answered', { answered: answeredCount, total: questions.length })}
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Box aria-live="polite" fz="sm" c="dimmed" data-testid="save-state">
              {saver.state === 'saving' ? (
                <Group gap={4} wrap="nowrap">
                  <Loader size={12} aria-hidden />
                  {t('attempt.saving')}
                </Group>
              ) : saver.state === 'saved' ? (
                <Group gap={4} wrap="nowrap">
                  <IconCheck size={14} aria-hidden />
                  {t('attempt.saved')}
                </Group>
              ) : null}
            </Box>
            {clock.secondsLeft !== null ? (
              <Countdown key={clock.sync} secondsLeft={clock.secondsLeft} onExpire={onExpire} />
            ) : null}
          </Group>
        </Group>
      </Paper>

      {saver.state === 'error' ? (
        <Alert
          color="red"
          role="alert"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('attempt.saveFailed')}
        >
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{errorText(errorCode(saver.error))}</Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => void saver.flush().catch(() => undefined)}
            >
              {t('attempt.retrySave')}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      <nav aria-label={t('attempt.questionsNav')}>
        <Group gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {questions.map((q, i) => {
            const done = answers[i] !== null;
            return (
              <li key={q.index}>
                <UnstyledButton
                  onClick={() => setCurrent(i)}
                  aria-current={i === current ? 'step' : undefined}
                  aria-label={t(done ? 'attempt.goToAnswered' : 'attempt.goToOpen', { number: i + 1 })}
                  data-testid="question-step"
                  style={{
                    minWidth: 40,
                    height: 40,
                    borderRadius: 8,
                    textAlign: 'center',
                    fontWeight: 700,
                    border: `2px solid ${i === current ? 'var(--mantine-color-blue-8)' : 'var(--mantine-color-gray-5)'}`,
                    background: done ? 'var(--mantine-color-blue-8)' : 'var(--mantine-color-body)',
                    color: done ? 'white' : 'var(--mantine-color-text)',
                  }}
                >
                  {i + 1}
                </UnstyledButton>
              </li>
            );
          })}
        </Group>
      </nav>

      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="test-question-title"
      >
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('attempt.position', { position: current + 1, total: questions.length })} ·{' '}
            {t('attempt.points', { count: question.points })}
          </Text>
          <Title
            order={2}
            fz={{ base: 'lg', sm: 'xl' }}
            id="test-question-title"
            ref={heading}
            tabIndex={-1}
            style={{ whiteSpace: 'pre-wrap', outline: 'none' }}
          >
            {question.stem}
          </Title>
          <QuestionMedia media={question.media} />
          <QuestionInput
            key={question.index}
            question={question}
            value={answers[current] ?? null}
            onChange={change}
          />
        </Stack>
      </Paper>

      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          disabled={current === 0}
          onClick={() => setCurrent(current - 1)}
        >
          {t('attempt.previous')}
        </Button>
        {last ? (
          <Button onClick={() => setConfirming(true)} data-testid="open-submit">
            {t('attempt.finish')}
          </Button>
        ) : (
          <Button
            rightSection={<IconArrowRight size={18} aria-hidden />}
            onClick={() => setCurrent(current + 1)}
          >
            {t('attempt.next')}
          </Button>
        )}
      </Group>
      {!last ? (
        <Group justify="flex-end">
          <Button variant="subtle" onClick={() => setConfirming(true)}>
            {t('attempt.finish')}
          </Button>
        </Group>
      ) : null}

      <Modal
        opened={confirming}
        onClose={() => !submitting && setConfirming(false)}
        title={t('submit.title')}
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        <Stack gap="md">
          <Text>{t('submit.answered', { answered: answeredCount, total: questions.length })}</Text>
          {answeredCount < questions.length ? (
            <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {t('submit.unanswered', { count: questions.length - answeredCount })}
            </Alert>
          ) : null}
          <Text fz="sm" c="dimmed">
            {t('submit.final')}
          </Text>
          {submitError ? (
            <Alert color="red" role="alert">
              {errorText(errorCode(submitError))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={submitting}>
              {t('submit.keepGoing')}
            </Button>
            <Button onClick={() => void submit()} loading={submitting} data-testid="confirm-submit">
              {t('submit.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {submitting && !confirming ? (
        <Alert color="blue" role="status">
          {t('attempt.timeUpSubmitting')}
        </Alert>
      ) : null}
      {submitError && !confirming ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{errorText(errorCode(submitError))}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void submit()}>
              {t('submit.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
