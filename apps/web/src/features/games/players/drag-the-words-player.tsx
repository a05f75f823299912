import { Paper, Stack, Text } from '@mantine/core';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaceChooser } from '../components/place-chooser';
import { DraggablePiece } from '../dnd/draggable-piece';
import { DropZone } from '../dnd/drop-zone';
import { GameDndContext } from '../dnd/game-dnd-context';
import classes from '../games.module.css';
import { useFocusAfterMove } from '../hooks/use-focus-after-move';
import type { GamePlayerProps } from './types';

const wordKey = (id: string) => `word:${id}`;
const gapKey = (id: string) => `gap:${id}`;

/**
 * Drag the words: words of the bank dragged into the gaps of a text (or double tapped: into the first
 * empty gap). A word shows in its gap at once; the server's feedback keeps it or sends it back.
 */
export function DragTheWordsPlayer({ view, onMove }: GamePlayerProps<'drag_the_words'>) {
  const { t } = useTranslation('games');
  const bankId = useId();
  const [choosing, setChoosing] = useState<string | null>(null);
  const { container: trayRef, refocus } = useFocusAfterMove<HTMLDivElement>();
  /** Gap id → word id. */
  const [filled, setFilled] = useState<Record<string, string>>({});
  const [wrong, setWrong] = useState<string | null>(null);
  const gaps = view.parts.filter((p) => p.type === 'gap');
  const gapNumber = (id: string) => gaps.findIndex((g) => g.id === id) + 1;
  const wordText = (id: string) => view.words.find((w) => w.id === id)?.text ?? id;
  const used = new Set(Object.values(filled));

  const nameOf = (key: string) =>
    key.startsWith('word:') ? wordText(key.slice(5)) : t('words.gap', { number: gapNumber(key.slice(4)) });

  const place = (wordId: string, gapId: string) => {
    if (filled[gapId] || used.has(wordId)) return;
    setFilled((now) => ({ ...now, [gapId]: wordId }));
    refocus();
    const undo = () =>
      setFilled((now) => {
        const next = { ...now };
        delete next[gapId];
        return next;
      });
    onMove({ wordId, gapId }).then((feedback) => {
      if (feedback.correct) return;
      undo();
      setWrong(wordId);
    }, undo);
  };

  const onDrop = (key: string, zone: string | null) => {
    if (zone) place(key.slice(5), zone.slice(4));
  };
  const firstEmpty = gaps.find((g) => !filled[g.id]);

  return (
    <GameDndContext onDrop={onDrop} nameOf={nameOf}>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" className={classes.text} data-testid="words-text">
          {view.parts.map((part, i) =>
            part.type === 'text' ? (
              <Fragment key={i}>{part.text}</Fragment>
            ) : (
              <DropZone
                key={part.id}
                id={gapKey(part.id)}
                index={gapNumber(part.id)}
                label={
                  filled[part.id]
                    ? t('words.gapFilled', { number: gapNumber(part.id), word: wordText(filled[part.id]!) })
                    : t('words.gap', { number: gapNumber(part.id) })
                }
                variant="gap"
                hideLabel
              >
                {filled[part.id] ? (
                  <Text span fw={700} c="teal.8">
                    {wordText(filled[part.id]!)}
                  </Text>
                ) : null}
              </DropZone>
            ),
          )}
        </Paper>
        <Stack gap={4}>
          <Text fz="sm" fw={700} id={bankId}>
            {t('words.bank')}
          </Text>
          <div ref={trayRef} className={classes.tray} role="group" aria-labelledby={bankId}>
            {view.words
              .filter((word) => !used.has(word.id))
              .map((word) => (
                <DraggablePiece
                  key={word.id}
                  id={wordKey(word.id)}
                  label={word.text}
                  state={wrong === word.id ? 'wrong' : null}
                  onDoubleTap={firstEmpty ? () => place(word.id, firstEmpty.id) : undefined}
                  onMenu={() => setChoosing(word.id)}
                >
                  {word.text}
                </DraggablePiece>
              ))}
          </div>
        </Stack>
      </Stack>
      <PlaceChooser
        piece={choosing ? wordText(choosing) : null}
        places={gaps
          .filter((gap) => !filled[gap.id])
          .map((gap) => ({ id: gap.id, label: t('words.gap', { number: gapNumber(gap.id) }) }))}
        onChoose={(gapId) => choosing && place(choosing, gapId)}
        onClose={() => setChoosing(null)}
        onClosed={refocus}
      />
    </GameDndContext>
  );
}
