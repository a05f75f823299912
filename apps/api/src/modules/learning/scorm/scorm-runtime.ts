/**
 * SCORM runtime data on the server: which elements the content may write, what a commit means for the
 * learner's progress (completion, success, score), and the LMS-supplied values handed to the runtime at
 * launch. SCORM 1.2 (`cmi.core.*`) and SCORM 2004 (`cmi.*`). The reading of the data (the elements the LMS
 * owns, statuses, scores) is shared with the player in `@trilha/domain/scorm`; the ruling is the server's.
 */
import {
  cmiNumber,
  formatScormTime,
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
 * learner may try again) and records the failure and the score. `percent` is the real progress of what is
 * not finished: SCORM 2004's progress measure (at most 99), SCORM 1.2 has none (0); 100 once completed.
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
    const completed = done && success !== 'failed';
    return { completed, success, score, percent: completed ? 100 : 0, location };
  }
  // SCORM 2004 keeps completion and success apart; a pass finishes the activity too.
  const completed = (completion === 'completed' || success === 'passed') && success !== 'failed';
  const measure = cmiNumber(cmi['cmi.progress_measure']);
  const percent = completed
    ? 100
    : measure !== null
      ? Math.min(99, Math.floor(Math.min(1, Math.max(0, measure)) * 100))
      : 0;
  return { completed, success, score, percent, location };
}

/** How a session ended, from the data of its last commit: only a suspend keeps the attempt open. */
export function exitOf(version: ScormVersion, cmi: FlatCmi): 'suspend' | 'normal' {
  const exit = (cmi[version === '1.2' ? 'cmi.core.exit' : 'cmi.exit'] ?? '').trim().toLowerCase();
  const nav = (cmi['adl.nav.request'] ?? '').trim();
  return exit === 'suspend' || nav === 'suspendAll' ? 'suspend' : 'normal';
}

/**
 * SCORM 1.2's status when the content ends its session without setting one (RTE 3.4.4): `completed`, or
 * with a mastery score and a score, `passed` / `failed` against it. The elements to add (none when a
 * status was set).
 */
export function finishDefaults(version: ScormVersion, cmi: FlatCmi, masteryScore: number | null): FlatCmi {
  if (version !== '1.2') return {};
  const status = (cmi['cmi.core.lesson_status'] ?? '').trim().toLowerCase();
  if (status !== '' && status !== 'not attempted') return {};
  const score = readScormStatus('1.2', cmi).scorePercent;
  const lessonStatus =
    masteryScore !== null && score !== null ? (score >= masteryScore ? 'passed' : 'failed') : 'completed';
  return { 'cmi.core.lesson_status': lessonStatus };
}

/** The stored attempt of a learner, as the launch and the commits read it. */
export interface StoredAttempt {
  attempt: number;
  endedWith: 'suspend' | 'normal' | null;
  totalSeconds: number;
  cmi: FlatCmi;
}

export interface AttemptRules {
  /** null: no limit. */
  maxAttempts: number | null;
  retakeAfterPass: boolean;
}

/** The author's attempt rules from the activity's settings (`maxAttempts` 0 or unset: no limit). */
export function scormAttemptRules(settings: Record<string, unknown>): AttemptRules {
  const max = settings['maxAttempts'];
  return {
    maxAttempts: typeof max === 'number' && Number.isInteger(max) && max > 0 ? max : null,
    retakeAfterPass: settings['retakeAfterPass'] === true,
  };
}

/**
 * Whether the stored attempt is over: its last session ended normally (not suspended). SCORM 2004 ends
 * the attempt there (RTE 4.2.8); SCORM 1.2 knows no attempts, so its lesson goes on until it has an
 * outcome (`completed`, `passed` or `failed`).
 */
export function attemptOver(version: ScormVersion, stored: StoredAttempt | null): boolean {
  if (stored?.endedWith !== 'normal') return false;
  if (version === '2004') return true;
  return readScormStatus('1.2', stored.cmi).completion === 'completed';
}

/**
 * What the next launch is: the same attempt (resumed after a suspend or a session that never ended), a
 * new attempt after a normal exit when the author allows one more, or a review of the last one
 * (no credit, nothing recorded) when not.
 */
