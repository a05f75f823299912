/**
 * Dates as users see them, and the age rules of registration.
 *
 * The spec says dates are "day/month/year for Portuguese and Spanish and month-day-year otherwise". We write
 * both with '/' separators: DD/MM/YYYY for pt-BR and es, MM/DD/YYYY for en-US and fr. For French this is
 * not the French convention (which is day-first), but it is what the spec asks for, and one separator for
 * every language keeps dates comparable at a glance. Change `dateOrder` if the product decides otherwise.
 *
 * The numbers come from Intl.DateTimeFormat#formatToParts and are assembled here, so the order never depends
 * on a locale's own pattern (nor on the ICU version of a browser).
 */
import type { CalendarDate } from './time-zone';
import {
  compareCalendarDates,
  formatCalendarDate,
  parseCalendarDate,
  wallClockMs,
  zonedDateTime,
} from './time-zone';

export type SupportedLanguage = 'pt-BR' | 'en-US' | 'es' | 'fr';
// Any BCP 47 tag is accepted; the union only helps editors suggest the supported ones.
export type Language = SupportedLanguage | (string & {});

export type DateOrder = 'dmy' | 'mdy';

/** A calendar date written 'YYYY-MM-DD' (birthdays, "today"): no time, no zone. */
export type CalendarDateString = string;

export type DateInput = Date | number | string;

export function dateOrder(lang: Language): DateOrder {
  const primary = lang.toLowerCase().split(/[-_]/)[0];
  return primary === 'pt' || primary === 'es' ? 'dmy' : 'mdy';
}

function usesTwelveHourClock(lang: Language): boolean {
  return lang.toLowerCase().split(/[-_]/)[0] === 'en';
}

const pad2 = (n: number) => String(n).padStart(2, '0');

interface Resolved {
  instant: number;
  timeZone: string | undefined;
}

/**
 * A 'YYYY-MM-DD' string is a calendar date: reading it as UTC midnight and showing it in São Paulo would
 * print the day before, so it is shown as it is, whatever the zone.
 */
function resolve(date: DateInput, timeZone: string | undefined): Resolved {
  if (typeof date === 'string') {
    const calendar = parseCalendarDate(date);
    if (calendar) return { instant: wallClockMs(calendar), timeZone: 'UTC' };
  }
  const instant = date instanceof Date ? date.getTime() : typeof date === 'number' ? date : Date.parse(date);
  if (!Number.isFinite(instant)) throw new RangeError(`Invalid date: ${String(date)}`);
  return { instant, timeZone };
}

function datePart({ year, month, day }: CalendarDate, lang: Language): string {
  const yyyy = String(year).padStart(4, '0');
  return dateOrder(lang) === 'dmy'
    ? `${pad2(day)}/${pad2(month)}/${yyyy}`
    : `${pad2(month)}/${pad2(day)}/${yyyy}`;
}

/** '20/11/2026' for pt-BR and es, '11/20/2026' for en-US and fr. Without a zone, the runtime's own. */
export function formatDate(date: DateInput, lang: Language, timeZone?: string): string {
  const { instant, timeZone: zone } = resolve(date, timeZone);
  return datePart(zonedDateTime(instant, zone), lang);
}

/** The date followed by the time: '20/11/2026 14:05', and '11/20/2026 2:05 PM' for English. */
export function formatDateTime(date: DateInput, lang: Language, timeZone?: string): string {
  const { instant, timeZone: zone } = resolve(date, timeZone);
  const local = zonedDateTime(instant, zone);
  const time = usesTwelveHourClock(lang)
    ? `${local.hour % 12 || 12}:${pad2(local.minute)} ${local.hour < 12 ? 'AM' : 'PM'}`
    : `${pad2(local.hour)}:${pad2(local.minute)}`;
  return `${datePart(local, lang)} ${time}`;
}

/** Today's date in a zone (the runtime's own by default), for the rules below. */
export function todayIn(timeZone?: string, now: Date | number = Date.now()): CalendarDateString {
  return formatCalendarDate(zonedDateTime(now, timeZone));
}

function parseToday(today: CalendarDateString): CalendarDate {
  const parsed = parseCalendarDate(today);
  if (!parsed) throw new RangeError(`"today" must be a YYYY-MM-DD date, got ${today}`);
  return parsed;
}

/**
 * Completed years on `today`, or null when the birthday is not a date. Someone born on 29 February turns a
 * year older on 1 March in common years.
 */
export function ageOn(birthday: CalendarDateString, today: CalendarDateString): number | null {
  const born = parseCalendarDate(birthday);
  const now = parseToday(today);
  if (!born) return null;
  const hadBirthday = now.month > born.month || (now.month === born.month && now.day >= born.day);
  return now.year - born.year - (hadBirthday ? 0 : 1);
}

export const AGE_BANDS = ['18-24', '25-30', '31-40', '41-50', '51-60', '60+'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** The age band of reports and filters; null under 18 or for a birthday that is not a date. */
export function ageBand(birthday: CalendarDateString, today: CalendarDateString): AgeBand | null {
  const age = ageOn(birthday, today);
  if (age === null || age < 18) return null;
  if (age <= 24) return '18-24';
  if (age <= 30) return '25-30';
  if (age <= 40) return '31-40';
  if (age <= 50) return '41-50';
  if (age <= 60) return '51-60';
  return '60+';
}

export const ADULT_AGE = 18;

/** Registration asks the user to confirm 18 or older. */
export function isAdult(birthday: CalendarDateString, today: CalendarDateString): boolean {
  const age = ageOn(birthday, today);
  return age !== null && age >= ADULT_AGE;
}

/** The birthday rule ('Preencha o campo corretamente' otherwise): a real date, strictly before today. */
export function isBeforeToday(date: CalendarDateString, today: CalendarDateString): boolean {
  const parsed = parseCalendarDate(date);
  return parsed !== null && compareCalendarDates(parsed, parseToday(today)) < 0;
}

/**
 * A date as a user types it in their language's order ('21/11/2026' in pt-BR, '11/21/2026' in en-US)
 * to the 'YYYY-MM-DD' the API takes; null while it is not a whole, real date.
 */
export function parseTypedDate(text: string, lang: Language): CalendarDateString | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [a, b, yyyy] = [match[1]!, match[2]!, match[3]!];
  const [dd, mm] = dateOrder(lang) === 'dmy' ? [a, b] : [b, a];
  const iso = `${yyyy}-${mm}-${dd}`;
  return parseCalendarDate(iso) ? iso : null;
}

/** The 'YYYY-MM-DD' date as the user's language writes it for typing; '' for none. */
export function typedDateOf(iso: CalendarDateString | null | undefined, lang: Language): string {
  const date = iso ? parseCalendarDate(iso) : null;
  return date ? datePart(date, lang) : '';
}

/** Digits typed into a date field, with the slashes put in as the user goes: '2111' → '21/11'. */
export function maskTypedDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}
