import { useDraggable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { useDoubleTap } from '../hooks/use-double-tap';
import { useLongPress } from '../hooks/use-long-press';
import classes from '../games.module.css';

export interface DraggablePieceProps {
  id: string;
  children: ReactNode;
  /** Read by screen readers: the piece's text and where it is. */
  label: string;
  /** A double click or double tap (within 500 ms): a placed piece goes back to the tray. */
  onDoubleTap?: () => void;
  /** A long press (900 ms) or a right click: the board offers the places to put the piece, in a list. */
  onMenu?: () => void;
  disabled?: boolean;
  state?: 'right' | 'wrong' | null;
}

/** A piece the learner drags: by mouse, by finger (after 5 px) or by keyboard (Space, arrows, Space). */
export function DraggablePiece({
  id,
  children,
  label,
  onDoubleTap,
  onMenu,
  disabled,
  state,
}: DraggablePieceProps) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id, disabled });
  const onClick = useDoubleTap(onDoubleTap);
  const press = useLongPress(onMenu);
  return (
    <button
      type="button"
      ref={setNodeRef}
      className={classes.piece}
      data-dragging={isDragging || undefined}
      data-state={state ?? undefined}
      style={{ transform: CSS.Translate.toString(transform) }}
      {...attributes}
      {...listeners}
      aria-label={label}
      onClick={onClick}
      {...press}
    >
      {children}
    </button>
  );
}
