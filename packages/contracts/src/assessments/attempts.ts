import { z } from 'zod';
import { progressStatus } from '../learning/kinds';
import { reviewMode, testActivityKind } from '../learning/test-settings';
import { serialIdParam, text } from '../primitives';
import { questionKind } from './questions';

/**
 * Attempts at tests and quizzes (docs/assessments.md, "Tests and quizzes"). Routes:
 *
 * Learner (session and selected client; `trailId` when the course was opened inside a trail)
 *   GET  /api/learning/activities/:id/attempts?trailId                    → testOverview
 *   POST /api/learning/activities/:id/attempts?trailId                    → attemptView (start or resume)
 *   PUT  /api/learning/activities/:id/attempts/:attemptId/answers/:index  answerBody → answerSaved
 *   POST /api/learning/activities/:id/attempts/:attemptId/submit          → attemptResult (idempotent)
 *   GET  /api/learning/activities/:id/attempts/:attemptId/review          → attemptReview
 *
 * Back office (capability `learning.instructor`, scoped to the selected client)
 *   GET  /api/admin/assessments/activities/:id/attempts?status&userId&page&pageSize → adminAttemptPage
 *   GET  /api/admin/assessments/attempts/:attemptId                        → adminAttemptDetail
 *   POST /api/admin/assessments/attempts/:attemptId/grades  essayGradesBody → adminAttemptDetail
 *   GET  /api/admin/assessments/courses?search&page&pageSize               → assessedCoursePage
 *   GET  /api/admin/assessments/courses/:id                                → assessedCourseDetail
 *   GET  /api/admin/assessments/courses/:id/blocks?page&pageSize           → courseBlockPage
 *   POST /api/admin/assessments/courses/:id/users/:userId/unblock  unblockBody → unblockResponse
 *
 * Before an attempt is submitted no answer carries anything that tells right from wrong: options are
 * shown by their position in the attempt (shuffled when the author chose so), and a matching question's
 * right column and an ordering question's items always come shuffled.
 */

export const attemptStatuses = ['in_progress', 'submitted', 'expired', 'pending_grading'] as const;
export const attemptStatus = z.enum(attemptStatuses);
export type AttemptStatus = z.infer<typeof attemptStatus>;

/** Bounds of what a learner sends. */
export const answerLimits = {
  shortAnswer: 200,
  essay: 20_000,
  /** Options, pairs and items of a question (the bank's bound). */
  parts: 20,
} as const;

// ---------------------------------------------------------------------------------------------------
// Params and queries

export const activityAttemptsParams = z.object({ id: serialIdParam() });
export const attemptParams = z.object({ id: serialIdParam(), attemptId: serialIdParam() });
export const answerParams = z.object({
  id: serialIdParam(),
  attemptId: serialIdParam(),
  /** The question's 0-based position in the attempt. */
  index: z.coerce.number().int().min(0).max(199),
});
export const attemptTrailQuery = z.object({ trailId: serialIdParam().optional() });
export type AttemptTrailQuery = z.input<typeof attemptTrailQuery>;

// ---------------------------------------------------------------------------------------------------
// The attempt as the learner sees it (no correctness data)

const shownText = z.object({ index: z.number().int(), text: z.string() });

/**
 * One question of an attempt. `index` fields are positions in the attempt's own order: the answer names
 * them. `options` for single and multiple choice; `left` and `right` for matching (pair each left with a
 * right); `items` for ordering (send them in the order you think right).
 */
export const attemptQuestion = z.object({
  /** 0-based position of the question in the attempt. */
  index: z.number().int(),
  kind: questionKind,
  stem: z.string(),
  media: z
    .object({ kind: z.enum(['image', 'video', 'audio']), url: z.string(), alt: z.string().optional() })
    .nullable(),
  points: z.number(),
  options: z.array(shownText).nullable(),
  left: z.array(shownText).nullable(),
  right: z.array(shownText).nullable(),
  items: z.array(shownText).nullable(),
});
export type AttemptQuestion = z.infer<typeof attemptQuestion>;

