import { currentLanguage, formatDate } from '../../../lib/i18n';

/** Numbers and dates in the user's language (DD/MM/YYYY in pt-BR and es, MM/DD/YYYY otherwise). */
export function useFormat() {
  const language = currentLanguage();
  const numbers = new Intl.NumberFormat(language);
  return {
    number: (value: number) => numbers.format(value),
    date: (iso: string) => formatDate(iso, language),
  };
}
