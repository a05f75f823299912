/**
 * SCORM runtime data, the rules the server and the player share: which elements the LMS owns, how a
 * number and a score are read, and what the data says about completion, success, score and bookmark.
 * SCORM 1.2 (`cmi.core.lesson_status`, `cmi.core.score.*`, `cmi.core.lesson_location`) and SCORM 2004
 * (`cmi.completion_status`, `cmi.success_status`, `cmi.score.*`, `cmi.location`).
 *
 * This is a reading of the data, not a ruling. The server decides the learner's progress from it (it adds
 * the mastery score of SCORM 1.2, `failed` keeping the activity open, the progress measure) and never takes
 * the browser's word for it; the player shows the same reading as a preview.
 */

export type ScormVersion = '1.2' | '2004';

/** The runtime data, flattened: `{ 'cmi.core.lesson_status': 'incomplete', … }`. */
export type FlatCmi = Record<string, string>;

export type ScormCompletion = 'completed' | 'incomplete' | 'not_attempted' | 'unknown';
export type ScormSuccess = 'passed' | 'failed' | 'unknown';

export interface ScormStatus {
  /** SCORM 1.2 `passed`, `completed` and `failed` all mean the lesson was completed. */
  completion: ScormCompletion;
  success: ScormSuccess;
  /** 0..100 with one decimal, or null when the package reported no usable score. */
  scorePercent: number | null;
  /** Bookmark (`lesson_location` / `location`). */
  location: string;
}

/**
 * Elements the LMS owns: read-only and LMS-supplied values (`_children`, `_count`, learner id and name,
 * launch data, mastery and passing scores, credit, mode, entry, total time, time limits). The content may
 * read them; a commit never sends nor overwrites them.
 */
const lmsOwned: readonly RegExp[] = [
  /\._children$/,
  /\._count$/,
  /^cmi\.core\.student_(id|name)$/,
  /^cmi\.learner_(id|name)$/,
  /^cmi\.launch_data$/,
  /^cmi\.student_data\./,
  /^cmi\.scaled_passing_score$/,
  /^cmi\.completion_threshold$/,
  /^cmi\.core\.credit$/,
  /^cmi\.credit$/,
  /^cmi\.core\.lesson_mode$/,
  /^cmi\.mode$/,
  /^cmi\.core\.entry$/,
  /^cmi\.entry$/,
  /^cmi\.core\.total_time$/,
  /^cmi\.total_time$/,
  /^cmi\.time_limit_action$/,
  /^cmi\.max_time_allowed$/,
];

export function isLmsOwned(element: string): boolean {
  return lmsOwned.some((re) => re.test(element));
}

/** A runtime value as a number: null when missing, blank or not a finite number. */
export function cmiNumber(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * A raw score on the min..max scale (0..100 when not given) as a percentage, unrounded and unclamped;
 * null without a raw score or when max is not above min.
 */
export function percentFrom(raw: number | null, min: number | null, max: number | null): number | null {
  if (raw === null) return null;
  const low = min ?? 0;
  const high = max ?? 100;
  if (high <= low) return null;
  return ((raw - low) / (high - low)) * 100;
}

/** A percentage kept within 0..100 and rounded to one decimal. */
export function scorePercent(value: number | null): number | null {
  return value === null ? null : Math.round(Math.min(100, Math.max(0, value)) * 10) / 10;
}

function successOf(status: string): ScormSuccess {
  return status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : 'unknown';
}

/** What the runtime data says: completion, success, score (0..100) and bookmark. */
export function readScormStatus(version: ScormVersion, cmi: FlatCmi): ScormStatus {
  if (version === '1.2') {
    const status = (cmi['cmi.core.lesson_status'] ?? '').toLowerCase();
    const completion: ScormCompletion =
      status === 'passed' || status === 'completed' || status === 'failed'
        ? 'completed'
        : status === 'incomplete' || status === 'browsed'
          ? 'incomplete'
          : // SCORM 1.2 starts at `not attempted`; an unset status means the same.
            status === 'not attempted' || status === ''
            ? 'not_attempted'
            : 'unknown';
    return {
      completion,
      success: successOf(status),
      scorePercent: scorePercent(
        percentFrom(
          cmiNumber(cmi['cmi.core.score.raw']),
          cmiNumber(cmi['cmi.core.score.min']),
          cmiNumber(cmi['cmi.core.score.max']),
        ),
      ),
      location: cmi['cmi.core.lesson_location'] ?? '',
    };
  }
  const completionStatus = (cmi['cmi.completion_status'] ?? '').toLowerCase();
  // SCORM 2004 starts at `unknown`, so an unset status is unknown too.
  const completion: ScormCompletion =
    completionStatus === 'completed'
      ? 'completed'
      : completionStatus === 'incomplete'
        ? 'incomplete'
        : completionStatus === 'not attempted'
          ? 'not_attempted'
          : 'unknown';
  // The scaled score (-1..1) wins over raw / min / max.
  const scaled = cmiNumber(cmi['cmi.score.scaled']);
  return {
    completion,
    success: successOf((cmi['cmi.success_status'] ?? '').toLowerCase()),
    scorePercent: scorePercent(
      scaled !== null
        ? scaled * 100
        : percentFrom(
            cmiNumber(cmi['cmi.score.raw']),
            cmiNumber(cmi['cmi.score.min']),
            cmiNumber(cmi['cmi.score.max']),
          ),
    ),
    location: cmi['cmi.location'] ?? '',
  };
}

// ---------------------------------------------------------------------------------------------------
// Time: SCORM 1.2 CMITimespan (`HHHH:MM:SS.SS`) and SCORM 2004 timeinterval (ISO 8601 `PnYnMnDTnHnMnS`)

/** Most one session may add to the total time: a longer claim is held at this. */
export const MAX_SESSION_SECONDS = 12 * 3600;

/**
 * A session time in seconds, or null when the value is not one the version's vocabulary allows. Years and
 * months of a 2004 interval count as 365 and 30 days (the RTE leaves them to the LMS).
 */
export function sessionSeconds(version: ScormVersion, value: string | undefined): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (version === '1.2') {
    const m = /^(\d{2,4}):([0-5]\d):([0-5]\d)(\.\d{1,2})?$/.exec(text);
    if (!m) return null;
    return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4] ?? 0);
  }
  const m =
    /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,2})?)S)?)?$/.exec(
      text,
    );
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map((part) => Number(part ?? 0));
  return ((y! * 365 + mo! * 30 + d!) * 24 + h!) * 3600 + mi! * 60 + s!;
}

/** Whole seconds as the version writes a time: `0001:02:03.00` (1.2) or `PT1H2M3S` (2004). */
export function formatScormTime(version: ScormVersion, seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = total % 60;
  if (version === '2004') return `PT${h}H${m}M${s}S`;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(Math.min(h, 9999)).padStart(4, '0')}:${two(m)}:${two(s)}.00`;
}
