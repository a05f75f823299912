import {
  blockingTestKinds,
  restartingTestKinds,
  testSettingsByKind,
  type CountedAttempt,
  type GeneralTestScope,
  type ReviewMode,
  type TestActivityKind,
  type TestSettings,
  type TestSettingsInput,
} from '@trilha/contracts/learning/test-settings';

/** The test settings as the editor holds them while the author types (empty number fields included). */
export interface TestDraft {
  mode: 'fixed' | 'drawn';
  questionIds: number[];
  count: number | '';
  categoryId: number | null;
  tags: string[];
  shuffleQuestions: boolean;
  shuffleAnswers: boolean;
  passMark: number | '';
  attempts: 'one' | 'limited' | 'unlimited';
  maxAttempts: number | '';
  timed: boolean;
  timeLimitMinutes: number | '';
  review: ReviewMode;
  countedAttempt: CountedAttempt;
  /** General kinds: the course, or the whole trail the course is opened in. */
  scope: GeneralTestScope;
}

export type TestField = 'questions' | 'count' | 'passMark' | 'maxAttempts' | 'timeLimitMinutes';

/** Block and restart kinds need a number of attempts: unlimited is not offered. */
export const needsAttemptLimit = (kind: TestActivityKind) =>
  blockingTestKinds.includes(kind) || restartingTestKinds.includes(kind);

export function testDraftOf(settings: TestSettings | null | undefined): TestDraft {
  const s = settings ?? null;
  const maxAttempts = s ? s.maxAttempts : 1;
  return {
    mode: s?.questions.mode ?? 'fixed',
    questionIds: s?.questions.mode === 'fixed' ? s.questions.questionIds : [],
    count: s?.questions.mode === 'drawn' ? s.questions.count : 10,
    categoryId: s?.questions.mode === 'drawn' ? s.questions.categoryId : null,
    tags: s?.questions.mode === 'drawn' ? s.questions.tags : [],
    shuffleQuestions: s?.shuffleQuestions ?? false,
    shuffleAnswers: s?.shuffleAnswers ?? false,
    passMark: s?.passMark ?? 0,
    attempts: maxAttempts === null ? 'unlimited' : maxAttempts === 1 ? 'one' : 'limited',
    maxAttempts: maxAttempts === null || maxAttempts === 1 ? 3 : maxAttempts,
    timed: (s?.timeLimitMinutes ?? null) !== null,
    timeLimitMinutes: s?.timeLimitMinutes ?? 30,
    review: s?.review ?? 'answers',
    countedAttempt: s?.countedAttempt ?? 'highest',
    scope: s?.scope ?? 'course',
  };
}

/** How many questions an attempt asks under the draft (0 while the count is empty). */
export function draftQuestionCount(draft: TestDraft): number {
  return draft.mode === 'fixed' ? draft.questionIds.length : draft.count === '' ? 0 : draft.count;
}

/** What the editor sends as the activity's settings. Empty numbers go as NaN-free values the contract refuses. */
export function testSettingsOf(draft: TestDraft): TestSettingsInput {
  const num = (v: number | '') => (v === '' ? -1 : v);
  return {
    questions:
      draft.mode === 'fixed'
        ? { mode: 'fixed', questionIds: draft.questionIds }
        : { mode: 'drawn', count: num(draft.count), categoryId: draft.categoryId, tags: draft.tags },
    shuffleQuestions: draft.shuffleQuestions,
    shuffleAnswers: draft.shuffleAnswers,
    passMark: num(draft.passMark),
    maxAttempts:
      draft.attempts === 'unlimited' ? null : draft.attempts === 'one' ? 1 : num(draft.maxAttempts),
    timeLimitMinutes: draft.timed ? num(draft.timeLimitMinutes) : null,
    review: draft.review,
    countedAttempt: draft.countedAttempt,
    // The course is the default scope: only a trail-wide general test says so.
    ...(draft.scope === 'trail' ? { scope: 'trail' as const } : {}),
  };
}

const fieldOf = (path: readonly PropertyKey[]): TestField | null => {
  const [first, second] = path.map(String);
  if (first === 'questions') return second === 'count' ? 'count' : 'questions';
  if (first === 'passMark' || first === 'maxAttempts' || first === 'timeLimitMinutes') return first;
  return null;
};

/**
 * The problems of the draft, one per field, checked by the contract's own schema of the kind: an error code
 * of the contract (ASSESSMENT_…) when it has one, else `null` and the field's own message is shown.
 */
export function testDraftIssues(kind: TestActivityKind, draft: TestDraft): Map<TestField, string | null> {
  const issues = new Map<TestField, string | null>();
  const parsed = testSettingsByKind[kind].safeParse(testSettingsOf(draft));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = fieldOf(issue.path);
    if (!field || issues.has(field)) continue;
    issues.set(field, issue.message.startsWith('ASSESSMENT_') ? issue.message : null);
  }
  // The schema checks these rules only once every field has its shape; say them at once.
  const count = draftQuestionCount(draft);
  if (!issues.has('passMark') && draft.passMark !== '' && count > 0 && draft.passMark > count)
    issues.set('passMark', 'ASSESSMENT_PASS_MARK_OVER_QUESTIONS');
  if (!issues.has('maxAttempts') && needsAttemptLimit(kind) && draft.attempts === 'unlimited')
    issues.set('maxAttempts', 'ASSESSMENT_ATTEMPTS_REQUIRED');
  return issues;
}
