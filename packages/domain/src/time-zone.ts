/**
 * Wall-clock arithmetic in IANA time zones with nothing but Intl, so it runs the same in browsers and on the
 * server. Offsets come from the runtime's time-zone data, which is what makes DST come out right.
 */

export interface CalendarDate {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
}

export interface ZonedDateTime extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

export type Instant = Date | number;

export const DAY_MS = 86_400_000;

// Creating a DateTimeFormat is far slower than using one, and week maths asks for many offsets.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

function toMs(instant: Instant): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid date');
  return ms;
}

/** The local date and time of an instant in a zone (the runtime's own zone when none is given). */
export function zonedDateTime(instant: Instant, timeZone?: string): ZonedDateTime {
  const fields: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(toMs(instant))) fields[part.type] = part.value;
  const yearOfEra = Number(fields.year);
  return {
    // Years before 1 CE come as "BC" years of era, with no year zero.
    year: fields.era === 'BC' ? 1 - yearOfEra : yearOfEra,
    month: Number(fields.month),
    day: Number(fields.day),
    // Some engines still print midnight as 24 under h23.
    hour: Number(fields.hour) % 24,
    minute: Number(fields.minute),
    second: Number(fields.second),
  };
}

/** Milliseconds since the epoch of a wall-clock reading taken as if it were UTC; valid for any year. */
export function wallClockMs(local: CalendarDate & Partial<ZonedDateTime>): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not move years 0..99 to the 1900s.
  date.setUTCFullYear(local.year, local.month - 1, local.day);
  date.setUTCHours(local.hour ?? 0, local.minute ?? 0, local.second ?? 0, 0);
  return date.getTime();
}

/** How far the zone's clock is ahead of UTC at that instant, in milliseconds (negative west of Greenwich). */
export function zoneOffsetMs(instant: Instant, timeZone: string): number {
  const ms = toMs(instant);
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  return wallClockMs(zonedDateTime(wholeSecond, timeZone)) - wholeSecond;
}

export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** The calendar date a given number of days away, by the proleptic Gregorian calendar. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(wallClockMs(date) + days * DAY_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** 1 = Monday ... 7 = Sunday, as ISO 8601 numbers them. */
export function isoWeekday(date: CalendarDate): number {
  return new Date(wallClockMs(date)).getUTCDay() || 7;
}

/**
 * The first instant whose local date, in that zone, is the given day. Usually local midnight; when midnight
 * is skipped by a DST change (Tehran, 22 March 2021) it is the moment of the change, and when midnight
 * happens twice (Havana, 1 November 2026) it is the first of the two.
 */
export function startOfLocalDay(date: CalendarDate, timeZone: string): Date {
  const wall = wallClockMs(date);
  // No zone changes offset twice within a day, so the offsets a day either side are all the candidates.
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((shift) => zoneOffsetMs(wall + shift, timeZone)));
  const candidates = [...offsets].map((offset) => wall - offset);
  const exact = candidates.filter((t) => zoneOffsetMs(t, timeZone) === wall - t);
  if (exact.length > 0) return new Date(Math.min(...exact));

  // Midnight fell in a gap: find the transition. Before it the local date is still the previous day.
  let before = Math.min(...candidates);
  let after = Math.max(...candidates);
  const isOnOrAfter = (t: number) => compareCalendarDates(zonedDateTime(t, timeZone), date) >= 0;
  if (isOnOrAfter(before) || !isOnOrAfter(after)) throw new RangeError(`Cannot place ${timeZone} midnight`);
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (isOnOrAfter(middle)) after = middle;
    else before = middle;
  }
  return new Date(after);
}

export function formatCalendarDate(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** Reads 'YYYY-MM-DD', refusing dates the calendar does not have (2023-02-29, 2024-13-01). */
export function parseCalendarDate(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const roundTrip = addDays(date, 0);
  return compareCalendarDates(roundTrip, date) === 0 ? date : null;
}
