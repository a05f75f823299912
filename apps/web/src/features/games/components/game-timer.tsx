import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The time left of a game, counted on the browser's clock from when the attempt's seconds arrived (the
 * server refuses moves sent after its own deadline whatever this shows). `onExpire` runs once at zero.
 */
export function GameTimer({ secondsLeft, onExpire }: { secondsLeft: number; onExpire: () => void }) {
  const { t } = useTranslation('games');
  const [left, setLeft] = useState(secondsLeft);
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  }, [onExpire]);

  useEffect(() => {
    const start = Date.now();
    let done = false;
    const id = setInterval(() => {
      const now = Math.max(0, secondsLeft - (Date.now() - start) / 1000);
      setLeft(now);
      if (now <= 0 && !done) {
        done = true;
        clearInterval(id);
        expire.current();
      }
    }, 1000);
    return () => clearInterval(id);
  }, [secondsLeft]);

  const low = left <= 15;
  return (
    <Group gap={4} c={low ? 'red.8' : undefined} data-testid="game-timer">
      <IconClock size={18} aria-hidden />
      <VisuallyHidden>{t('shell.timeLeft')}</VisuallyHidden>
      <Text fw={700} ff="monospace" aria-live={low ? 'polite' : 'off'}>
        {formatClock(left)}
      </Text>
    </Group>
  );
}
