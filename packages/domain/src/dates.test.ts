import { describe, expect, it } from 'vitest';
import {
  AGE_BANDS,
  ageBand,
  ageOn,
  dateOrder,
  formatDate,
  formatDateTime,
  isAdult,
  isBeforeToday,
  maskTypedDate,
  parseTypedDate,
  todayIn,
  typedDateOf,
} from './dates';

// 20 November 2026, 17:05:09 UTC: 14:05 in São Paulo, 12:05 in Toronto, 18:05 in Paris.
const instant = new Date('2026-11-20T17:05:09Z');

describe('dateOrder', () => {
  it('puts the day first for Portuguese and Spanish only', () => {
    expect(dateOrder('pt-BR')).toBe('dmy');
    expect(dateOrder('es')).toBe('dmy');
    expect(dateOrder('es-AR')).toBe('dmy');
    expect(dateOrder('en-US')).toBe('mdy');
    expect(dateOrder('fr')).toBe('mdy');
    expect(dateOrder('de')).toBe('mdy');
  });
});

describe('formatDate', () => {
  it('writes day/month/year in pt-BR and es', () => {
    expect(formatDate(instant, 'pt-BR', 'America/Sao_Paulo')).toBe('20/11/2026');
    expect(formatDate(instant, 'es', 'America/Sao_Paulo')).toBe('20/11/2026');
  });

  it('writes month/day/year in en-US and fr', () => {
    expect(formatDate(instant, 'en-US', 'America/Toronto')).toBe('11/20/2026');
    expect(formatDate(instant, 'fr', 'Europe/Paris')).toBe('11/20/2026');
  });

  it('pads single-digit days and months', () => {
    const early = new Date('2026-03-05T12:00:00Z');
    expect(formatDate(early, 'pt-BR', 'UTC')).toBe('05/03/2026');
    expect(formatDate(early, 'en-US', 'UTC')).toBe('03/05/2026');
  });

  it('uses the date of the given zone', () => {
    const lateUtc = new Date('2026-01-01T01:30:00Z');
    expect(formatDate(lateUtc, 'pt-BR', 'UTC')).toBe('01/01/2026');
    expect(formatDate(lateUtc, 'pt-BR', 'America/Sao_Paulo')).toBe('31/12/2025');
    expect(formatDate(lateUtc, 'fr', 'Asia/Tokyo')).toBe('01/01/2026');
  });

  it('accepts timestamps and ISO strings', () => {
    expect(formatDate(instant.getTime(), 'pt-BR', 'UTC')).toBe('20/11/2026');
    expect(formatDate('2026-11-20T17:05:09Z', 'en-US', 'UTC')).toBe('11/20/2026');
  });

  it('shows a YYYY-MM-DD calendar date as it is, in any zone', () => {
    expect(formatDate('1990-05-20', 'pt-BR', 'America/Sao_Paulo')).toBe('20/05/1990');
    expect(formatDate('1990-05-20', 'en-US', 'Pacific/Kiritimati')).toBe('05/20/1990');
    expect(formatDate('1990-05-20', 'es')).toBe('20/05/1990');
  });

  it('refuses an invalid date', () => {
    expect(() => formatDate('not a date', 'pt-BR')).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN), 'pt-BR')).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  it('adds a 24-hour time for pt-BR, es and fr', () => {
    expect(formatDateTime(instant, 'pt-BR', 'America/Sao_Paulo')).toBe('20/11/2026 14:05');
    expect(formatDateTime(instant, 'es', 'America/Sao_Paulo')).toBe('20/11/2026 14:05');
    expect(formatDateTime(instant, 'fr', 'Europe/Paris')).toBe('11/20/2026 18:05');
  });

  it('uses a 12-hour time in English', () => {
    expect(formatDateTime(instant, 'en-US', 'America/Toronto')).toBe('11/20/2026 12:05 PM');
    expect(formatDateTime(new Date('2026-11-20T05:07:00Z'), 'en-US', 'America/Toronto')).toBe(
      '11/20/2026 12:07 AM',
    );
    expect(formatDateTime(new Date('2026-11-20T14:00:00Z'), 'en-US', 'America/Toronto')).toBe(
      '11/20/2026 9:00 AM',
    );
  });

  it('writes midnight as 00:00', () => {
    expect(formatDateTime(new Date('2026-11-20T03:00:00Z'), 'pt-BR', 'America/Sao_Paulo')).toBe(
      '20/11/2026 00:00',
    );
  });

  it('follows DST in the time it prints', () => {
    expect(formatDateTime(new Date('2026-07-01T12:00:00Z'), 'fr', 'Europe/Paris')).toBe('07/01/2026 14:00');
    expect(formatDateTime(new Date('2026-12-01T12:00:00Z'), 'fr', 'Europe/Paris')).toBe('12/01/2026 13:00');
  });
});

