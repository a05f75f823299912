/**
 * Watched intervals of a media activity (video, audio, YouTube, Vimeo, HLS), in media seconds. The
 * server completes the activity when their union covers the configured share of the duration; the player
 * keeps the same union to show progress. Both use these rules.
 */

export type Interval = [start: number, end: number];
type AnyInterval = readonly [start: number, end: number];

/**
 * Sorted union of intervals, clipped to [0, duration] when a duration is known; intervals that touch
 * (within `epsilon` seconds) are joined so the list stays short. Empty and non-finite ones are dropped.
 */
export function mergeIntervals(
  intervals: readonly AnyInterval[],
  duration?: number | null,
  epsilon = 0.25,
): Interval[] {
  const limit = duration && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  const sorted = intervals
    .map(([s, e]): Interval => [Math.max(0, Math.min(s, limit)), Math.max(0, Math.min(e, limit))])
    .filter(([s, e]) => Number.isFinite(s) && Number.isFinite(e) && e > s)
    .sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1] + epsilon) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Seconds covered by intervals that do not overlap (a merged list). */
export function coveredSeconds(intervals: readonly AnyInterval[]): number {
  return intervals.reduce((sum, [s, e]) => sum + (e - s), 0);
}

/** Share 0..1 of the media covered by the union of the intervals (0 while the duration is unknown). */
export function watchedShare(watched: readonly AnyInterval[], duration: number | null): number {
  if (!duration || duration <= 0) return 0;
  return Math.min(1, coveredSeconds(mergeIntervals(watched, duration, 0)) / duration);
}
