import { addDays, formatCalendarDate, isoWeekday, zonedDateTime } from '@trilha/domain/time-zone';

/**
 * The store-photo week of an instant in the store's time zone (docs/photos.md): it runs from Monday
 * 00:00 to Sunday 23:59:59 local time, so a photo sent at 23:59 on Sunday in Santiago counts in the week
 * that is ending there while the same instant may already be Monday in São Paulo.
 */
export function photoWeekOf(at: Date, timeZone: string): { weekStart: string; weekEnd: string } {
  const local = zonedDateTime(at, timeZone);
  const today = { year: local.year, month: local.month, day: local.day };
  const monday = addDays(today, 1 - isoWeekday(today));
  return { weekStart: formatCalendarDate(monday), weekEnd: formatCalendarDate(addDays(monday, 6)) };
}

/** The Sunday of the week that begins on a Monday (YYYY-MM-DD). */
export function weekEndOf(weekStart: string): string {
  const [y, m, d] = weekStart.split('-').map(Number) as [number, number, number];
  return formatCalendarDate(addDays({ year: y, month: m, day: d }, 6));
}

/** The Monday `weeks` weeks before (negative) or after a Monday. */
export function shiftWeek(weekStart: string, weeks: number): string {
  const [y, m, d] = weekStart.split('-').map(Number) as [number, number, number];
  return formatCalendarDate(addDays({ year: y, month: m, day: d }, weeks * 7));
}