const position = z.number().int().min(0).max(answerLimits.parts);
const positions = z.array(position).max(answerLimits.parts);
const pairsShape = z.array(z.object({ left: position, right: position })).max(answerLimits.parts);

/** The members of an answer but multiple choice's, shared by what is sent and what is answered back. */
const answerMembers = [
  z.object({ kind: z.literal('single_choice'), option: position }),
  z.object({ kind: z.literal('true_false'), value: z.boolean() }),
  z.object({ kind: z.literal('matching'), pairs: pairsShape }),
  z.object({ kind: z.literal('ordering'), order: positions }),
  z.object({ kind: z.literal('numeric'), value: z.number().min(-1e12).max(1e12) }),
  z.object({ kind: z.literal('short_answer'), text: text().trim().max(answerLimits.shortAnswer) }),
  z.object({ kind: z.literal('essay'), text: text().trim().max(answerLimits.essay) }),
] as const;

/** A learner's answer to one question, by kind (positions are the attempt's `index` values). */
export const answer = z.discriminatedUnion('kind', [
  ...answerMembers,
  z.object({
    kind: z.literal('multiple_choice'),
    // Each option once, in order.
    options: positions.transform((o) => [...new Set(o)].sort((a, b) => a - b)),
  }),
]);
export type Answer = z.infer<typeof answer>;
/** An answer as the API answers it back (the same shape, nothing to transform). */
export const answerShown = z.discriminatedUnion('kind', [
  ...answerMembers,
  z.object({ kind: z.literal('multiple_choice'), options: positions }),
]);
export type AnswerInput = z.input<typeof answer>;

/** PUT …/answers/:index — null clears the answer. */
export const answerBody = z.object({ answer: answer.nullable() });
export type AnswerBody = z.input<typeof answerBody>;

const attemptTiming = {
  startedAt: z.string(),
  /** null without a time limit. */
  deadlineAt: z.string().nullable(),
  /** Whole seconds left by the server's clock; null without a time limit. */
  secondsLeft: z.number().int().min(0).nullable(),
};

/** POST /api/learning/activities/:id/attempts — the open attempt (a resume gives the same questions). */
export const attemptView = z.object({
  attempt: z.object({
    id: z.number().int(),
    activityId: z.number().int(),
    /** 1-based: the learner's how-many-th attempt at this test (since the last restart). */
    number: z.number().int(),
    status: z.literal('in_progress'),
    ...attemptTiming,
    questions: z.array(attemptQuestion),
    /** Saved answers by question index (null = not answered). */
    answers: z.array(answerShown.nullable()),
  }),
});
export type AttemptView = z.infer<typeof attemptView>;

// ---------------------------------------------------------------------------------------------------
// Results, review, overview

/** Where the learner stands in the course after the attempt. */
export const attemptOutcome = z.object({
  /** The activity is finished (passed, or a practice quiz submitted). */
  activityFinished: z.boolean(),
  /** Attempts left; null = unlimited. */
  attemptsLeft: z.number().int().nullable(),
  /** Every attempt failed on a block kind: the learner is now blocked in the course. */
  blocked: z.boolean(),
  /** Every attempt failed on a restart kind: the learner's progress in the course was reset. */
  restarted: z.boolean(),
  courseStatus: progressStatus,
});

/** POST …/submit — the same answer every time it is asked for the same attempt. */
export const attemptResult = z.object({
  result: z.object({
    attemptId: z.number().int(),
    number: z.number().int(),
    status: attemptStatus,
    /** 0..100 (points earned over points possible); null while an essay waits for its grade. */
    score: z.number().nullable(),
    /** Questions answered fully right. */
    correctCount: z.number().int(),
    questionCount: z.number().int(),
    passMark: z.number().int(),
    /** null while an essay waits for its grade. */
    passed: z.boolean().nullable(),
    submittedAt: z.string().nullable(),
    /** The counted grade of the test so far (highest, first or last, as the author chose). */
    bestScore: z.number().nullable(),
    /** The learner may see a review of this attempt. */
    reviewAvailable: z.boolean(),
    outcome: attemptOutcome,
  }),
});
export type AttemptResult = z.infer<typeof attemptResult>;

