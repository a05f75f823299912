import { useRef } from 'react';

/**
 * A piece placed by keyboard leaves the tray, and with it the focus: the focus goes to the tray's next
 * piece instead of falling back to the page, so the next piece is one Space away.
 */
export function useFocusAfterMove<T extends HTMLElement>() {
  const container = useRef<T>(null);
  const refocus = () =>
    setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body && document.contains(active)) return;
      container.current?.querySelector<HTMLElement>('button')?.focus();
    }, 0);
  return { container, refocus };
}
