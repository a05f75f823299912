import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { faceName, FaceView } from '../components/face';
import classes from '../games.module.css';
import type { GamePlayerProps } from './types';

/** How long two cards that are no pair stay face up, so the learner can remember them. */
export const MISMATCH_SHOW_MS = 1100;

/**
 * Find the pairs: a memory game. Two cards are turned at a time; the server says whether they make a
 * pair (they stay face up) or not (an error; they turn back after a moment).
 */
export function FindThePairsPlayer({ view, onMove }: GamePlayerProps<'find_the_pairs'>) {
  const { t } = useTranslation('games');
  const [open, setOpen] = useState<number[]>([]);
  const [matched, setMatched] = useState<Set<number>>(new Set());
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const cardName = (id: number) => {
    const card = view.cards.find((c) => c.id === id);
    return card ? faceName(card.face, t('pairs.image')) : String(id);
  };

  const turn = (id: number) => {
    if (open.length >= 2 || open.includes(id) || matched.has(id)) return;
    const now = [...open, id];
    setOpen(now);
    if (now.length < 2) {
      setMessage(t('pairs.turned', { card: cardName(id) }));
      return;
    }
    const [first, second] = now as [number, number];
    onMove({ first, second }).then(
      (feedback) => {
        if (feedback.correct) {
          setMatched((m) => new Set([...m, first, second]));
          setOpen([]);
          setMessage(t('pairs.found', { first: cardName(first), second: cardName(second) }));
        } else {
          setMessage(t('pairs.noPair', { first: cardName(first), second: cardName(second) }));
          timer.current = setTimeout(() => setOpen([]), MISMATCH_SHOW_MS);
        }
      },
      () => setOpen([]),
    );
  };

  return (
    <>
      <Text fz="sm" data-testid="pairs-found">
        {t('pairs.progress', { found: matched.size / 2, total: view.cards.length / 2 })}
      </Text>
      <div className={classes.cards} role="group" aria-label={t('pairs.board')}>
        {view.cards.map((card, index) => {
          const faceUp = open.includes(card.id) || matched.has(card.id);
          return (
            <button
              key={card.id}
              type="button"
              className={classes.card}
              data-open={faceUp || undefined}
              data-matched={matched.has(card.id) || undefined}
              aria-label={
                matched.has(card.id)
                  ? t('pairs.cardFound', { number: index + 1, card: cardName(card.id) })
                  : faceUp
                    ? t('pairs.cardUp', { number: index + 1, card: cardName(card.id) })
                    : t('pairs.cardDown', { number: index + 1 })
              }
              aria-disabled={matched.has(card.id) || undefined}
              onClick={() => turn(card.id)}
            >
              <span className={classes.cardInner}>
                <span className={`${classes.cardFace} ${classes.cardBack}`} aria-hidden>
                  ?
                </span>
                <span className={`${classes.cardFace} ${classes.cardFront}`} aria-hidden>
                  {faceUp ? <FaceView face={card.face} imageHeight={56} /> : null}
                </span>
              </span>
            </button>
          );
        })}
      </div>
      <Text size="sm" role="status" aria-live="polite" data-testid="pairs-status">
        {message}
      </Text>
    </>
  );
}
