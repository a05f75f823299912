import { DndContext, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { gameCollisions, useGameSensors } from './sensors';

export interface GameDndContextProps {
  children: ReactNode;
  /** A piece let go over a zone (`zoneId`), or outside every zone (`null`). */
  onDrop: (pieceId: string, zoneId: string | null) => void;
  /** The name a screen reader says for a piece or a zone. */
  nameOf: (id: string) => string;
}

/**
 * The drag-and-drop of every game: mouse, touch and keyboard sensors (./sensors.ts), and what a screen
 * reader hears at each step, in the learner's language.
 */
export function GameDndContext({ children, onDrop, nameOf }: GameDndContextProps) {
  const { t } = useTranslation('games');
  const sensors = useGameSensors();
  const name = (id: UniqueIdentifier) => nameOf(String(id));

  const onDragEnd = ({ active, over }: DragEndEvent) =>
    onDrop(String(active.id), over ? String(over.id) : null);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={gameCollisions}
      // The page scrolls only when a piece is held at its very edge (a tenth of the screen, not the
      // default fifth): on a phone a board fills the screen, and its top gaps are drop targets.
      autoScroll={{ threshold: { x: 0.1, y: 0.1 } }}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('dnd.instructions') },
        announcements: {
          onDragStart: ({ active }) => t('dnd.pickedUp', { piece: name(active.id) }),
          onDragOver: ({ active, over }) =>
            over
              ? t('dnd.over', { piece: name(active.id), zone: name(over.id) })
              : t('dnd.notOver', { piece: name(active.id) }),
          onDragEnd: ({ active, over }) =>
            over
              ? t('dnd.dropped', { piece: name(active.id), zone: name(over.id) })
              : t('dnd.droppedOutside', { piece: name(active.id) }),
          onDragCancel: ({ active }) => t('dnd.cancelled', { piece: name(active.id) }),
        },
      }}
    >
      {children}
    </DndContext>
  );
}
