/**
 * SCORM runtime data on the server: which elements the content may write, what a commit means for the
 * learner's progress (completion, success, score), and the LMS-supplied values handed to the runtime at
 * launch. SCORM 1.2 (`cmi.core.*`) and SCORM 2004 (`cmi.*`).
 */

export type ScormVersion = '1.2' | '2004';
export type FlatCmi = Record<string, string>;

export interface ScormOutcome {
  completed: boolean;
  success: 'passed' | 'failed' | null;
  /** 0..100 or null. */
  score: number | null;
  /** 0..100: progress_measure when reported, 100 once completed. */
  percent: number;
  location: string;
}

/** Elements the LMS owns: a commit never overwrites them. */
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

const writable = /^(cmi|adl)\.[A-Za-z0-9_.]+$/;

/** The elements of a commit worth keeping: well-formed names the content may write. */
export function writableElements(cmi: FlatCmi): FlatCmi {
  const out: FlatCmi = {};
  for (const [key, value] of Object.entries(cmi)) {
    if (!writable.test(key) || serverOwned.some((re) => re.test(key))) continue;
    out[key] = value;
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
  return ((raw - low) / (high - low)) * 100;
}

const clamp = (v: number | null) => (v === null ? null : Math.round(Math.min(100, Math.max(0, v)) * 10) / 10);

/**
 * What the runtime data means. A package that reports `failed` has been completed but not passed: the
 * activity stays in progress (the learner may try again) and records the failure and the score.
 */
export function scormOutcome(
  version: ScormVersion,
  cmi: FlatCmi,
  masteryScore: number | null = null,
): ScormOutcome {
  if (version === '1.2') {
    const status = (cmi['cmi.core.lesson_status'] ?? '').toLowerCase();
    const score = clamp(
      percentFrom(
        num(cmi['cmi.core.score.raw']),
        num(cmi['cmi.core.score.min']),
        num(cmi['cmi.core.score.max']),
      ),
    );
    let success: ScormOutcome['success'] =
      status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : null;
    // With a mastery score the LMS decides passed / failed from the score (SCORM 1.2 RTE 3.4.2).
    if (
      masteryScore !== null &&
      score !== null &&
      (status === 'completed' || status === 'passed' || status === 'failed')
    ) {
      success = score >= masteryScore ? 'passed' : 'failed';
    }
    const done = status === 'passed' || status === 'completed' || status === 'failed';
    const completed = done && success !== 'failed';
    return {
      completed,
      success,
      score,
      percent: done ? 100 : 0,
      location: cmi['cmi.core.lesson_location'] ?? '',
    };
  }
  const completion = (cmi['cmi.completion_status'] ?? '').toLowerCase();
  const successStatus = (cmi['cmi.success_status'] ?? '').toLowerCase();
  const success: ScormOutcome['success'] =
    successStatus === 'passed' ? 'passed' : successStatus === 'failed' ? 'failed' : null;
  const scaled = num(cmi['cmi.score.scaled']);
  const score = clamp(
    scaled !== null
      ? scaled * 100
      : percentFrom(num(cmi['cmi.score.raw']), num(cmi['cmi.score.min']), num(cmi['cmi.score.max'])),
  );
  const measure = num(cmi['cmi.progress_measure']);
  const done = completion === 'completed' || success === 'passed';
  const percent = done ? 100 : measure !== null ? Math.floor(Math.min(1, Math.max(0, measure)) * 100) : 0;
  return {
    completed: done && success !== 'failed',
    success,
    score,
    percent,
    location: cmi['cmi.location'] ?? '',
  };
}

export interface LaunchContext {
  version: ScormVersion;
  learnerId: string;
  /** "Last, First" as SCORM asks. */
  learnerName: string;
  saved: FlatCmi;
  masteryScore: number | null;
  launchData: string | null;
}

/** The runtime's initial data: what the content saved before plus the LMS-supplied elements. */
export function launchCmi(ctx: LaunchContext): { cmi: FlatCmi; entry: 'ab-initio' | 'resume' } {
  const saved = writableElements(ctx.saved);
  const v12 = ctx.version === '1.2';
  const suspended = v12
    ? Boolean(saved['cmi.suspend_data'] || saved['cmi.core.lesson_location'])
    : Boolean(saved['cmi.suspend_data'] || saved['cmi.location']);
  const entry = suspended ? 'resume' : 'ab-initio';
  // The exit of the previous session is not passed back: a new session starts with it unset.
  delete saved[v12 ? 'cmi.core.exit' : 'cmi.exit'];
  delete saved['cmi.core.session_time'];
  delete saved['cmi.session_time'];
  const cmi: FlatCmi = { ...saved };
  if (v12) {
    cmi['cmi.core.student_id'] = ctx.learnerId;
    cmi['cmi.core.student_name'] = ctx.learnerName;
    cmi['cmi.core.entry'] = entry === 'resume' ? 'resume' : 'ab-initio';
    cmi['cmi.core.credit'] = 'credit';
    cmi['cmi.core.lesson_mode'] = 'normal';
    if (ctx.masteryScore !== null) cmi['cmi.student_data.mastery_score'] = String(ctx.masteryScore);
  } else {
    cmi['cmi.learner_id'] = ctx.learnerId;
    cmi['cmi.learner_name'] = ctx.learnerName;
    cmi['cmi.entry'] = entry;
    cmi['cmi.credit'] = 'credit';
    cmi['cmi.mode'] = 'normal';
    if (ctx.masteryScore !== null) cmi['cmi.scaled_passing_score'] = String(ctx.masteryScore / 100);
  }
  if (ctx.launchData) cmi['cmi.launch_data'] = ctx.launchData;
  return { cmi, entry };
}
