/**
 * Completion rules the server enforces, whatever the player claims. Pure functions, so the rules are
 * tested directly and read in one place.
 */

import { cmiNumber } from '@trilha/domain/scorm';
import {
  coveredSeconds,
  mergeIntervals,
  watchedShare,
  type Interval,
} from '@trilha/domain/watched-intervals';

// The interval rules are the player's too: they live in the domain package.
export { coveredSeconds, mergeIntervals, watchedShare, type Interval };

export const DEFAULT_MEDIA_THRESHOLD = 0.9;

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

// ---------------------------------------------------------------------------------------------------
// Wall time: what a player may claim against the time the server saw pass

/** Fastest playback the players offer: media cannot be watched faster than this. */
export const MEDIA_MAX_RATE = 2;
/** Seconds of media granted beyond the wall-time budget (report rounding, clock edges). */
export const MEDIA_SLACK_SECONDS = 3;
/** Most new media seconds one report may add: players report every 10 s, a lost report or two fit. */
export const MEDIA_MAX_SECONDS_PER_REPORT = 45;

/**
 * New media seconds a report may add: no more than the wall time since the previous report and since the
 * activity was opened allow at the fastest rate, and never a whole video in one call.
 */
export function mediaBudget(opts: {
  sinceLastReport: number | null;
  sinceOpened: number | null;
  alreadyWatched: number;
}): number {
  const played = (s: number | null) => Math.max(0, s ?? 0) * MEDIA_MAX_RATE;
  // The slack counts once over the whole activity, not per report: a burst of reports gains nothing.
  return Math.max(
    0,
    Math.min(
      MEDIA_MAX_SECONDS_PER_REPORT,
      played(opts.sinceLastReport) + 1,
      played(opts.sinceOpened) + MEDIA_SLACK_SECONDS - opts.alreadyWatched,
    ),
  );
}

/**
 * The part of `incoming` not yet in `current` that fits in `budget` seconds, taken in the order reported;
 * the rest is dropped (the learner watches it again).
 */
export function admitIntervals(
  current: readonly Interval[],
  incoming: readonly (readonly [number, number])[],
  budget: number,
  duration?: number | null,
): Interval[] {
  let union = mergeIntervals(current, duration, 0);
  let left = budget;
  const admitted: Interval[] = [];
  for (const [start, end] of mergeIntervals(incoming, duration, 0)) {
    if (left <= 0) break;
    // The gaps of [start, end] that the union does not cover yet.
    let cursor = start;
    for (const [s, e] of [...union, [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY] as Interval]) {
      if (left <= 0 || cursor >= end) break;
      if (e <= cursor) continue;
      const gapEnd = Math.min(end, s);
      if (gapEnd > cursor) {
        const take = Math.min(gapEnd - cursor, left);
        admitted.push([cursor, cursor + take]);
        left -= take;
      }
      cursor = Math.max(cursor, e);
    }
    union = mergeIntervals([...union, ...admitted], duration, 0);
  }
  return admitted;
}

// ---------------------------------------------------------------------------------------------------
// Time spent

/** A heartbeat later than this after the previous report counts nothing: the learner was away. */
export const HEARTBEAT_MAX_GAP_SECONDS = 45;

/** Seconds a heartbeat adds: the time since the previous report, when it is a plausible gap. */
export function heartbeatSeconds(sinceLastReport: number | null): number {
  if (sinceLastReport === null || !Number.isFinite(sinceLastReport) || sinceLastReport <= 0) return 0;
  return sinceLastReport <= HEARTBEAT_MAX_GAP_SECONDS ? Math.floor(sinceLastReport) : 0;
}

export function timePercent(seconds: number, minSeconds: number): number {
  return Math.min(99, Math.floor((seconds / Math.max(1, minSeconds)) * 100));
}

// ---------------------------------------------------------------------------------------------------
// SCORM: only what the runtime data supports

const scorm12Statuses = new Set(['passed', 'completed', 'failed', 'incomplete', 'browsed', 'not attempted']);
const scorm2004Completion = new Set(['completed', 'incomplete', 'not attempted', 'unknown']);
const scorm2004Success = new Set(['passed', 'failed', 'unknown']);

/**
 * The runtime data as the LMS must read it before ruling: a status outside the runtime's vocabulary (the
 * runtime refuses it, so the package never set it) is dropped, and in SCORM 2004 a passing score makes
 * success the LMS's decision from `cmi.score.scaled` (RTE 4.2.22: no scaled score, success unknown).
 * SCORM 1.2's mastery score is applied by scormOutcome. A SCORM 2004 completion threshold makes
 * completion the LMS's decision from `cmi.progress_measure` when the content reports one (RTE 4.2.4.1).
 */
export function supportedScormData(
  version: '1.2' | '2004',
  cmi: Readonly<Record<string, string>>,
  masteryScore: number | null,
  completionThreshold: number | null = null,
): Record<string, string> {
  const out = { ...cmi };
  if (version === '1.2') {
    const status = out['cmi.core.lesson_status'];
    if (status !== undefined && !scorm12Statuses.has(status)) delete out['cmi.core.lesson_status'];
    return out;
  }
  const completion = out['cmi.completion_status'];
  if (completion !== undefined && !scorm2004Completion.has(completion)) delete out['cmi.completion_status'];
  const success = out['cmi.success_status'];
  if (success !== undefined && !scorm2004Success.has(success)) delete out['cmi.success_status'];
  if (completionThreshold !== null) {
    const measure = cmiNumber(out['cmi.progress_measure']);
    if (measure !== null && measure >= 0 && measure <= 1)
      out['cmi.completion_status'] = measure + 1e-9 >= completionThreshold ? 'completed' : 'incomplete';
  }
  if (masteryScore !== null) {
    const scaled = cmiNumber(out['cmi.score.scaled']);
    out['cmi.success_status'] =
      scaled !== null ? (scaled * 100 + 1e-9 >= masteryScore ? 'passed' : 'failed') : 'unknown';
  }
  return out;
}
