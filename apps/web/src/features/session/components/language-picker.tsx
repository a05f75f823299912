import { Select } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { Language } from '@trilha/i18n/languages';
import { useLanguageChoice } from './use-language-choice';

/** The language as a labelled form field (home page preferences). The header's menu: language-menu.tsx. */
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
