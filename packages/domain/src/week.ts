/**
 * Photo weeks: a store may send one photo of each type per week, and the week is the store's local
 * Monday 00:00 to Sunday 23:59:59.999. The allowance comes back at the start of the next Monday.
 *
 * Weeks are measured on the local calendar, not as 7 x 24 hours: a week that contains a DST change is an
 * hour shorter or longer.
 */
import type { CalendarDate, Instant } from './time-zone';
import { DAY_MS, addDays, isoWeekday, startOfLocalDay, wallClockMs, zonedDateTime } from './time-zone';

function localMonday(instant: Instant, timeZone: string): CalendarDate {
  const today = zonedDateTime(instant, timeZone);
  return addDays(today, 1 - isoWeekday(today));
}

/** The UTC instant of the local Monday 00:00 that opens the week containing `instant`. */
export function photoWeekStart(instant: Instant, timeZone: string): Date {
  return startOfLocalDay(localMonday(instant, timeZone), timeZone);
}

/** When the allowance comes back: the local Monday 00:00 after the week containing `instant`. */
export function nextPhotoWeekStart(instant: Instant, timeZone: string): Date {
  return startOfLocalDay(addDays(localMonday(instant, timeZone), 7), timeZone);
}

/** The last millisecond of the week: local Sunday 23:59:59.999. */
export function photoWeekEnd(instant: Instant, timeZone: string): Date {
  return new Date(nextPhotoWeekStart(instant, timeZone).getTime() - 1);
}

/** The ISO 8601 week of a calendar date, as '2026-W47'. Early January may belong to the previous year. */
export function isoWeekKey(date: CalendarDate): string {
  // The ISO year of a week is the year of its Thursday.
  const thursday = addDays(date, 4 - isoWeekday(date));
  const firstOfYear = wallClockMs({ year: thursday.year, month: 1, day: 1 });
  const week = Math.floor((wallClockMs(thursday) - firstOfYear) / DAY_MS / 7) + 1;
  return `${String(thursday.year).padStart(4, '0')}-W${String(week).padStart(2, '0')}`;
}

/** The key that the one-photo-per-week rule is unique on, e.g. '2026-W47'. */
export function photoWeekKey(instant: Instant, timeZone: string): string {
  return isoWeekKey(zonedDateTime(instant, timeZone));
}

export function isSamePhotoWeek(a: Instant, b: Instant, timeZone: string): boolean {
  return photoWeekKey(a, timeZone) === photoWeekKey(b, timeZone);
}
