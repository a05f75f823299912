import { Menu } from '@mantine/core';
import type { Language } from '@trilha/i18n/languages';
import { useEffect, useRef } from 'react';
import { LanguageMenuButton } from './language-menu-button';
import { useLanguageChoice } from './use-language-choice';

/**
 * The language button with its menu (Mantine's Menu, with floating-ui): a chunk of its own, which
 * LanguageMenu loads when the pointer or the focus reaches the button, or when it is pressed.
 */
export default function LanguageMenuPopup({
  openOnMount,
  focusOnMount,
}: {
  /** The button was pressed before this chunk arrived. */
  openOnMount: boolean;
  /** The button had the focus when it was swapped for this one. */
  focusOnMount: boolean;
}) {
  const { t, current, currentName, options, change } = useLanguageChoice();
  const target = useRef<HTMLButtonElement>(null);
  // Once only, also when StrictMode runs the effect twice (a second click would close the menu).
  const replayed = useRef(false);
  useEffect(() => {
    if (focusOnMount || openOnMount) target.current?.focus();
    // The press that came before this chunk is replayed on the mounted menu, so it opens as a click
    // opens it, noting the button as the element to give the focus back to when it closes.
    if (openOnMount && !replayed.current) {
      replayed.current = true;
      target.current?.click();
    }
  }, [focusOnMount, openOnMount]);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <LanguageMenuButton ref={target} currentName={currentName} changeLabel={t('language.change')} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        <Menu.RadioGroup value={current} onChange={(value) => void change(value as Language)}>
          {options.map((option) => (
            <Menu.RadioItem key={option.value} value={option.value} lang={option.value} closeMenuOnClick>
              {option.label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
