import { describe, expect, it } from 'vitest';
import { watchedShare } from '@trilha/domain/watched-intervals';
import { mergeIntervals, PlaybackTracker } from './watched-intervals';

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** Plays from `from` to `to` in 250 ms ticks at `rate`. */
function play(tracker: PlaybackTracker, c: ReturnType<typeof clock>, from: number, to: number, rate = 1) {
  tracker.play(from);
  for (let time = from; time < to;) {
    c.advance(250);
    time = Math.min(to, time + 0.25 * rate);
    tracker.timeUpdate(time, rate);
  }
}

describe('mergeIntervals', () => {
  it('joins overlapping and touching intervals and drops empty ones', () => {
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

  it('measures the share of the duration covered, once per second watched', () => {
    expect(
      watchedShare(
        [
          [0, 10],
          [5, 15],
        ],
        20,
      ),
    ).toBe(0.75);
    expect(watchedShare([[0, 50]], 20)).toBe(1);
    expect(watchedShare([[0, 5]], 0)).toBe(0);
  });
});

describe('PlaybackTracker', () => {
  it('records continuous playback as one interval', () => {
    const c = clock();
    const tracker = new PlaybackTracker([], { now: c.now });
    play(tracker, c, 0, 10);
    tracker.pause(10);
    expect(tracker.takePending()).toEqual([[0, 10]]);
    expect(tracker.share(20)).toBe(0.5);
  });

  it('does not count a seek to the end as watched', () => {
    const c = clock();
    const tracker = new PlaybackTracker([], { now: c.now });
    play(tracker, c, 0, 2);
    // The learner drags the bar to the end: the player jumps 17 s in one update.
    c.advance(250);
    tracker.timeUpdate(19, 1);
    c.advance(250);
    tracker.timeUpdate(19.25, 1);
    c.advance(250);
    tracker.timeUpdate(20, 1);
    tracker.pause(20);
    const intervals = tracker.takePending();
    expect(intervals[0]).toEqual([0, 2]);
    expect(tracker.share(20)).toBeLessThan(0.2);
  });

  it('closes the segment on a seeking event even when the jump is small', () => {
    const c = clock();
    const tracker = new PlaybackTracker([], { now: c.now });
    play(tracker, c, 0, 3);
    tracker.seeking();
    play(tracker, c, 3.5, 5);
    tracker.pause();
    expect(tracker.intervals()).toEqual([
      [0, 3],
      [3.5, 5],
    ]);
  });

  it('accepts fast playback rates as watching', () => {
    const c = clock();
    const tracker = new PlaybackTracker([], { now: c.now });
    play(tracker, c, 0, 20, 4);
    tracker.pause(20);
    expect(tracker.share(20)).toBe(1);
  });

  it('treats going backwards as a seek and keeps both parts', () => {
    const c = clock();
    const tracker = new PlaybackTracker([], { now: c.now });
    play(tracker, c, 10, 12);
    c.advance(250);
    tracker.timeUpdate(2);
    c.advance(1000);
    tracker.timeUpdate(3);
    tracker.pause();
    expect(tracker.intervals()).toEqual([
      [2, 3],
      [10, 12],
    ]);
  });

  it('hands out pending intervals once, keeps the open segment going, and restores after a failed report', () => {
    const c = clock();
    const tracker = new PlaybackTracker([[0, 4]], { now: c.now });
    play(tracker, c, 4, 6);
    expect(tracker.takePending()).toEqual([[4, 6]]);
    // Playback continues after the periodic report.
    c.advance(250);
    tracker.timeUpdate(6.25);
    c.advance(750);
    tracker.timeUpdate(7);
    const second = tracker.takePending();
    expect(second).toEqual([[6, 7]]);
    expect(tracker.takePending()).toEqual([]);
    tracker.restore(second);
    expect(tracker.takePending()).toEqual([[6, 7]]);
    expect(tracker.intervals()).toEqual([[0, 7]]);
  });
});
