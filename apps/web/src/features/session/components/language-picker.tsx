import { Button, Menu, Select } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { languages, type Language } from '@trilha/i18n/languages';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from '../api/language';

function useLanguageChoice() {
  const { t, i18n } = useTranslation();
  const change = useChangeLanguage();
  const current = (languages as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'pt-BR';
  const options = languages.map((code) => ({ value: code, label: t(`language.names.${code}`) }));
  return { t, current, options, change };
}

/** A compact language button for headers: the globe, the current language, and a menu of the others. */
export function LanguageMenu() {
  const { t, current, options, change } = useLanguageChoice();
  const currentName = options.find((o) => o.value === current)?.label ?? current;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`${t('language.change')}: ${currentName}`}
        >
          {currentName}
        </Button>
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

/** The language as a labelled form field (home page preferences). */
export function LanguageSelect() {
  const { t, current, options, change } = useLanguageChoice();
  return (
    <Select
      label={t('language.label')}
      data={options}
      value={current}
      allowDeselect={false}
      leftSection={<IconLanguage size={18} aria-hidden />}
      onChange={(value) => {
        if (value) void change(value as Language);
      }}
    />
  );
}
