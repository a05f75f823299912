import { formatDate } from '@trilha/domain/dates';
import type { Language } from '@trilha/i18n/languages';

/** Whole numbers with the language's grouping (1.200 in Portuguese, 1,200 in English). */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** A signed amount that never relies on colour: "+50", "−20" (a true minus sign, read as "minus"). */
export function formatSigned(value: number, language: Language): string {
  const digits = formatNumber(Math.abs(value), language);
  return value > 0 ? `+${digits}` : value < 0 ? `\u2212${digits}` : digits;
}

/** "nov. 26" style month of a YYYY-MM key, read in UTC since the series is cut in UTC months. */
export function formatMonth(month: string, language: Language): string {
  const [year, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (m ?? 1) - 1, 1)),
  );
}

export function formatDay(date: string, language: Language): string {
  return formatDate(date, language);
}