describe('todayIn', () => {
  it('is the local date of the zone', () => {
    const now = new Date('2026-01-01T01:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-01-01');
    expect(todayIn('America/Sao_Paulo', now)).toBe('2025-12-31');
  });
});

describe('ages', () => {
  it('counts completed years', () => {
    expect(ageOn('2000-06-15', '2026-06-14')).toBe(25);
    expect(ageOn('2000-06-15', '2026-06-15')).toBe(26);
    expect(ageOn('2000-06-15', '2026-12-31')).toBe(26);
    expect(ageOn('not-a-date', '2026-06-15')).toBeNull();
  });

  it('makes a 29 February birthday count from 1 March in common years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('refuses a "today" that is not a date', () => {
    expect(() => ageOn('2000-01-01', '2026/01/01')).toThrow(RangeError);
  });

  it('places ages in the report bands', () => {
    const today = '2026-11-20';
    const bandAt = (age: number) => ageBand(`${2026 - age}-11-20`, today);
    expect(bandAt(17)).toBeNull();
    expect(bandAt(18)).toBe('18-24');
    expect(bandAt(24)).toBe('18-24');
    expect(bandAt(25)).toBe('25-30');
    expect(bandAt(30)).toBe('25-30');
    expect(bandAt(31)).toBe('31-40');
    expect(bandAt(40)).toBe('31-40');
    expect(bandAt(41)).toBe('41-50');
    expect(bandAt(50)).toBe('41-50');
    expect(bandAt(51)).toBe('51-60');
    expect(bandAt(60)).toBe('51-60');
    expect(bandAt(61)).toBe('60+');
    expect(bandAt(95)).toBe('60+');
    expect(ageBand('', today)).toBeNull();
    // 24 until the day before the 25th birthday.
    expect(ageBand('2001-11-21', today)).toBe('18-24');
    expect(AGE_BANDS).toEqual(['18-24', '25-30', '31-40', '41-50', '51-60', '60+']);
  });

  it('is adult from the 18th birthday on', () => {
    expect(isAdult('2008-11-20', '2026-11-20')).toBe(true);
    expect(isAdult('2008-11-21', '2026-11-20')).toBe(false);
    expect(isAdult('1950-01-01', '2026-11-20')).toBe(true);
    expect(isAdult('2030-01-01', '2026-11-20')).toBe(false);
    expect(isAdult('', '2026-11-20')).toBe(false);
  });
});

describe('isBeforeToday', () => {
  it('accepts only real dates strictly before today', () => {
    expect(isBeforeToday('2026-11-19', '2026-11-20')).toBe(true);
    expect(isBeforeToday('1990-05-20', '2026-11-20')).toBe(true);
    expect(isBeforeToday('2026-11-20', '2026-11-20')).toBe(false);
    expect(isBeforeToday('2026-11-21', '2026-11-20')).toBe(false);
    expect(isBeforeToday('2026-02-30', '2026-11-20')).toBe(false);
    expect(isBeforeToday('', '2026-11-20')).toBe(false);
  });
});

describe('typed dates', () => {
  it('reads the day first in Portuguese and Spanish and the month first otherwise', () => {
    expect(parseTypedDate('21/11/1990', 'pt-BR')).toBe('1990-11-21');
    expect(parseTypedDate('21/11/1990', 'es')).toBe('1990-11-21');
    expect(parseTypedDate('11/21/1990', 'en-US')).toBe('1990-11-21');
    expect(parseTypedDate('11/21/1990', 'fr')).toBe('1990-11-21');
  });

  it('refuses what is not a whole, real date', () => {
    expect(parseTypedDate('31/02/1990', 'pt-BR')).toBeNull();
    expect(parseTypedDate('21/11/90', 'pt-BR')).toBeNull();
    expect(parseTypedDate('21/11/1990', 'en-US')).toBeNull();
    expect(parseTypedDate('', 'pt-BR')).toBeNull();
  });

  it('writes a stored date back in the order it is typed, and round-trips', () => {
    expect(typedDateOf('1990-11-21', 'pt-BR')).toBe('21/11/1990');
    expect(typedDateOf('1990-11-21', 'en-US')).toBe('11/21/1990');
    expect(typedDateOf('', 'fr')).toBe('');
    expect(parseTypedDate(typedDateOf('2000-02-29', 'fr'), 'fr')).toBe('2000-02-29');
  });

  it('puts the slashes in as digits are typed', () => {
    expect(maskTypedDate('2')).toBe('2');
    expect(maskTypedDate('2111')).toBe('21/11');
    expect(maskTypedDate('21111990')).toBe('21/11/1990');
    expect(maskTypedDate('21/11/19901')).toBe('21/11/1990');
    expect(maskTypedDate('ab')).toBe('');
  });
});