/** PUT …/answers/:index */
export const answerSaved = z.object({
  saved: z.boolean(),
  /** When the deadline had passed the answer is refused and the attempt closed: its result is here. */
  closed: attemptResult.shape.result.nullable(),
  secondsLeft: z.number().int().min(0).nullable(),
});
export type AnswerSaved = z.infer<typeof answerSaved>;

/** One question of a review. `correct*` fields are null unless the author shows the right answers. */
export const reviewQuestion = attemptQuestion.extend({
  answer: answerShown.nullable(),
  /** Points earned; null for an essay not graded yet. */
  earned: z.number().nullable(),
  /** Full credit (null for an essay not graded yet). */
  correct: z.boolean().nullable(),
  /** Feedback of the chosen options and the question's general feedback. */
  feedback: z.array(z.string()),
  /** The right answer, when the author shows it: same shape as an answer. */
  correctAnswer: answerShown.nullable(),
  /** A grader's comment on an essay. */
  graderComment: z.string().nullable(),
  /**
   * The right answer in words, when the author shows it and the shape of an answer cannot hold it all: a
   * numeric range or tolerance (`1 – 5`, `3.14 ± 0.01`), every accepted short answer.
   */
  correctText: z.string().nullable().default(null),
});
export type ReviewQuestion = z.infer<typeof reviewQuestion>;

/** GET …/attempts/:attemptId/review (403 ASSESSMENT_REVIEW_NOT_ALLOWED when the author shows none). */
export const attemptReview = z.object({
  review: z.object({
    attemptId: z.number().int(),
    mode: reviewMode,
    score: z.number().nullable(),
    correctCount: z.number().int(),
    questionCount: z.number().int(),
    passed: z.boolean().nullable(),
    questions: z.array(reviewQuestion),
  }),
});
export type AttemptReview = z.infer<typeof attemptReview>;

export const attemptSummary = z.object({
  id: z.number().int(),
  number: z.number().int(),
  status: attemptStatus,
  startedAt: z.string(),
  deadlineAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  score: z.number().nullable(),
  correctCount: z.number().int(),
  questionCount: z.number().int(),
  passed: z.boolean().nullable(),
});
export type AttemptSummary = z.infer<typeof attemptSummary>;

/** GET /api/learning/activities/:id/attempts — the test's rules and the learner's attempts. */
export const testOverview = z.object({
  test: z.object({
    activityId: z.number().int(),
    kind: testActivityKind,
    title: z.string(),
    questionCount: z.number().int(),
    passMark: z.number().int(),
    maxAttempts: z.number().int().nullable(),
    timeLimitMinutes: z.number().int().nullable(),
    review: reviewMode,
    /** Attempts used since the last restart. */
    attemptsUsed: z.number().int(),
    attemptsLeft: z.number().int().nullable(),
    /** The id of the attempt in progress, to resume. */
    openAttemptId: z.number().int().nullable(),
    /** A new attempt may be started (or the open one resumed). */
    canStart: z.boolean(),
    /** Why not, when it cannot: a translated error code. */
    blockedReason: z.string().nullable(),
    bestScore: z.number().nullable(),
    passed: z.boolean(),
    status: progressStatus,
  }),
  attempts: z.array(attemptSummary),
});
export type TestOverview = z.infer<typeof testOverview>;

// ---------------------------------------------------------------------------------------------------
// Back office

