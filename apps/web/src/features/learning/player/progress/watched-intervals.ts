/**
 * Watched-interval tracking for video and audio (HTML5, HLS, YouTube, Vimeo). The server completes a
 * media activity when the union of the intervals the learner really played covers the configured share
 * of the duration, so the player reports intervals, never positions: seeking to the end adds nothing.
 */

import { mergeIntervals as mergeWatched, watchedShare } from '@trilha/domain/watched-intervals';

// The interval rules are the server's (packages/domain); the tracker below is the player's own.

export type Interval = readonly [start: number, end: number];

/** Sorted, non-overlapping union of intervals (touching ones within `epsilon` seconds are joined). */
export function mergeIntervals(intervals: readonly Interval[], epsilon = 0.25): Interval[] {
  return mergeWatched(intervals, null, epsilon);
}

/** Rounds interval edges to tenths of a second: enough for progress, and small payloads. */
function round(interval: Interval): Interval {
  return [Math.floor(interval[0] * 10) / 10, Math.ceil(interval[1] * 10) / 10];
}

export interface PlaybackTrackerOptions {
  /** Clock in milliseconds; injectable for tests. */
  now?: () => number;
  /**
   * Slack, in media seconds, allowed on top of what the wall clock and playback rate explain between two
   * time updates. A bigger jump is a seek (players without a `seeking` event, like the embedded ones).
   */
  toleranceSeconds?: number;
}

/**
 * Turns a player's time updates into watched intervals. A segment grows while playback advances
 * continuously; a seek, a pause or a jump the clock cannot explain closes it.
 */
export class PlaybackTracker {
  private readonly now: () => number;
  private readonly tolerance: number;
  private segmentStart: number | null = null;
  private lastTime: number | null = null;
  private lastWall = 0;
  private all: Interval[] = [];
  private pending: Interval[] = [];

  constructor(saved: readonly Interval[] = [], options: PlaybackTrackerOptions = {}) {
    this.now = options.now ?? (() => performance.now());
    this.tolerance = options.toleranceSeconds ?? 1;
    this.all = mergeIntervals(saved);
  }

  /** Playback (re)started at `time`. */
  play(time: number): void {
    this.closeSegment();
    this.segmentStart = time;
    this.lastTime = time;
    this.lastWall = this.now();
  }

  /** A time update while playing; `rate` is the playback rate. */
  timeUpdate(time: number, rate = 1): void {
    const wall = this.now();
    if (this.lastTime === null || this.segmentStart === null) {
      this.segmentStart = time;
      this.lastTime = time;
      this.lastWall = wall;
      return;
    }
    const advanced = time - this.lastTime;
    const explained = ((wall - this.lastWall) / 1000) * Math.max(rate, 0.1) + this.tolerance;
    if (advanced < 0 || advanced > explained) {
      // Backwards or too far forwards: a seek. What was watched so far stays; a new segment starts here.
      this.closeSegment();
      this.segmentStart = time;
    }
    this.lastTime = time;
    this.lastWall = wall;
  }

  /** The user started seeking: what was played up to now counts, the jump does not. */
  seeking(): void {
    this.closeSegment();
  }

  /** Pause or end at `time` (the last stretch up to `time` counts when it follows continuously). */
  pause(time?: number): void {
    if (time !== undefined && this.lastTime !== null) this.timeUpdate(time);
    this.closeSegment();
  }

  private closeSegment(): void {
    if (this.segmentStart !== null && this.lastTime !== null && this.lastTime > this.segmentStart) {
      const interval = round([this.segmentStart, this.lastTime]);
      this.pending.push(interval);
      this.all = mergeIntervals([...this.all, interval]);
    }
    this.segmentStart = null;
    this.lastTime = null;
  }

  /**
   * The intervals watched since the last call, to send to the server; the open segment is cut here and
   * continues from this point. `restore` gives them back when the report failed.
   */
  takePending(): Interval[] {
    const open = this.segmentStart !== null && this.lastTime !== null;
    const resumeAt = this.lastTime;
    this.closeSegment();
    if (open && resumeAt !== null) {
      this.segmentStart = resumeAt;
      this.lastTime = resumeAt;
      this.lastWall = this.now();
    }
    const out = mergeIntervals(this.pending);
    this.pending = [];
    return out;
  }

  restore(intervals: readonly Interval[]): void {
    this.pending = mergeIntervals([...this.pending, ...intervals]);
  }

  /** Every interval watched, saved ones included. */
  intervals(): Interval[] {
    const open =
      this.segmentStart !== null && this.lastTime !== null && this.lastTime > this.segmentStart
        ? [round([this.segmentStart, this.lastTime])]
        : [];
    return mergeIntervals([...this.all, ...open]);
  }

  share(duration: number): number {
    return watchedShare(this.intervals(), duration);
  }
}
