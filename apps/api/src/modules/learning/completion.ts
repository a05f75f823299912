/**
 * Completion rules the server enforces, whatever the player claims. Pure functions, so the rules are
 * tested directly and read in one place.
 */

export type Interval = [number, number];

export const DEFAULT_MEDIA_THRESHOLD = 0.9;

/**
 * Sorted union of watched intervals, clipped to [0, duration] when a duration is known; intervals that
 * touch (within `epsilon` seconds) are joined so the stored list stays short.
 */
export function mergeIntervals(
  intervals: readonly (readonly [number, number])[],
  duration?: number | null,
  epsilon = 0.25,
): Interval[] {
  const limit = duration && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  const sorted = intervals
    .map(([s, e]) => [Math.max(0, Math.min(s, limit)), Math.max(0, Math.min(e, limit))] as Interval)
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

export function coveredSeconds(intervals: readonly Interval[]): number {
  return intervals.reduce((sum, [s, e]) => sum + (e - s), 0);
}

export interface MediaState {
  watched: Interval[];
  duration: number | null;
}

/**
 * The duration completion is measured against: the authored one when set, else the longest the player
 * ever reported (a player cannot shrink it to finish sooner).
 */
export function effectiveDuration(
  authored: number | null | undefined,
  stored: number | null,
  reported: number,
): number | null {
  if (authored && authored > 0) return authored;
  const best = Math.max(stored ?? 0, Number.isFinite(reported) ? reported : 0);
  return best > 0 ? best : null;
}

/** Share 0..1 of the media covered by the union of watched intervals (0 while the duration is unknown). */
export function watchedShare(watched: readonly Interval[], duration: number | null): number {
  if (!duration || duration <= 0) return 0;
  return Math.min(1, coveredSeconds(mergeIntervals(watched, duration, 0)) / duration);
}

export function mediaCompleted(share: number, threshold: number): boolean {
  // A hair of tolerance for float rounding of interval edges (tenths of a second).
  return share + 1e-6 >= threshold;
}

export function percentOf(share: number): number {
  return Math.max(0, Math.min(100, Math.floor(share * 100 + 1e-9)));
}

/** PDF: complete when the page shown is the last one. */
export function pdfCompleted(page: number, pageCount: number | null): boolean {
  return pageCount !== null && pageCount > 0 && page >= pageCount;
}

export function pdfPercent(maxPage: number, pageCount: number | null): number {
  if (!pageCount || pageCount <= 0) return 0;
  return Math.min(100, Math.floor((Math.min(maxPage, pageCount) / pageCount) * 100));
}

/**
 * Page count of a PDF from its bytes: the `/Count` of the root page tree when readable, otherwise the
 * number of page objects; null when neither is found (compressed object streams), and the player's
 * count is used then.
 */
export function pdfPageCount(bytes: Buffer): number | null {
  const text = bytes.toString('latin1');
  const pages = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  const counts = [...text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/g)].map((m) => Number(m[1]));
  const reverse = [...text.matchAll(/\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g)].map((m) => Number(m[1]));
  const fromTree = Math.max(0, ...counts, ...reverse);
  if (fromTree > 0) return fromTree;
  return pages > 0 ? pages : null;
}
