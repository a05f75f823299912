import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  gameSettingsByKind,
  type GameKind,
  type GameMove,
  type GameMoveFeedback,
  type GameView,
} from '@trilha/contracts/learning/games';
import { gameViewOf, replayGame, type GameOf } from '@trilha/domain/games/games';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The learner's boards, loaded with the editor only.
const GameBoard = lazy(() =>
  import('../../../games/components/game-board').then((m) => ({ default: m.GameBoard })),
);

/**
 * The learner's board for the draft, played here against the draft's solution: the same view the server
 * derives (gameViewOf) and the same rules (replayGame). Any edit starts it again.
 */
export function GamePreview({ kind, draft }: { kind: GameKind; draft: unknown }) {
  const { t } = useTranslation('games');
  const [round, setRound] = useState(1);
  const parsed = gameSettingsByKind[kind].safeParse(draft);
  const key = JSON.stringify(draft);
  const game = useMemo(
    () => (parsed.success ? ({ kind, settings: parsed.data } as GameOf) : null),
    // The serialized draft stands for the parse's result.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [kind, key],
  );
  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      w="100%"
      maw={390}
      mx="auto"
      aria-label={t('editor.preview')}
      component="section"
    >
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} fz="sm">
            {t('editor.preview')}
          </Title>
          <Button size="compact-xs" variant="subtle" onClick={() => setRound((r) => r + 1)} disabled={!game}>
            {t('editor.restartPreview')}
          </Button>
        </Group>
        {game ? (
          <PreviewRound key={`${key}:${round}`} game={game} seed={round} />
        ) : (
          <Text fz="sm" c="dimmed" data-testid="preview-incomplete">
            {t('editor.previewIncomplete')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function PreviewRound({ game, seed }: { game: GameOf; seed: number }) {
  const { t } = useTranslation('games');
  const view = useMemo(() => gameViewOf(game, seed) as GameView, [game, seed]);
  const moves = useRef<unknown[]>([]);
  const [status, setStatus] = useState<'playing' | 'won' | 'lost'>('playing');
  const [errors, setErrors] = useState(0);

  const onMove = (move: GameMove): Promise<GameMoveFeedback> => {
    try {
      const replay = replayGame(game, seed, [...moves.current, move]);
      moves.current.push(move);
      setStatus(replay.status);
      setErrors(replay.errors);
      return Promise.resolve(replay.steps.at(-1)!);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };

  return (
    <Stack gap="xs" data-testid="game-preview">
      {view.instructions ? <Text fz="sm">{view.instructions}</Text> : null}
      <Text fz="xs" c="dimmed">
        {t('editor.previewErrors', { errors, allowed: view.allowedErrors })}
      </Text>
      {status !== 'playing' ? (
        <Alert color={status === 'won' ? 'green' : 'red'} role="status" data-testid="preview-end">
          {status === 'won' ? t('editor.previewWon') : t('editor.previewLost')}
        </Alert>
      ) : null}
      <Suspense fallback={<Loader size="sm" />}>
        <GameBoard view={view} onMove={onMove} />
      </Suspense>
    </Stack>
  );
}
