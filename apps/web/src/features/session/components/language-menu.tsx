import { lazy, startTransition, Suspense, useState } from 'react';
import { LanguageMenuButton } from './language-menu-button';
import { useLanguageChoice } from './use-language-choice';

const loadPopup = () => import('./language-menu-popup');
const LanguageMenuPopup = lazy(loadPopup);

/**
 * A compact language button for headers: the globe, the current language, and a menu of the others.
 * The first screen shows the button alone (the same markup as the menu's target, closed); the menu and
 * floating-ui load when the pointer or the focus reaches it, so they stay out of the login screen's bundle.
 * Pressed before they arrive, the menu opens as soon as they do.
 */
export function LanguageMenu() {
  const { t, currentName } = useLanguageChoice();
  const [wanted, setWanted] = useState<'closed' | 'opened' | null>(null);
  const [focused, setFocused] = useState(false);
  // A transition keeps this button on screen (and focused) until the menu's chunk has arrived.
  const want = (next: 'closed' | 'opened') =>
    startTransition(() => setWanted((current) => (current === 'opened' ? current : next)));

  const button = (
    <LanguageMenuButton
      currentName={currentName}
      changeLabel={t('language.change')}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => want('closed')}
      onTouchStart={() => want('closed')}
      onFocus={() => {
        setFocused(true);
        want('closed');
      }}
      onBlur={() => setFocused(false)}
      onClick={() => want('opened')}
    />
  );
  return (
    <Suspense fallback={button}>
      {wanted ? <LanguageMenuPopup openOnMount={wanted === 'opened'} focusOnMount={focused} /> : button}
    </Suspense>
  );
}
