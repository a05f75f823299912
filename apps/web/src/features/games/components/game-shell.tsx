import { Badge, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconVolume, IconVolumeOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGameSound } from '../hooks/use-game-sound';
import { ErrorsMeter } from './errors-meter';
import { GameTimer } from './game-timer';

export interface GameShellProps {
  title: string;
  /** The kind's name, shown as a badge. */
  kindLabel: string;
  /** How to play this kind, in a sentence. */
  howTo: string;
  errorsUsed: number;
  /** Null for a game that counts no errors (flashcards): the meter is not shown. */
  errorsAllowed: number | null;
  /** Seconds left when the game has a time limit; a new value restarts the count. */
  secondsLeft: number | null;
  onTimeUp: () => void;
  children: ReactNode;
}

/** What every game shows around its board: its name, the errors against the allowance, the time, sound. */
export function GameShell({
  title,
  kindLabel,
  howTo,
  errorsUsed,
  errorsAllowed,
  secondsLeft,
  onTimeUp,
  children,
}: GameShellProps) {
  const { t } = useTranslation('games');
  const sound = useGameSound();
  return (
    <Stack gap="md" data-testid="game-shell">
      <Paper withBorder radius="md" p="sm">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Badge variant="light" size="sm">
                {kindLabel}
              </Badge>
              <Title order={2} fz="h4">
                {title}
              </Title>
            </Stack>
            <Switch
              size="md"
              checked={sound.enabled}
              onChange={(event) => sound.setEnabled(event.currentTarget.checked)}
              label={t('shell.sound')}
              labelPosition="left"
              thumbIcon={
                sound.enabled ? <IconVolume size={12} aria-hidden /> : <IconVolumeOff size={12} aria-hidden />
              }
            />
          </Group>
          <Group justify="space-between" gap="xs">
            {errorsAllowed !== null ? <ErrorsMeter used={errorsUsed} allowed={errorsAllowed} /> : <span />}
            {secondsLeft !== null ? (
              <GameTimer key={secondsLeft} secondsLeft={secondsLeft} onExpire={onTimeUp} />
            ) : null}
          </Group>
          <Text fz="sm" c="dimmed">
            {howTo}
          </Text>
        </Stack>
      </Paper>
      {children}
    </Stack>
  );
}
