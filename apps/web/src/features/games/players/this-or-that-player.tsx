import { Button, Group, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { faceName, FaceView } from '../components/face';
import classes from '../games.module.css';
import type { GamePlayerProps } from './types';

/** How far (px) a card is swiped before it counts as sorted to that side. */
export const SWIPE_PX = 80;
/** How long the feedback on a sorted item shows before the next one. */
const FEEDBACK_MS = 700;

type Side = 'left' | 'right';

/**
 * This or that: items come one by one and are sorted to one of two sides: swiped on a phone, or the
 * side's button or the left and right arrow keys on a desk. Each item is sorted once; a wrong side is an
 * error.
 */
export function ThisOrThatPlayer({ view, onMove }: GamePlayerProps<'this_or_that'>) {
  const { t } = useTranslation('games');
  const reduceMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [busy, setBusy] = useState(false);
  const [verdict, setVerdict] = useState<{ correct: boolean; text: string } | null>(null);
  const [dx, setDx] = useState(0);
  const swipe = useRef<{ x: number; id: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const item = view.items[index];
  const sideName = (side: Side) => faceName(view[side], t(`thisOrThat.${side}`));

  const sort = (side: Side) => {
    if (!item || busy) return;
    setBusy(true);
    onMove({ itemId: item.id, side }).then(
      (feedback) => {
        const text = feedback.correct
          ? t('thisOrThat.sortedRight', { item: faceName(item.face, ''), side: sideName(side) })
          : t('thisOrThat.sortedWrong', { item: faceName(item.face, ''), side: sideName(side) });
        setVerdict({ correct: feedback.correct, text });
        timer.current = setTimeout(() => {
          setVerdict(null);
          setDx(0);
          setIndex((i) => i + 1);
          setBusy(false);
        }, FEEDBACK_MS);
      },
      () => {
        setDx(0);
        setBusy(false);
      },
    );
  };

  // The arrow keys sort from anywhere on the page, except while typing.
  const sortRef = useRef(sort);
  useEffect(() => {
    sortRef.current = sort;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        sortRef.current(event.key === 'ArrowLeft' ? 'left' : 'right');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (busy) return;
    swipe.current = { x: event.clientX, id: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipe.current?.id === event.pointerId) setDx(event.clientX - swipe.current.x);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (swipe.current?.id !== event.pointerId) return;
    const moved = event.clientX - swipe.current.x;
    swipe.current = null;
    if (Math.abs(moved) >= SWIPE_PX) sort(moved < 0 ? 'left' : 'right');
    else setDx(0);
  };

  if (!item) return <Text c="dimmed">{t('thisOrThat.allSorted')}</Text>;

  return (
    <Stack gap="md">
      <Text fz="sm" ta="center" data-testid="sort-progress">
        {t('thisOrThat.progress', { number: index + 1, total: view.items.length })}
      </Text>
      <div
        className={classes.swipeCard}
        data-moving={dx !== 0 || undefined}
        style={{
          transform: reduceMotion ? undefined : `translateX(${dx}px) rotate(${dx / 20}deg)`,
          borderColor: verdict ? `var(--mantine-color-${verdict.correct ? 'teal' : 'red'}-7)` : undefined,
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
          setDx(0);
        }}
        data-testid="sort-item"
        aria-label={faceName(item.face, t('thisOrThat.item'))}
        role="img"
      >
        <FaceView face={item.face} imageHeight={96} />
      </div>
      <Text role="status" aria-live="polite" ta="center" fw={600} mih={24} data-testid="sort-verdict">
        {verdict ? (
          <Group component="span" gap={4} justify="center" c={verdict.correct ? 'teal.8' : 'red.8'}>
            {verdict.correct ? <IconCheck size={18} aria-hidden /> : <IconX size={18} aria-hidden />}
            {verdict.text}
          </Group>
        ) : null}
      </Text>
      <Group grow>
        <Button
          size="lg"
          variant="light"
          leftSection={<IconArrowLeft size={20} aria-hidden />}
          onClick={() => sort('left')}
          disabled={busy}
          aria-keyshortcuts="ArrowLeft"
          aria-label={t('thisOrThat.sortTo', { side: sideName('left') })}
        >
          <FaceView face={view.left} imageHeight={28} />
        </Button>
        <Button
          size="lg"
          variant="light"
          rightSection={<IconArrowRight size={20} aria-hidden />}
          onClick={() => sort('right')}
          disabled={busy}
          aria-keyshortcuts="ArrowRight"
          aria-label={t('thisOrThat.sortTo', { side: sideName('right') })}
        >
          <FaceView face={view.right} imageHeight={28} />
        </Button>
      </Group>
      <Text fz="xs" c="dimmed" ta="center">
        {t('thisOrThat.keys')}
      </Text>
    </Stack>
  );
}
