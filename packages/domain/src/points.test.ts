import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basePoints,
  creditedPoints,
  levelAfterCampaignClose,
  levelForXp,
  nextLevel,
  saleReward,
  xpToNextLevel,
} from './points';

// The demo program's levels, given out of order to show that order does not matter.
const levels = [
  { id: 'creator', name: 'Creator', minXp: 1000, multiplier: 1.5 },
  { id: 'basic', name: 'Basic', minXp: 0, multiplier: 1 },
  { id: 'influencer', name: 'Influencer', minXp: 3000, multiplier: 2 },
];

describe('sale points', () => {
  it('sums quantity x product points', () => {
    expect(
      basePoints([
        { quantity: 2, points: 15 },
        { quantity: 1, points: 40 },
        { quantity: 3, points: 0 },
      ]),
    ).toBe(70);
    expect(basePoints([])).toBe(0);
  });

  it('refuses fractional or negative quantities and points', () => {
    expect(() => basePoints([{ quantity: 1.5, points: 10 }])).toThrow(RangeError);
    expect(() => basePoints([{ quantity: -1, points: 10 }])).toThrow(RangeError);
    expect(() => basePoints([{ quantity: 1, points: Number.NaN }])).toThrow(RangeError);
  });

  it('credits base x multiplier rounded down', () => {
    expect(creditedPoints(15, 1)).toBe(15);
    expect(creditedPoints(15, 1.5)).toBe(22);
    expect(creditedPoints(15, 2)).toBe(30);
    expect(creditedPoints(0, 2)).toBe(0);
  });

  it('is not fooled by floating point', () => {
    expect(100 * 1.15).toBeLessThan(115);
    expect(creditedPoints(100, 1.15)).toBe(115);
    expect(creditedPoints(3, 1.1)).toBe(3);
    expect(creditedPoints(10, 1.1)).toBe(11);
  });

  it('refuses a negative multiplier or base', () => {
    expect(() => creditedPoints(10, -1)).toThrow(RangeError);
    expect(() => creditedPoints(-10, 1)).toThrow(RangeError);
  });

  it('gives XP equal to the base points whatever the multiplier', () => {
    expect(saleReward([{ quantity: 3, points: 7 }], 1.5)).toEqual({ basePoints: 21, points: 31, xp: 21 });
    expect(saleReward([{ quantity: 3, points: 7 }], 2)).toEqual({ basePoints: 21, points: 42, xp: 21 });
  });

  it('never credits more than base x multiplier, nor a point less than its floor', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(1, 1.5, 2), (base, multiplier) => {
        const credited = creditedPoints(base, multiplier);
        expect(Number.isInteger(credited)).toBe(true);
        expect(credited).toBeLessThanOrEqual(base * multiplier);
        expect(credited).toBeGreaterThan(base * multiplier - 1);
      }),
    );
  });
});

describe('levels', () => {
  it('finds the highest level reached', () => {
    expect(levelForXp(levels, 0).id).toBe('basic');
    expect(levelForXp(levels, 999).id).toBe('basic');
    expect(levelForXp(levels, 1000).id).toBe('creator');
    expect(levelForXp(levels, 2999).id).toBe('creator');
    expect(levelForXp(levels, 3000).id).toBe('influencer');
    expect(levelForXp(levels, 1_000_000).id).toBe('influencer');
  });

  it('falls back to the first level below every minimum', () => {
    const noFreeLevel = [
      { id: 1, minXp: 100 },
      { id: 2, minXp: 500 },
    ];
    expect(levelForXp(noFreeLevel, 0).id).toBe(1);
  });

  it('names the next level and the XP still missing', () => {
    expect(nextLevel(levels, 'basic')?.id).toBe('creator');
    expect(nextLevel(levels, 'creator')?.id).toBe('influencer');
    expect(nextLevel(levels, 'influencer')).toBeNull();
    expect(xpToNextLevel(levels, 'basic', 250)).toBe(750);
    expect(xpToNextLevel(levels, 'basic', 1200)).toBe(0);
    expect(xpToNextLevel(levels, 'influencer', 5000)).toBeNull();
  });

  it('refuses an empty program or an unknown level', () => {
    expect(() => levelForXp([], 10)).toThrow(RangeError);
    expect(() => nextLevel(levels, 'gold')).toThrow(RangeError);
  });
});

describe('campaign close', () => {
  it('keeps the level of a user who reached its minimum', () => {
    expect(levelAfterCampaignClose(levels, 'creator', 1000).id).toBe('creator');
    expect(levelAfterCampaignClose(levels, 'influencer', 4200).id).toBe('influencer');
  });

  it('drops one level for a user who fell short', () => {
    expect(levelAfterCampaignClose(levels, 'influencer', 2999).id).toBe('creator');
    expect(levelAfterCampaignClose(levels, 'influencer', 0).id).toBe('creator');
    expect(levelAfterCampaignClose(levels, 'creator', 999).id).toBe('basic');
  });

  it('never drops below the first level', () => {
    expect(levelAfterCampaignClose(levels, 'basic', 0).id).toBe('basic');
    const firstHasMinimum = [
      { id: 'a', minXp: 200 },
      { id: 'b', minXp: 900 },
    ];
    expect(levelAfterCampaignClose(firstHasMinimum, 'a', 10).id).toBe('a');
  });

  it('does not promote, whatever the XP', () => {
    expect(levelAfterCampaignClose(levels, 'basic', 50_000).id).toBe('basic');
  });
});
