import type { ReactNode } from 'react';
import classes from './celebration.module.css';

const PIECES = 18;

/**
 * The moment something is earned (a finished course, a redeemed reward): confetti falling behind, and a
 * round golden emblem that springs in around its icon. CSS only; both stay still for people who ask for
 * reduced motion. Place it in a positioned container (`pos="relative"`) that hides its overflow.
 */
export function Celebration({ children }: { children: ReactNode }) {
  return (
    <>
      <div className={classes.confetti} aria-hidden>
        {Array.from({ length: PIECES }, (_, i) => (
          <span key={i} className={classes.piece} style={{ ['--i' as string]: i }} />
        ))}
      </div>
      <div className={classes.emblem} aria-hidden>
        {children}
      </div>
    </>
  );
}
