import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zonedDateTime } from './time-zone';
import {
  isSamePhotoWeek,
  isoWeekKey,
  nextPhotoWeekStart,
  photoWeekEnd,
  photoWeekKey,
  photoWeekStart,
} from './week';

const iso = (date: Date) => date.toISOString();
const HOUR = 3_600_000;

describe('photo week in America/Sao_Paulo (no DST since 2019)', () => {
  const zone = 'America/Sao_Paulo';

  it('opens on the local Monday at 00:00', () => {
    const friday = new Date('2026-11-20T15:00:00Z');
    expect(iso(photoWeekStart(friday, zone))).toBe('2026-11-16T03:00:00.000Z');
    expect(iso(photoWeekEnd(friday, zone))).toBe('2026-11-23T02:59:59.999Z');
    expect(iso(nextPhotoWeekStart(friday, zone))).toBe('2026-11-23T03:00:00.000Z');
    expect(photoWeekKey(friday, zone)).toBe('2026-W47');
  });

  it('still counts Sunday 23:59:59.999 local in the week and Monday 00:00 in the next', () => {
    const lastMoment = new Date('2026-11-23T02:59:59.999Z');
    const firstMomentOfNext = new Date('2026-11-23T03:00:00.000Z');
    expect(photoWeekKey(lastMoment, zone)).toBe('2026-W47');
    expect(photoWeekKey(firstMomentOfNext, zone)).toBe('2026-W48');
    expect(isSamePhotoWeek(lastMoment, firstMomentOfNext, zone)).toBe(false);
    expect(iso(photoWeekStart(firstMomentOfNext, zone))).toBe('2026-11-23T03:00:00.000Z');
  });

  it('goes by the local day, not the UTC day', () => {
    // Monday 01:00 UTC is still Sunday 22:00 in São Paulo.
    const mondayUtcSundayLocal = new Date('2026-11-23T01:00:00Z');
    expect(photoWeekKey(mondayUtcSundayLocal, zone)).toBe('2026-W47');
    expect(photoWeekKey(mondayUtcSundayLocal, 'UTC')).toBe('2026-W48');
  });

  it('handles the old midnight DST start, when Sunday began at 01:00', () => {
    // 4 November 2018 had no 00:00 in São Paulo; the next Monday is in the new offset.
    const sunday = new Date('2018-11-04T12:00:00Z');
    expect(iso(photoWeekStart(sunday, zone))).toBe('2018-10-29T03:00:00.000Z');
    expect(iso(nextPhotoWeekStart(sunday, zone))).toBe('2018-11-05T02:00:00.000Z');
  });
});

describe('photo week in America/Toronto (DST)', () => {
  const zone = 'America/Toronto';

  it('spans the spring change, one hour short', () => {
    // Clocks go from 02:00 EST to 03:00 EDT on Sunday 8 March 2026.
    const sundayAfterChange = new Date('2026-03-08T16:00:00Z');
    const start = photoWeekStart(sundayAfterChange, zone);
    const next = nextPhotoWeekStart(sundayAfterChange, zone);
    expect(iso(start)).toBe('2026-03-02T05:00:00.000Z');
    expect(iso(next)).toBe('2026-03-09T04:00:00.000Z');
    expect(next.getTime() - start.getTime()).toBe(7 * 24 * HOUR - HOUR);
    expect(iso(photoWeekEnd(sundayAfterChange, zone))).toBe('2026-03-09T03:59:59.999Z');
    expect(zonedDateTime(photoWeekEnd(sundayAfterChange, zone), zone)).toMatchObject({ day: 8, hour: 23 });
  });

  it('spans the autumn change, one hour long', () => {
    // Clocks go from 02:00 EDT back to 01:00 EST on Sunday 1 November 2026.
    const repeatedHour = new Date('2026-11-01T06:30:00Z');
    expect(zonedDateTime(repeatedHour, zone)).toMatchObject({ day: 1, hour: 1, minute: 30 });
    const start = photoWeekStart(repeatedHour, zone);
    const next = nextPhotoWeekStart(repeatedHour, zone);
    expect(iso(start)).toBe('2026-10-26T04:00:00.000Z');
    expect(iso(next)).toBe('2026-11-02T05:00:00.000Z');
    expect(next.getTime() - start.getTime()).toBe(7 * 24 * HOUR + HOUR);
    expect(photoWeekKey(repeatedHour, zone)).toBe('2026-W44');
  });
});

