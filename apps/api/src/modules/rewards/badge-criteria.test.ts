import { describe, expect, it } from 'vitest';
import { badgeTextIn, isoWeekStart, streakWeeks } from './badge-criteria';

describe('ISO weeks (UTC)', () => {
  it('starts each week on its Monday, across months and years', () => {
    expect(isoWeekStart(new Date('2026-11-25T23:59:59Z'))).toBe('2026-11-23'); // a Wednesday
    expect(isoWeekStart(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23'); // the Monday itself
    expect(isoWeekStart(new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-23'); // the Sunday
    expect(isoWeekStart(new Date('2027-01-01T12:00:00Z'))).toBe('2026-12-28'); // a Friday across the year
  });

  it('counts consecutive weeks ending this week or last week, and a gap breaks them', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    expect(streakWeeks(['2026-11-23', '2026-11-16', '2026-11-09'], now)).toBe(3);
    // This week not active yet: the streak up to last week still counts.
    expect(streakWeeks(['2026-11-16', '2026-11-09'], now)).toBe(2);
    // Two weeks ago is too late: broken.
    expect(streakWeeks(['2026-11-09', '2026-11-02'], now)).toBe(0);
    expect(streakWeeks(['2026-11-23', '2026-11-09', '2026-11-02'], now)).toBe(1);
    expect(streakWeeks(['2027-01-04', '2026-12-28', '2026-12-21'], new Date('2027-01-05T00:00:00Z'))).toBe(3);
    expect(streakWeeks([], now)).toBe(0);
  });
});

describe('badge texts', () => {
  it("answers the language's texts, else pt-BR's", () => {
    const texts = {
      'pt-BR': { name: 'Maratonista', description: 'Três semanas seguidas' },
      'en-US': { name: 'Marathoner', description: '' },
    };
    expect(badgeTextIn(texts, 'en-US')).toEqual({ name: 'Marathoner', description: '' });
    expect(badgeTextIn(texts, 'fr')).toEqual({ name: 'Maratonista', description: 'Três semanas seguidas' });
  });
});
