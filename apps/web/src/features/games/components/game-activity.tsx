import { Alert, Button, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconPlayerPlay } from '@tabler/icons-react';
import type {
  GameAttemptStarted,
  GameKind,
  GameMove,
  GameMoveFeedback,
  GameSubmitted,
} from '@trilha/contracts/learning/games';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import { gameKeys, sendGameMoves, startGameAttempt, submitGameAttempt, useGameInfo } from '../api/games';
import { useGameSound } from '../hooks/use-game-sound';
import { GameBoard } from './game-board';
import { GameResultScreen } from './game-result';
import { GameShell } from './game-shell';

function problemText(error: unknown): string {
  return error instanceof ApiError ? errorText(error.code) : errorText('INTERNAL');
}

interface Playing {
  attempt: GameAttemptStarted;
  errors: number;
  /** Seconds left when the attempt started, or null without a time limit. */
  secondsLeft: number | null;
}

function secondsUntil(deadline: string | null): number | null {
  if (!deadline) return null;
  return Math.max(0, Math.round((new Date(deadline).getTime() - Date.now()) / 1000));
}

export interface GameActivityProps {
  activityId: number;
  /** The trail the course was opened in. */
  trailId?: number | null;
  /** The game finished the activity: the course's progress is read again. */
  onFinished?: () => void;
}

/**
 * A game activity: its introduction and the learner's record, then an attempt (the board of its kind
 * inside the shared shell), then the server's result. Moves go to the server one by one, in order; when
 * the server says the game is over (done, too many errors) or the time runs out, every move is submitted
 * and the server's replay is the result shown.
 */
export default function GameActivity({ activityId, trailId = null, onFinished }: GameActivityProps) {
  const { t } = useTranslation('games');
  const queryClient = useQueryClient();
  const info = useGameInfo(activityId, trailId);
  const { play } = useGameSound();
  const [playing, setPlaying] = useState<Playing | null>(null);
  const [submitted, setSubmitted] = useState<GameSubmitted | null>(null);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** The attempt whose submission failed: the learner can send it again. */
  const [unsent, setUnsent] = useState<number | null>(null);
  const moves = useRef<GameMove[]>([]);
  /** Moves are sent one after the other, so the server replays them in the order they were made. */
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const ending = useRef(false);

  const start = async () => {
    setStarting(true);
    setProblem(null);
    try {
      const attempt = await startGameAttempt(activityId, trailId);
      moves.current = [];
      ending.current = false;
      setSubmitted(null);
      setPlaying({ attempt, errors: 0, secondsLeft: secondsUntil(attempt.deadline) });
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setStarting(false);
    }
  };

  const submit = useCallback(
    async (attemptId: number) => {
      if (ending.current) return;
      ending.current = true;
      setUnsent(null);
      try {
        const answer = await submitGameAttempt(activityId, attemptId, moves.current);
        play(answer.result.won ? 'win' : 'lose');
        setSubmitted(answer);
        setProblem(null);
        setPlaying(null);
        void queryClient.invalidateQueries({ queryKey: gameKeys.info(activityId, trailId) });
        if (answer.activityFinished) onFinished?.();
      } catch (error) {
        ending.current = false;
        setUnsent(attemptId);
        setProblem(problemText(error));
      }
    },
    [activityId, trailId, onFinished, queryClient, play],
  );

  const onMove = useCallback(
    (move: GameMove): Promise<GameMoveFeedback> => {
      const attemptId = playing?.attempt.attemptId;
      if (attemptId === undefined || ending.current) return Promise.reject(new Error('Game over'));
      const sent = queue.current.then(async () => {
        const response = await sendGameMoves(activityId, attemptId, [move]);
        moves.current.push(move);
        const feedback = response.feedback[0]!;
        if (!feedback.ignored) play(feedback.correct ? 'right' : 'wrong');
        setPlaying((now) => (now ? { ...now, errors: response.state.errors } : now));
        if (response.state.status !== 'playing') void submit(attemptId);
        return feedback;
      });
      queue.current = sent.catch((error: unknown) => setProblem(problemText(error)));
      return sent;
    },
    [activityId, playing?.attempt.attemptId, play, submit],
  );

  if (info.isPending) return <Skeleton h={240} radius="md" data-testid="game-loading" />;
  if (info.isError)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
        {problemText(info.error)}
        <Group mt="sm">
          <Button size="xs" variant="default" onClick={() => void info.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );

  const game = info.data;
  const kind: GameKind = game.kind;
  const problemAlert = problem ? (
    <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
      {problem}
      {unsent !== null ? (
        <Group mt="sm">
          <Button size="xs" variant="default" onClick={() => void submit(unsent)}>
            {t('sendAgain')}
          </Button>
        </Group>
      ) : null}
    </Alert>
  ) : null;

  if (playing) {
    const view = playing.attempt.view;
    return (
      <GameShell
        title={game.title}
        kindLabel={t(`kinds.${kind}`)}
        howTo={view.instructions || t(`howTo.${kind}`)}
        errorsUsed={playing.errors}
        errorsAllowed={kind === 'flashcards' ? null : view.allowedErrors}
        secondsLeft={playing.secondsLeft}
        onTimeUp={() => void queue.current.then(() => submit(playing.attempt.attemptId))}
      >
        {problemAlert}
        <GameBoard key={playing.attempt.attemptId} view={view} onMove={onMove} />
      </GameShell>
    );
  }

  if (submitted)
    return (
      <Stack gap="md">
        {problemAlert}
        <GameResultScreen
          result={submitted.result}
          activityFinished={submitted.activityFinished}
          onRetry={() => void start()}
          retrying={starting}
        />
      </Stack>
    );

  const view = game.view;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="game-intro">
      <Stack gap="sm">
        <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
          {t(`kinds.${kind}`)}
        </Text>
        <Title order={2} fz="h3">
          {game.title}
        </Title>
        {'imageUrl' in view && view.imageUrl && kind === 'enigma' ? (
          <Image src={view.imageUrl} alt="" radius="md" mah={200} fit="contain" />
        ) : null}
        <Text>{view.instructions || t(`howTo.${kind}`)}</Text>
        <Group gap="lg">
          <Text fz="sm">
            {kind === 'flashcards'
              ? t('intro.noErrors')
              : t('intro.allowedErrors', { count: view.allowedErrors })}
          </Text>
          {view.timeLimitSeconds ? (
            <Text fz="sm">{t('intro.timeLimit', { count: Math.ceil(view.timeLimitSeconds / 60) })}</Text>
          ) : null}
          {view.points > 0 ? <Text fz="sm">{t('intro.points', { count: view.points })}</Text> : null}
        </Group>
        {game.attempts > 0 ? (
          <Text fz="sm" c="dimmed" data-testid="game-record">
            {game.won
              ? t('intro.recordWon', { count: game.attempts, score: game.bestScore ?? 0 })
              : t('intro.record', { count: game.attempts })}
          </Text>
        ) : null}
        {problemAlert}
        <Group>
          <Button
            size="md"
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            onClick={() => void start()}
            loading={starting}
          >
            {game.attempts > 0 ? t('intro.playAgain') : t('intro.play')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
