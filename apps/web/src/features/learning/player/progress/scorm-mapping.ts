/**
 * What a SCORM runtime's data means for the learner: completion, success and score, for SCORM 1.2
 * (`cmi.core.lesson_status`, `cmi.core.score.*`) and SCORM 2004 (`cmi.completion_status`,
 * `cmi.success_status`, `cmi.score.*`). The player shows it as a preview and sends the runtime data to the
 * API with each commit; the server reads the same data with the same rules (`@trilha/domain/scorm`) and
 * rules on the outcome itself.
 */
import { isLmsOwned, readScormStatus, type FlatCmi, type ScormStatus } from '@trilha/domain/scorm';

export type { FlatCmi, ScormCompletion, ScormSuccess, ScormVersion } from '@trilha/domain/scorm';

export type ScormSummary = ScormStatus;

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

/** The status badge's reading of the runtime data (a preview: the server's ruling is what counts). */
export const summarizeScorm = readScormStatus;

/**
 * Elements a commit sends: what the learner's runtime wrote, without the empty defaults. Read-only and
 * LMS-supplied values (`_children`, `_count`, learner id and name, launch data, mastery and passing scores)
 * are left out: the server owns them.
 */
export function commitElements(cmi: FlatCmi): FlatCmi {
  return Object.fromEntries(Object.entries(cmi).filter(([key, value]) => value !== '' && !isLmsOwned(key)));
}
