import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatCalendarDate,
  isoWeekday,
  parseCalendarDate,
  startOfLocalDay,
  zoneOffsetMs,
  zonedDateTime,
} from './time-zone';

const HOUR = 3_600_000;

describe('zonedDateTime', () => {
  it('reads the local date and time of an instant', () => {
    const instant = new Date('2026-03-08T06:59:59Z');
    expect(zonedDateTime(instant, 'America/Toronto')).toEqual({
      year: 2026,
      month: 3,
      day: 8,
      hour: 1,
      minute: 59,
      second: 59,
    });
    expect(zonedDateTime(new Date('2026-03-08T07:00:00Z'), 'America/Toronto')).toMatchObject({ hour: 3 });
    expect(zonedDateTime(new Date('2026-01-01T02:00:00Z'), 'America/Sao_Paulo')).toMatchObject({
      year: 2025,
      month: 12,
      day: 31,
      hour: 23,
    });
  });

  it('reports midnight as hour 0', () => {
    expect(zonedDateTime(Date.UTC(2026, 5, 1, 0, 0, 0), 'UTC').hour).toBe(0);
  });

  it('refuses invalid dates and unknown zones', () => {
    expect(() => zonedDateTime(new Date('nope'), 'UTC')).toThrow(RangeError);
    expect(() => zonedDateTime(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('zoneOffsetMs', () => {
  it('follows DST', () => {
    expect(zoneOffsetMs(new Date('2026-01-15T12:00:00Z'), 'America/Toronto')).toBe(-5 * HOUR);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), 'America/Toronto')).toBe(-4 * HOUR);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), 'Europe/Paris')).toBe(2 * HOUR);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), 'America/Sao_Paulo')).toBe(-3 * HOUR);
    expect(zoneOffsetMs(new Date('2018-12-15T12:00:00Z'), 'America/Sao_Paulo')).toBe(-2 * HOUR);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
  });
});

describe('calendar helpers', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays({ year: 2024, month: 2, day: 28 }, 1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
  });

  it('numbers weekdays Monday 1 to Sunday 7', () => {
    expect(isoWeekday({ year: 2026, month: 11, day: 16 })).toBe(1);
    expect(isoWeekday({ year: 2026, month: 11, day: 22 })).toBe(7);
  });

  it('parses only real YYYY-MM-DD dates', () => {
    expect(parseCalendarDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseCalendarDate('0050-01-01')).toEqual({ year: 50, month: 1, day: 1 });
    expect(parseCalendarDate('2023-02-29')).toBeNull();
    expect(parseCalendarDate('2024-13-01')).toBeNull();
    expect(parseCalendarDate('2024-1-01')).toBeNull();
    expect(parseCalendarDate('2024-01-01T00:00:00Z')).toBeNull();
    expect(parseCalendarDate('')).toBeNull();
  });

  it('prints dates back as YYYY-MM-DD', () => {
    expect(formatCalendarDate({ year: 50, month: 1, day: 2 })).toBe('0050-01-02');
    expect(formatCalendarDate({ year: 2026, month: 11, day: 20 })).toBe('2026-11-20');
  });
});

describe('startOfLocalDay', () => {
  it('is local midnight on an ordinary day', () => {
    expect(startOfLocalDay({ year: 2026, month: 11, day: 16 }, 'America/Sao_Paulo').toISOString()).toBe(
      '2026-11-16T03:00:00.000Z',
    );
    expect(startOfLocalDay({ year: 2026, month: 7, day: 1 }, 'Europe/Paris').toISOString()).toBe(
      '2026-06-30T22:00:00.000Z',
    );
  });

  it('is the moment of the change when midnight is skipped', () => {
    // Brazil's old DST began at midnight: 4 November 2018 started at 01:00.
    expect(startOfLocalDay({ year: 2018, month: 11, day: 4 }, 'America/Sao_Paulo').toISOString()).toBe(
      '2018-11-04T03:00:00.000Z',
    );
    // Iran moved its clocks at midnight on Monday 22 March 2021.
    expect(startOfLocalDay({ year: 2021, month: 3, day: 22 }, 'Asia/Tehran').toISOString()).toBe(
      '2021-03-21T20:30:00.000Z',
    );
  });

  it('is the first of two midnights when the clock goes back over it', () => {
    // Cuba ends DST at 01:00 back to 00:00 on the first Sunday of November.
    expect(startOfLocalDay({ year: 2026, month: 11, day: 1 }, 'America/Havana').toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
  });
});
