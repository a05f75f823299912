import { formatDateTime } from '@trilha/domain/dates';
import { currentLanguage, formatDate } from '../../../lib/i18n';

/** Numbers and dates in the user's language (DD/MM/YYYY in pt-BR and es, MM/DD/YYYY otherwise). */
export function useFormat() {
  const language = currentLanguage();
  const numbers = new Intl.NumberFormat(language);
  return {
    number: (value: number) => numbers.format(value),
    date: (iso: string) => formatDate(iso, language),
    /** A `datetime-local` value ('2026-11-01T09:00', the browser's time) as the language writes it; '' if partial. */
    dateTime: (local: string) => {
      const d = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local) ? new Date(local) : null;
      return d && !Number.isNaN(d.getTime()) ? formatDateTime(d, language) : '';
    },
  };
}
