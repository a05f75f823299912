import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconRotate } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { faceName, FaceView } from '../components/face';
import classes from '../games.module.css';
import type { GamePlayerProps } from './types';

/**
 * Flashcards: a deck flipped front to back. After seeing the back the learner marks the card known (it
 * leaves the deck) or not yet (it comes back at the end of the deck). The deck is done when every card is
 * known; it is never lost.
 */
export function FlashcardsPlayer({ view, onMove }: GamePlayerProps<'flashcards'>) {
  const { t } = useTranslation('games');
  const [deck, setDeck] = useState(() => view.cards.map((c) => c.id));
  const [flipped, setFlipped] = useState(false);
  const [busy, setBusy] = useState(false);
  const card = view.cards.find((c) => c.id === deck[0]);
  const known = view.cards.length - deck.length;

  if (!card) return <Text c="dimmed">{t('flashcards.allKnown')}</Text>;

  const mark = (value: 'known' | 'not_yet') => {
    if (busy) return;
    setBusy(true);
    onMove({ cardId: card.id, mark: value }).then(
      () => {
        setDeck((now) => (value === 'known' ? now.slice(1) : [...now.slice(1), now[0]!]));
        setFlipped(false);
        setBusy(false);
      },
      () => setBusy(false),
    );
  };

  return (
    <Stack gap="md">
      <Text fz="sm" data-testid="flashcards-progress">
        {t('flashcards.progress', { known, total: view.cards.length, left: deck.length })}
      </Text>
      <button
        type="button"
        className={classes.flashcard}
        data-open={flipped || undefined}
        onClick={() => setFlipped((f) => !f)}
        aria-label={
          flipped
            ? t('flashcards.back', { text: faceName(card.back, '') })
            : t('flashcards.front', { text: faceName(card.front, '') })
        }
        aria-live="polite"
        data-testid="flashcard"
      >
        <span className={classes.cardInner} style={{ minHeight: 220, display: 'block' }}>
          <span className={`${classes.cardFace} ${classes.cardBack}`} aria-hidden>
            <FaceView face={card.front} imageHeight={120} />
          </span>
          <span className={`${classes.cardFace} ${classes.cardFront}`} aria-hidden>
            {flipped ? <FaceView face={card.back} imageHeight={120} /> : null}
          </span>
        </span>
      </button>
      {flipped ? (
        <Group grow>
          <Button
            size="md"
            variant="default"
            leftSection={<IconRotate size={18} aria-hidden />}
            onClick={() => mark('not_yet')}
            disabled={busy}
          >
            {t('flashcards.notYet')}
          </Button>
          <Button
            size="md"
            color="teal.9"
            leftSection={<IconCheck size={18} aria-hidden />}
            onClick={() => mark('known')}
            disabled={busy}
          >
            {t('flashcards.known')}
          </Button>
        </Group>
      ) : (
        <Button size="md" variant="light" onClick={() => setFlipped(true)}>
          {t('flashcards.flip')}
        </Button>
      )}
    </Stack>
  );
}
