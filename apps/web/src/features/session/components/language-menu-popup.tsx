import { Menu } from '@mantine/core';
import type { Language } from '@trilha/i18n/languages';
import { useReplayedPress, type DeferredMenuProps } from './deferred-menu';
import { LanguageMenuButton } from './language-menu-button';
import { useLanguageChoice } from './use-language-choice';

/** The language button with its menu: the chunk LanguageMenu loads (Mantine's Menu, floating-ui). */
export default function LanguageMenuPopup(props: DeferredMenuProps) {
  const { t, current, currentName, options, change } = useLanguageChoice();
  const target = useReplayedPress<HTMLButtonElement>(props);
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
