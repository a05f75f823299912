import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMoodSad, IconRefresh, IconTrophy } from '@tabler/icons-react';
import type { GameResult as Result } from '@trilha/contracts/learning/games';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Celebration } from '../../../components/celebration';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} align="center">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={800} fz="xl" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The end of a game as the server judged it (never the board's own guess): won or lost and why, the
 * score, the errors against the allowance, and what to do next.
 */
export function GameResultScreen({
  result,
  activityFinished,
  onRetry,
  retrying,
}: {
  result: Result;
  activityFinished: boolean;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('games');
  const heading = useRef<HTMLHeadingElement>(null);
  // The board is gone: the result takes the focus, so a screen reader reads it at once.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      pos="relative"
      style={{ overflow: 'hidden' }}
      data-testid="game-result"
      data-won={result.won}
    >
      <Stack gap="md" align="center" ta="center">
        {result.won ? (
          <Box pos="relative" w="100%">
            <Celebration>
              <IconTrophy size={44} aria-hidden />
            </Celebration>
          </Box>
        ) : (
          <IconMoodSad size={56} color="var(--mantine-color-gray-6)" aria-hidden />
        )}
        <Title order={2} fz="h3" ref={heading} tabIndex={-1}>
          {result.won ? t('result.won') : t('result.lost')}
        </Title>
        <Text>{t(`result.reason.${result.reason}`)}</Text>
        <SimpleGrid cols={3} w="100%" maw={420}>
          <Fact label={t('result.score')} value={`${result.score}`} testId="game-score" />
          <Fact
            label={t('result.errors')}
            value={t('result.errorsValue', { errors: result.errors, allowed: result.allowedErrors })}
            testId="game-result-errors"
          />
          <Fact
            label={t('result.done')}
            value={t('result.doneValue', { done: result.done, total: result.total })}
            testId="game-done"
          />
        </SimpleGrid>
        <Text fw={600}>
          {result.won
            ? activityFinished
              ? t('result.nextWon')
              : t('result.nextWonNotFinished')
            : t('result.nextLost')}
        </Text>
        <Group justify="center">
          <Button
            leftSection={<IconRefresh size={18} aria-hidden />}
            variant={result.won ? 'default' : 'filled'}
            onClick={onRetry}
            loading={retrying}
          >
            {result.won ? t('result.playAgain') : t('result.tryAgain')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
