import { describe, expect, it } from 'vitest';
import { coveredSeconds, mergeIntervals, watchedShare } from './watched-intervals';

describe('mergeIntervals', () => {
  it('joins overlapping and touching intervals, sorted, and drops empty ones', () => {
    expect(
      mergeIntervals([
        [10, 20],
        [0, 5],
        [4, 8],
        [20.1, 25],
        [30, 30],
      ]),
    ).toEqual([
      [0, 8],
      [10, 25],
    ]);
  });

  it('joins touching intervals only within epsilon', () => {
    expect(
      mergeIntervals(
        [
          [0, 5],
          [5.1, 6],
        ],
        null,
        0,
      ),
    ).toEqual([
      [0, 5],
      [5.1, 6],
    ]);
  });

  it('clips to [0, duration] and drops what is left empty or not finite', () => {
    expect(
      mergeIntervals(
        [
          [-3, 2],
          [8, 15],
          [12, 14],
          [1, Number.NaN],
        ],
        10,
      ),
    ).toEqual([
      [0, 2],
      [8, 10],
    ]);
  });

  it('does not change its input', () => {
    const input: [number, number][] = [
      [0, 5],
      [4, 8],
    ];
    mergeIntervals(input);
    expect(input).toEqual([
      [0, 5],
      [4, 8],
    ]);
  });
});

describe('watchedShare', () => {
  it('counts each second watched once', () => {
    expect(
      watchedShare(
        [
          [0, 10],
          [5, 15],
        ],
        20,
      ),
    ).toBe(0.75);
    expect(
      coveredSeconds(
        mergeIntervals([
          [0, 10],
          [5, 15],
        ]),
      ),
    ).toBe(15);
  });

  it('is at most 1, and 0 while the duration is unknown', () => {
    expect(watchedShare([[0, 50]], 20)).toBe(1);
    expect(watchedShare([[0, 5]], 0)).toBe(0);
    expect(watchedShare([[0, 5]], null)).toBe(0);
  });
});
