/**
 * SCORM runtime data on the server: which elements the content may write, what a commit means for the
 * learner's progress (completion, success, score), and the LMS-supplied values handed to the runtime at
 * launch. SCORM 1.2 (`cmi.core.*`) and SCORM 2004 (`cmi.*`). The reading of the data (the elements the LMS
 * owns, statuses, scores) is shared with the player in `@trilha/domain/scorm`; the ruling is the server's.
 */
import {
  cmiNumber,
  isLmsOwned,
  readScormStatus,
  type FlatCmi,
  type ScormVersion,
} from '@trilha/domain/scorm';

export type { FlatCmi, ScormVersion };

export interface ScormOutcome {
  completed: boolean;
  success: 'passed' | 'failed' | null;
  /** 0..100 or null. */
  score: number | null;
  /** 0..100: progress_measure when reported, 100 once completed. */
  percent: number;
  location: string;
}

const writable = /^(cmi|adl)\.[A-Za-z0-9_.]+$/;

/** The elements of a commit worth keeping: well-formed names the content may write (not the LMS's own). */
export function writableElements(cmi: FlatCmi): FlatCmi {
  const out: FlatCmi = {};
  for (const [key, value] of Object.entries(cmi)) {
    if (!writable.test(key) || isLmsOwned(key)) continue;
    out[key] = value;
  }
  return out;
}

/**
 * What the runtime data means, ruled here from the stored data (never from the player's own summary). A
 * package that reports `failed` has been completed but not passed: the activity stays in progress (the
 * learner may try again) and records the failure and the score.
 */
export function scormOutcome(
  version: ScormVersion,
  cmi: FlatCmi,
  masteryScore: number | null = null,
): ScormOutcome {
  const { completion, success: reported, scorePercent: score, location } = readScormStatus(version, cmi);
  let success: ScormOutcome['success'] = reported === 'unknown' ? null : reported;
  if (version === '1.2') {
    // `passed`, `completed` and `failed`.
    const done = completion === 'completed';
    // With a mastery score the LMS decides passed / failed from the score (SCORM 1.2 RTE 3.4.2).
    if (masteryScore !== null && score !== null && done) {
      success = score >= masteryScore ? 'passed' : 'failed';
    }
    return { completed: done && success !== 'failed', success, score, percent: done ? 100 : 0, location };
  }
  // SCORM 2004 keeps completion and success apart; a pass finishes the activity too.
  const done = completion === 'completed' || success === 'passed';
  const measure = cmiNumber(cmi['cmi.progress_measure']);
  const percent = done ? 100 : measure !== null ? Math.floor(Math.min(1, Math.max(0, measure)) * 100) : 0;
  return { completed: done && success !== 'failed', success, score, percent, location };
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