export function nextLaunch(
  version: ScormVersion,
  stored: StoredAttempt | null,
  rules: AttemptRules,
  finished: boolean,
): { attempt: number; kind: 'continue' | 'new' | 'review' } {
  if (!stored) return { attempt: 1, kind: 'continue' };
  if (!attemptOver(version, stored)) return { attempt: stored.attempt, kind: 'continue' };
  const left = rules.maxAttempts === null || stored.attempt < rules.maxAttempts;
  if (left && (!finished || rules.retakeAfterPass)) return { attempt: stored.attempt + 1, kind: 'new' };
  return { attempt: stored.attempt, kind: 'review' };
}

export interface LaunchContext {
  version: ScormVersion;
  learnerId: string;
  /** "Last, First" as SCORM asks. */
  learnerName: string;
  /** The stored attempt (null: never launched). */
  stored: StoredAttempt | null;
  launch: { attempt: number; kind: 'continue' | 'new' | 'review' };
  masteryScore: number | null;
  completionThreshold: number | null;
  launchData: string | null;
}

export type ScormEntry = 'ab-initio' | 'resume' | '';

/**
 * The runtime's initial data: what the content saved in this attempt plus the LMS-supplied elements.
 * `cmi.entry` is `resume` only when the last session was suspended (or never ended, its data kept);
 * a new attempt starts empty and `ab-initio`; a review shows the last attempt with no credit.
 */
export function launchCmi(ctx: LaunchContext): {
  cmi: FlatCmi;
  entry: ScormEntry;
  mode: 'normal' | 'review';
} {
  const v12 = ctx.version === '1.2';
  const fresh = ctx.launch.kind === 'new' || ctx.stored === null;
  const saved = fresh ? {} : writableElements(ctx.stored!.cmi);
  const review = ctx.launch.kind === 'review';
  let entry: ScormEntry;
  if (review) entry = '';
  else if (fresh) entry = 'ab-initio';
  else if (ctx.stored!.endedWith === 'suspend') entry = 'resume';
  // SCORM 1.2 after a normal exit without an outcome: the same lesson, not resumed (RTE 3.4.4).
  else if (ctx.stored!.endedWith === 'normal') entry = '';
  else {
    // A session that never ended (the browser closed): its attempt goes on where the content left it.
    const hasPlace = v12
      ? Boolean(saved['cmi.suspend_data'] || saved['cmi.core.lesson_location'])
      : Boolean(saved['cmi.suspend_data'] || saved['cmi.location']);
    entry = hasPlace ? 'resume' : 'ab-initio';
  }
  // The exit of the previous session is not passed back: a new session starts with it unset.
  delete saved[v12 ? 'cmi.core.exit' : 'cmi.exit'];
  delete saved['cmi.core.session_time'];
  delete saved['cmi.session_time'];
  delete saved['adl.nav.request'];
  const totalTime = formatScormTime(ctx.version, fresh ? 0 : ctx.stored!.totalSeconds);
  const cmi: FlatCmi = { ...saved };
  if (v12) {
    cmi['cmi.core.student_id'] = ctx.learnerId;
    cmi['cmi.core.student_name'] = ctx.learnerName;
    cmi['cmi.core.entry'] = entry;
    cmi['cmi.core.credit'] = review ? 'no-credit' : 'credit';
    cmi['cmi.core.lesson_mode'] = review ? 'review' : 'normal';
    cmi['cmi.core.total_time'] = totalTime;
    if (ctx.masteryScore !== null) cmi['cmi.student_data.mastery_score'] = String(ctx.masteryScore);
  } else {
    cmi['cmi.learner_id'] = ctx.learnerId;
    cmi['cmi.learner_name'] = ctx.learnerName;
    cmi['cmi.entry'] = entry;
    cmi['cmi.credit'] = review ? 'no-credit' : 'credit';
    cmi['cmi.mode'] = review ? 'review' : 'normal';
    cmi['cmi.total_time'] = totalTime;
    if (ctx.masteryScore !== null) cmi['cmi.scaled_passing_score'] = String(ctx.masteryScore / 100);
    if (ctx.completionThreshold !== null) cmi['cmi.completion_threshold'] = String(ctx.completionThreshold);
  }
  if (ctx.launchData) cmi['cmi.launch_data'] = ctx.launchData;
  return { cmi, entry, mode: review ? 'review' : 'normal' };
}
