import { useRef } from 'react';
import { DOUBLE_CLICK_MS } from '../dnd/thresholds';

/**
 * A click handler that calls `action` on the second click or tap within spec section 9's 500 ms: a
 * double click on a mouse, a double tap on a phone (browsers do not send `dblclick` for taps everywhere).
 */
export function useDoubleTap(action: (() => void) | undefined) {
  const last = useRef(0);
  return () => {
    if (!action) return;
    const now = Date.now();
    if (now - last.current <= DOUBLE_CLICK_MS) {
      last.current = 0;
      action();
    } else {
      last.current = now;
    }
  };
}
