import {
  startTransition,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactElement,
} from 'react';

/** What a deferred menu's chunk is told about the button it replaces. */
export interface DeferredMenuProps {
  /** The button was pressed before the chunk arrived: the menu opens once mounted. */
  openOnMount: boolean;
  /** The button had the focus when it was swapped for the menu's own. */
  focusOnMount: boolean;
}

/** The attributes and handlers the stand-in button takes: those of a closed menu's target, and the intents. */
export interface StandInProps {
  'aria-haspopup': 'menu';
  'aria-expanded': false;
  onPointerEnter: () => void;
  onTouchStart: () => void;
  onFocus: () => void;
  onBlur: () => void;
  onClick: () => void;
}

/**
 * A header menu whose Mantine Menu (with floating-ui) is a chunk of its own. Until the pointer or the focus
 * reaches it, or it is pressed, the screen shows the stand-in button, the same markup as the menu's closed
 * target; then the chunk loads (a transition keeps the stand-in on screen and focused meanwhile) and
 * replaces it. A press that came first opens the menu as soon as it is there.
 */
export function DeferredMenu({
  standIn,
  menu: Menu,
}: {
  standIn: (props: StandInProps) => ReactElement;
  menu: LazyExoticComponent<ComponentType<DeferredMenuProps>>;
}) {
  const [wanted, setWanted] = useState<'closed' | 'opened' | null>(null);
  const [focused, setFocused] = useState(false);
  const want = (next: 'closed' | 'opened') =>
    startTransition(() => setWanted((current) => (current === 'opened' ? current : next)));
  const button = standIn({
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: () => want('closed'),
    onTouchStart: () => want('closed'),
    onFocus: () => {
      setFocused(true);
      want('closed');
    },
    onBlur: () => setFocused(false),
    onClick: () => want('opened'),
  });
  return (
    <Suspense fallback={button}>
      {wanted ? <Menu openOnMount={wanted === 'opened'} focusOnMount={focused} /> : button}
    </Suspense>
  );
}

/**
 * For the menu's chunk: the ref of its target, which takes the focus the stand-in had and replays the press
 * that came before the chunk, so the menu opens as a click opens it (noting the button as the element to
 * give the focus back to when it closes).
 */
export function useReplayedPress<T extends HTMLElement>({ openOnMount, focusOnMount }: DeferredMenuProps) {
  const target = useRef<T>(null);
  // Once only, also when StrictMode runs the effect twice (a second click would close the menu).
  const replayed = useRef(false);
  useEffect(() => {
    if (replayed.current) return;
    replayed.current = true;
    if (focusOnMount || openOnMount) target.current?.focus();
    if (openOnMount) target.current?.click();
  }, [focusOnMount, openOnMount]);
  return target;
}
