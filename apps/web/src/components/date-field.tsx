import { TextInput, type TextInputProps } from '@mantine/core';
import { maskTypedDate, parseTypedDate, typedDateOf } from '@trilha/domain/dates';
import { isLanguage } from '@trilha/i18n/languages';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** 'YYYY-MM-DD', '' for none, or the unfinished text the user typed (which validation refuses). */
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A date typed in the order of the user's language (DD/MM/AAAA in Portuguese and Spanish, MM/DD/YYYY
 * otherwise), whatever the browser's own locale; the form gets 'YYYY-MM-DD' once the date is whole and
 * real, and the typed text before that, so the form's validation says 'Preencha o campo corretamente'.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const { t, i18n } = useTranslation('common');
  const lang = isLanguage(i18n.language) ? i18n.language : 'pt-BR';
  // What is on screen: kept while the user types, rebuilt when the value or the language changes from
  // outside (a form reset, a language switch).
  const [text, setText] = useState(() => typedDateOf(value, lang) || value);
  const [synced, setSynced] = useState({ value, lang });
  if (synced.value !== value || synced.lang !== lang) {
    setSynced({ value, lang });
    setText(typedDateOf(value, lang) || value);
  }
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      placeholder={t('datePlaceholder')}
      value={text}
      onChange={(event) => {
        const next = maskTypedDate(event.currentTarget.value);
        setText(next);
        const iso = parseTypedDate(next, lang);
        setSynced({ value: iso ?? next, lang });
        onChange(iso ?? next);
      }}
    />
  );
}
