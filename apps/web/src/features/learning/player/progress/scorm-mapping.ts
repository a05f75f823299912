/**
 * What a SCORM runtime's data means for the learner: completion, success and score, for SCORM 1.2
 * (`cmi.core.lesson_status`, `cmi.core.score.*`) and SCORM 2004 (`cmi.completion_status`,
 * `cmi.success_status`, `cmi.score.*`). The player shows it and sends it to the API with each commit.
 */

export type ScormVersion = '1.2' | '2004';
export type ScormCompletion = 'completed' | 'incomplete' | 'not_attempted' | 'unknown';
export type ScormSuccess = 'passed' | 'failed' | 'unknown';

export interface ScormSummary {
  completion: ScormCompletion;
  success: ScormSuccess;
  /** 0..100, or null when the package reported no score. */
  scorePercent: number | null;
  /** Bookmark (`lesson_location` / `location`). */
  location: string;
}

export type FlatCmi = Record<string, string>;

/** `{ cmi: { core: { lesson_status: 'passed' } } }` → `{ 'cmi.core.lesson_status': 'passed' }`. */
export function flattenCmi(value: unknown, prefix = ''): FlatCmi {
  const out: FlatCmi = {};
  if (value === null || value === undefined) return out;
  if (typeof value !== 'object') {
    if (prefix) out[prefix] = String(value);
    return out;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    Object.assign(out, flattenCmi(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

function num(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function percentFrom(raw: number | null, min: number | null, max: number | null): number | null {
  if (raw === null) return null;
  const low = min ?? 0;
  const high = max ?? 100;
  if (high <= low) return null;
  return Math.round(((raw - low) / (high - low)) * 1000) / 10;
}

function clampPercent(value: number | null): number | null {
  return value === null ? null : Math.min(100, Math.max(0, value));
}

export function summarizeScorm(version: ScormVersion, cmi: FlatCmi): ScormSummary {
  if (version === '1.2') {
    const status = (cmi['cmi.core.lesson_status'] ?? '').toLowerCase();
    const completion: ScormCompletion =
      status === 'passed' || status === 'completed' || status === 'failed'
        ? 'completed'
        : status === 'incomplete' || status === 'browsed'
          ? 'incomplete'
          : status === 'not attempted' || status === ''
            ? 'not_attempted'
            : 'unknown';
    const success: ScormSuccess = status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : 'unknown';
    const score = percentFrom(
      num(cmi['cmi.core.score.raw']),
      num(cmi['cmi.core.score.min']),
      num(cmi['cmi.core.score.max']),
    );
    return {
      completion,
      success,
      scorePercent: clampPercent(score),
      location: cmi['cmi.core.lesson_location'] ?? '',
    };
  }
  const completionStatus = (cmi['cmi.completion_status'] ?? '').toLowerCase();
  const successStatus = (cmi['cmi.success_status'] ?? '').toLowerCase();
  const completion: ScormCompletion =
    completionStatus === 'completed'
      ? 'completed'
      : completionStatus === 'incomplete'
        ? 'incomplete'
        : completionStatus === 'not attempted'
          ? 'not_attempted'
          : 'unknown';
  const success: ScormSuccess =
    successStatus === 'passed' ? 'passed' : successStatus === 'failed' ? 'failed' : 'unknown';
  const scaled = num(cmi['cmi.score.scaled']);
  const score =
    scaled !== null
      ? Math.round(scaled * 1000) / 10
      : percentFrom(num(cmi['cmi.score.raw']), num(cmi['cmi.score.min']), num(cmi['cmi.score.max']));
  return { completion, success, scorePercent: clampPercent(score), location: cmi['cmi.location'] ?? '' };
}

/**
 * Elements a commit sends: what the learner's runtime wrote. Read-only and LMS-supplied values
 * (`_children`, `_count`, learner id and name, launch data, mastery and passing scores) are left out:
 * the server owns them.
 */
const serverOwned = [
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

export function commitElements(cmi: FlatCmi): FlatCmi {
  return Object.fromEntries(
    Object.entries(cmi).filter(([key, value]) => value !== '' && !serverOwned.some((re) => re.test(key))),
  );
}
