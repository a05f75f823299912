import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Seconds left at which the time is read out to screen readers (politely, once each). */
export const COUNTDOWN_MILESTONES = [600, 300, 60] as const;

export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/**
 * The time left of an attempt, counted down from the server's seconds left (the server closes the attempt
 * at its deadline whatever this shows). Ticks on the browser's clock measured from when the seconds were
 * received, so a slow tab does not drift; `onExpire` runs once at zero. A new count from the server is
 * shown by mounting a new countdown (a new `key`).
 */
export function Countdown({ secondsLeft, onExpire }: { secondsLeft: number; onExpire: () => void }) {
  const { t } = useTranslation('assessments-player');
  const [left, setLeft] = useState(secondsLeft);
  const [announcement, setAnnouncement] = useState('');
  const expired = useRef(false);
  const announced = useRef(new Set<number>());
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  }, [onExpire]);

  useEffect(() => {
    const start = Date.now();
    expired.current = false;
    // Milestones already behind the starting point are not read out (a resumed attempt).
    announced.current = new Set(COUNTDOWN_MILESTONES.filter((m) => secondsLeft <= m));
    const tick = () => {
      const now = Math.max(0, secondsLeft - (Date.now() - start) / 1000);
      setLeft(now);
      for (const milestone of COUNTDOWN_MILESTONES) {
        if (now <= milestone && !announced.current.has(milestone)) {
          announced.current.add(milestone);
          setAnnouncement(t('timer.milestone', { count: Math.round(milestone / 60) }));
        }
      }
      if (now <= 0 && !expired.current) {
        expired.current = true;
        setAnnouncement(t('timer.over'));
        expire.current();
      }
    };
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [secondsLeft, t]);

  const low = left <= 60;
  return (
    <>
      <Group
        gap={6}
        wrap="nowrap"
        role="timer"
        aria-label={t('timer.label', { time: formatClock(left) })}
        data-testid="test-countdown"
        px="sm"
        py={4}
        style={{
          borderRadius: 999,
          background: low ? 'var(--mantine-color-red-0)' : 'var(--mantine-color-gray-0)',
          border: `1px solid ${low ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-gray-4)'}`,
        }}
      >
        <IconClock size={18} aria-hidden />
        <Text fw={700} ff="monospace" c={low ? 'red.9' : undefined} aria-hidden>
          {formatClock(left)}
        </Text>
      </Group>
      <VisuallyHidden role="status" aria-live="polite" data-testid="countdown-announcement">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