describe('photo week in Europe/Paris (DST)', () => {
  const zone = 'Europe/Paris';

  it('starts in summer time and ends in winter time across the October change', () => {
    // Clocks go from 03:00 CEST back to 02:00 CET on Sunday 25 October 2026.
    const wednesday = new Date('2026-10-21T10:00:00Z');
    expect(iso(photoWeekStart(wednesday, zone))).toBe('2026-10-18T22:00:00.000Z');
    expect(iso(photoWeekEnd(wednesday, zone))).toBe('2026-10-25T22:59:59.999Z');
    expect(photoWeekKey(wednesday, zone)).toBe('2026-W43');
    expect(photoWeekKey(new Date('2026-10-25T22:59:59.999Z'), zone)).toBe('2026-W43');
    expect(photoWeekKey(new Date('2026-10-25T23:00:00.000Z'), zone)).toBe('2026-W44');
  });

  it('is keyed on the local date near a UTC day boundary', () => {
    // Sunday 22:30 UTC in summer is Monday 00:30 in Paris.
    const instant = new Date('2026-07-12T22:30:00Z');
    expect(iso(photoWeekStart(instant, zone))).toBe('2026-07-12T22:00:00.000Z');
    expect(isSamePhotoWeek(instant, new Date('2026-07-12T21:59:59.999Z'), zone)).toBe(false);
  });
});

describe('a Monday midnight that does not exist', () => {
  it('starts the week at the clock change (Asia/Tehran, 22 March 2021)', () => {
    const tuesday = new Date('2021-03-23T08:00:00Z');
    expect(iso(photoWeekStart(tuesday, 'Asia/Tehran'))).toBe('2021-03-21T20:30:00.000Z');
    expect(iso(photoWeekEnd(new Date('2021-03-18T08:00:00Z'), 'Asia/Tehran'))).toBe(
      '2021-03-21T20:29:59.999Z',
    );
  });
});

describe('isoWeekKey', () => {
  it('follows ISO 8601 at year boundaries', () => {
    expect(isoWeekKey({ year: 2026, month: 11, day: 16 })).toBe('2026-W47');
    expect(isoWeekKey({ year: 2026, month: 11, day: 22 })).toBe('2026-W47');
    expect(isoWeekKey({ year: 2025, month: 12, day: 29 })).toBe('2026-W01');
    expect(isoWeekKey({ year: 2027, month: 1, day: 1 })).toBe('2026-W53');
    expect(isoWeekKey({ year: 2027, month: 1, day: 4 })).toBe('2027-W01');
    expect(isoWeekKey({ year: 2021, month: 1, day: 3 })).toBe('2020-W53');
  });
});

describe('invariants in every zone the program uses', () => {
  const zones = [
    'America/Sao_Paulo',
    'America/Toronto',
    'Europe/Paris',
    'America/Santiago',
    'America/Mexico_City',
  ];

  it('contains the instant, starts on a local Monday 00:00 and ends on a local Sunday', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2015-01-01T00:00:00Z'),
          max: new Date('2035-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (instant, zone) => {
          const start = photoWeekStart(instant, zone);
          const end = photoWeekEnd(instant, zone);
          expect(start.getTime()).toBeLessThanOrEqual(instant.getTime());
          expect(end.getTime()).toBeGreaterThanOrEqual(instant.getTime());
          expect(end.getTime() - start.getTime() + 1).toBeGreaterThanOrEqual(7 * 24 * HOUR - HOUR);
          expect(end.getTime() - start.getTime() + 1).toBeLessThanOrEqual(7 * 24 * HOUR + HOUR);
          expect(photoWeekKey(start, zone)).toBe(photoWeekKey(instant, zone));
          expect(photoWeekKey(end, zone)).toBe(photoWeekKey(instant, zone));
          expect(photoWeekKey(start.getTime() - 1, zone)).not.toBe(photoWeekKey(instant, zone));
          expect(photoWeekKey(end.getTime() + 1, zone)).not.toBe(photoWeekKey(instant, zone));
          const endLocal = zonedDateTime(end, zone);
          expect(new Date(Date.UTC(endLocal.year, endLocal.month - 1, endLocal.day)).getUTCDay()).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
