import { useEffect, useRef, type MouseEvent, type PointerEvent, type TouchEvent } from 'react';
import { CONTEXT_MENU_MS, DRAG_ACTIVATION_PX } from '../dnd/thresholds';

/**
 * The context menu of a piece: a finger held still for spec section 9's 900 ms (moving 5 px first starts
 * a drag instead), or the mouse's right button (the keyboard's menu key sends the same event). The
 * browser's own menu never opens on a piece.
 */
export function useLongPress(action: (() => void) | undefined) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const touch = useRef(false);
  /** The press opened the menu: the finger's lift must not click what the menu put under it. */
  const fired = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const cancel = () => {
    clearTimeout(timer.current);
    start.current = null;
  };

  return {
    onPointerDown: (event: PointerEvent) => {
      touch.current = event.pointerType === 'touch';
      if (!action || !touch.current) return;
      start.current = { x: event.clientX, y: event.clientY };
      fired.current = false;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        start.current = null;
        fired.current = true;
        action();
      }, CONTEXT_MENU_MS);
    },
    onPointerMove: (event: PointerEvent) => {
      const from = start.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) >= DRAG_ACTIVATION_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onTouchEnd: (event: TouchEvent) => {
      // No click after the lift (it would land on the list of places, now under the finger).
      if (fired.current) event.preventDefault();
      fired.current = false;
    },
    onContextMenu: (event: MouseEvent) => {
      event.preventDefault();
      // On a touch screen the timer above decides, at 900 ms whatever the browser's own delay.
      if (!touch.current) action?.();
    },
  };
}
