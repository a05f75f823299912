import { languages, type Language } from '@trilha/i18n/languages';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from '../api/language';

/** The language shown, the choices with their names in the current language, and the switch. */
export function useLanguageChoice() {
  const { t, i18n } = useTranslation();
  const change = useChangeLanguage();
  const current = (languages as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'pt-BR';
  const options = languages.map((code) => ({ value: code, label: t(`language.names.${code}`) }));
  const currentName = options.find((o) => o.value === current)?.label ?? current;
  return { t, current, currentName, options, change };
}
