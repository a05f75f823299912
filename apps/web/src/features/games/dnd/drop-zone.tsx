import { useDroppable } from '@dnd-kit/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from '../games.module.css';

export interface DropZoneProps {
  id: string;
  /** The zone's name, shown (unless `hideLabel`) and read by screen readers. */
  label: string;
  children?: ReactNode;
  hideLabel?: boolean;
  /** A hot spot on an image: placed by the author, in percent of the image. */
  style?: CSSProperties;
  variant?: 'box' | 'spot' | 'gap';
  /** The zone's order among the others (1-based), which the keyboard follows. */
  index: number;
}

/** Where pieces are dropped: a labelled box, a hot spot on an image or a gap in a text. */
export function DropZone({ id, label, children, hideLabel, style, variant = 'box', index }: DropZoneProps) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <div
      ref={setNodeRef}
      className={classes.zone}
      data-variant={variant}
      data-over={isOver || undefined}
      data-zone={index}
      style={style}
      role="group"
      aria-label={label}
    >
      {hideLabel ? null : (
        <span className={classes.zoneLabel} aria-hidden>
          {label}
        </span>
      )}
      {children}
    </div>
  );
}