export const adminAttemptListQuery = z.object({
  status: z.enum(['all', ...attemptStatuses]).default('all'),
  userId: serialIdParam().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminAttemptListQuery = z.input<typeof adminAttemptListQuery>;

export const adminAttemptItem = attemptSummary.extend({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }),
  activityId: z.number().int(),
  courseId: z.number().int(),
  /** Seconds between start and submission (or now, while in progress). */
  durationSeconds: z.number().int(),
  /** Essays waiting for a grade. */
  essaysPending: z.number().int(),
});
export type AdminAttemptItem = z.infer<typeof adminAttemptItem>;

export const adminAttemptPage = z.object({
  items: z.array(adminAttemptItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminAttemptPage = z.infer<typeof adminAttemptPage>;

/** An attempt with every question, the learner's answers and the right ones. */
export const adminAttemptDetail = z.object({
  attempt: adminAttemptItem.extend({
    questions: z.array(reviewQuestion.extend({ questionId: z.number().int(), essayGraded: z.boolean() })),
  }),
});
export type AdminAttemptDetail = z.infer<typeof adminAttemptDetail>;

/** POST /api/admin/assessments/attempts/:attemptId/grades — points per essay (0..the question's points). */
export const essayGradesBody = z.object({
  grades: z
    .array(
      z.object({
        index: z.number().int().min(0).max(199),
        points: z.number().min(0).max(1_000),
        comment: text().trim().max(2_000).default(''),
      }),
    )
    .min(1)
    .max(200),
});
export type EssayGradesBody = z.input<typeof essayGradesBody>;

export const adminAttemptParams = z.object({ attemptId: serialIdParam() });
export const courseBlockParams = z.object({ id: serialIdParam(), userId: serialIdParam() });
export const courseParams = z.object({ id: serialIdParam() });
export const courseBlockListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

/** A learner blocked in a course by a block test. */
export const courseBlock = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }),
  courseId: z.number().int(),
  activityId: z.number().int(),
  activityTitle: z.string(),
  blockedAt: z.string(),
});
export type CourseBlock = z.infer<typeof courseBlock>;
export const courseBlockPage = z.object({
  items: z.array(courseBlock),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CourseBlockPage = z.infer<typeof courseBlockPage>;

/** POST …/unblock — the reason is kept in the audit log. Unblocking gives the block test's attempts back. */
export const unblockBody = z.object({ reason: text().trim().min(3).max(500) });
export type UnblockBody = z.input<typeof unblockBody>;
export const unblockResponse = z.object({ unblocked: z.boolean(), courseStatus: progressStatus });
export type UnblockResponse = z.infer<typeof unblockResponse>;

// ---------------------------------------------------------------------------------------------------
// The instructor's screen: the client's courses that have tests

/** GET /api/admin/assessments/courses — `search` in the title (taken literally), paged. */
export const assessedCourseListQuery = z.object({
  search: text().trim().max(200).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AssessedCourseListQuery = z.input<typeof assessedCourseListQuery>;

/** A test of a course, as the instructor picks it. */
export const assessedTest = z.object({
  id: z.number().int(),
  kind: testActivityKind,
  title: z.string(),
  /** `module.position` in the course's menu. */
  hierarchyOrder: z.string(),
});
export type AssessedTest = z.infer<typeof assessedTest>;

/** A course with tests: its tests in menu order, attempts waiting for an essay grade, learners blocked. */
export const assessedCourse = z.object({
  id: z.number().int(),
  title: z.string(),
  published: z.boolean(),
  tests: z.array(assessedTest),
  pendingGrading: z.number().int(),
  blocked: z.number().int(),
});
export type AssessedCourse = z.infer<typeof assessedCourse>;

export const assessedCoursePage = z.object({
  items: z.array(assessedCourse),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AssessedCoursePage = z.infer<typeof assessedCoursePage>;

/** GET /api/admin/assessments/courses/:id — one course with tests (404 without tests or of another client). */
export const assessedCourseDetail = z.object({ course: assessedCourse });
export type AssessedCourseDetail = z.infer<typeof assessedCourseDetail>;
