import { z } from 'zod';
import { serialId, text } from '../primitives';

// ---------------------------------------------------------------------------------------------------
// Tests and quizzes as activities (docs/assessments.md, "Tests and quizzes")

/** The activity kinds that are tests or quizzes taken as attempts (reaction evaluations are surveys). */
export const testActivityKinds = [
  'conventional_test',
  'block_test',
  'restart_test',
  'evaluated_quiz',
  'unevaluated_quiz',
  'block_general_test',
  'restart_general_test',
] as const;
export const testActivityKind = z.enum(testActivityKinds);
export type TestActivityKind = z.infer<typeof testActivityKind>;

export const isTestActivityKind = (kind: string): kind is TestActivityKind =>
  (testActivityKinds as readonly string[]).includes(kind);

/** Failing every attempt blocks the learner in the course, until an instructor or manager unblocks. */
export const blockingTestKinds: readonly TestActivityKind[] = ['block_test', 'block_general_test'];
/** Failing every attempt resets the learner's progress and attempts in the course. */
export const restartingTestKinds: readonly TestActivityKind[] = ['restart_test', 'restart_general_test'];
/** Cover the whole course: they open once every other activity of the course is finished. */
export const generalTestKinds: readonly TestActivityKind[] = ['block_general_test', 'restart_general_test'];
/**
 * What a general test covers: its `course` (default), or, when the course is opened inside a trail, the
 * whole `trail`: it then opens once every other course of the trail is finished too, and its block or
 * restart applies to every course of the trail. Other kinds ignore it.
 */
export const generalTestScopes = ['course', 'trail'] as const;
export const generalTestScope = z.enum(generalTestScopes);
export type GeneralTestScope = z.infer<typeof generalTestScope>;

/** Practice: any submitted attempt finishes it, and it never counts toward the course grade. */
export const practiceTestKinds: readonly TestActivityKind[] = ['unevaluated_quiz'];

/** Limits of a test's settings. */
export const testLimits = {
  questions: 200,
  attempts: 100,
  timeLimitMinutes: 600,
  tags: 10,
} as const;

/**
 * Which questions an attempt asks:
 * - `fixed`: these questions of the client's bank, in this order (unless shuffled);
 * - `drawn`: `count` questions drawn at random, at the start of each attempt, from the bank's questions
 *   of `categoryId` (any category when null) having every tag of `tags` (any when empty).
 */
export const questionSelection = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('fixed'),
    questionIds: z
      .array(serialId())
      .min(1)
      .max(testLimits.questions)
      .refine((ids) => new Set(ids).size === ids.length, 'ASSESSMENT_DUPLICATE_QUESTION'),
  }),
  z.object({
    mode: z.literal('drawn'),
    count: z.number().int().min(1).max(testLimits.questions),
    categoryId: serialId().nullable().default(null),
    tags: z.array(text().trim().min(1).max(40)).max(testLimits.tags).default([]),
  }),
]);
export type QuestionSelection = z.infer<typeof questionSelection>;

/**
 * What the learner sees after submitting an attempt: `none` (the score only), `answers` (their answers,
 * each marked right or wrong, with the feedback), `answers_with_correct` (also the right answers).
 */
export const reviewModes = ['none', 'answers', 'answers_with_correct'] as const;
export const reviewMode = z.enum(reviewModes);
export type ReviewMode = z.infer<typeof reviewMode>;

/** Which attempt's grade counts: the highest (default), the first or the last submitted. */
export const countedAttempts = ['highest', 'first', 'last'] as const;
export const countedAttempt = z.enum(countedAttempts);
export type CountedAttempt = z.infer<typeof countedAttempt>;

/** How many questions an attempt asks under a selection. */
export const questionCountOf = (selection: QuestionSelection): number =>
  selection.mode === 'fixed' ? selection.questionIds.length : selection.count;

const testSettingsShape = z.object({
  questions: questionSelection,
  shuffleQuestions: z.boolean().default(false),
  shuffleAnswers: z.boolean().default(false),
  /** Minimum number of correct answers to pass, out of the number of questions asked. */
  passMark: z.number().int().min(0).max(testLimits.questions).default(0),
  /** Attempts a learner has; null = unlimited. Block and restart kinds need a number. */
  maxAttempts: z.number().int().min(1).max(testLimits.attempts).nullable().default(1),
  /** Minutes an attempt lasts, enforced by the server; null = no limit. */
  timeLimitMinutes: z.number().int().min(1).max(testLimits.timeLimitMinutes).nullable().default(null),
  review: reviewMode.default('answers'),
  countedAttempt: countedAttempt.default('highest'),
  /** General kinds only: the course (default) or, opened inside a trail, the whole trail. */
  scope: generalTestScope.default('course'),
});

/** The rules shared by every test kind; each failure names its field and its error code. */
function testIssues(kind: TestActivityKind, s: z.infer<typeof testSettingsShape>) {
  const issues: { path: string[]; message: string }[] = [];
  if (s.passMark > questionCountOf(s.questions))
    issues.push({ path: ['passMark'], message: 'ASSESSMENT_PASS_MARK_OVER_QUESTIONS' });
  if ((blockingTestKinds.includes(kind) || restartingTestKinds.includes(kind)) && s.maxAttempts === null)
    issues.push({ path: ['maxAttempts'], message: 'ASSESSMENT_ATTEMPTS_REQUIRED' });
  return issues;
}

/** The settings of one test kind, as the activity editor sends them and as they are stored. */
export const testSettingsOf = (kind: TestActivityKind) =>
  testSettingsShape.superRefine((s, ctx) => {
    for (const issue of testIssues(kind, s)) ctx.addIssue({ code: 'custom', ...issue });
  });

export const testSettingsByKind = {
  conventional_test: testSettingsOf('conventional_test'),
  block_test: testSettingsOf('block_test'),
  restart_test: testSettingsOf('restart_test'),
  evaluated_quiz: testSettingsOf('evaluated_quiz'),
  unevaluated_quiz: testSettingsOf('unevaluated_quiz'),
  block_general_test: testSettingsOf('block_general_test'),
  restart_general_test: testSettingsOf('restart_general_test'),
} satisfies Record<TestActivityKind, z.ZodType>;

/** A test's settings after validation (every default filled). */
export type TestSettings = z.output<typeof testSettingsShape>;
export type TestSettingsInput = z.input<typeof testSettingsShape>;

/** The stored settings read back (rows are written through `testSettingsByKind`). */
export const testSettings = testSettingsShape;
