import { z } from 'zod';
import { serialIdParam } from '../primitives';
import {
  answerBody,
  essayList,
  surveyLimits,
  surveyQuestionBody,
  surveyQuestionKind,
  surveyResults,
} from '../surveys';
import { id } from './ids';
import { progressResponse } from './progress';

// ---------------------------------------------------------------------------------------------------
// Reaction evaluations (docs/assessments.md, "Reaction evaluations")

/**
 * A reaction evaluation is a satisfaction survey that closes a training: an activity of kind
 * `reaction_evaluation` whose settings hold its questions (the surveys' question kinds and texts per
 * language). It opens once every other activity of the course is finished; a learner answers it once,
 * and answering finishes the activity. Its answers never count toward a grade.
 *
 *   Learner (the activity's course as the player opens it):
 *   GET    /api/learning/activities/:id/reaction?trailId                → learnerReaction
 *   POST   /api/learning/activities/:id/reaction?trailId  reactionAnswerBody → reactionAnswered (progressResponse)
 *   GET    /api/learning/presential-courses/:id/reactions/:order        → presentialReaction
 *   Staff (learning.instructor: instructors and managers of the client):
 *   GET    /api/admin/learning/activities/:id/reaction/results          → reactionResults
 *   GET    /api/admin/learning/activities/:id/reaction/results/essays   reactionEssayQuery → essayList
 *   GET    /api/admin/learning/activities/:id/reaction/results.csv      → text/csv
 */
export const reactionSettings = z.object({
  questions: z.array(surveyQuestionBody).min(1).max(surveyLimits.questions),
});
export type ReactionSettingsInput = z.input<typeof reactionSettings>;
export type ReactionSettings = z.output<typeof reactionSettings>;

export const reactionParams = z.object({ id: serialIdParam() });
export const reactionTrailQuery = z.object({ trailId: serialIdParam().optional() });

/**
 * Why a reaction evaluation cannot be answered now: `training_not_ended` while another activity of the
 * course is not finished, `locked` when the course itself is closed to the learner (enrollment,
 * prerequisite, block); null when it is open (or already answered).
 */
export const reactionClosedReasons = ['training_not_ended', 'locked'] as const;
export const reactionClosedReason = z.enum(reactionClosedReasons);

/** A reaction evaluation as the learner answers it: texts in their language. */
export const learnerReaction = z.object({
  activityId: id,
  courseId: id,
  title: z.string(),
  description: z.string(),
  /** Whether the learner may answer now. */
  open: z.boolean(),
  closedReason: reactionClosedReason.nullable(),
  /** The error code that says why it is closed (translated by the web), null when open. */
  closedCode: z.string().nullable(),
  /** How many other activities of the course are still to finish. */
  pendingActivities: z.number().int(),
  answered: z.boolean(),
  answeredAt: z.string().nullable(),
  questions: z.array(
    z.object({
      kind: surveyQuestionKind,
      text: z.string(),
      required: z.boolean(),
      options: z.array(z.string()),
    }),
  ),
});
export type LearnerReaction = z.infer<typeof learnerReaction>;

/** POST …/reaction: the surveys' answers (questions and options by position). */
export const reactionAnswerBody = answerBody;
export type ReactionAnswerBody = z.input<typeof reactionAnswerBody>;
/** The activity's and the course's progress once the answer finished the activity (as a progress report's). */
export const reactionAnswered = progressResponse;
export type ReactionAnswered = z.infer<typeof reactionAnswered>;

/**
 * GET /api/learning/presential-courses/:id/reactions/:order: the reaction of an in-person course. In-person
 * courses are not built yet, so today this answers `available: false`; the web shows the same player
 * from `reaction` once it is there.
 */
export const presentialReactionParams = z.object({
  id: serialIdParam(),
  order: z.string().regex(/^\d{1,4}(\.\d{1,4})?$/, 'LEARNING_INVALID_HIERARCHY_ORDER'),
});
export const presentialReaction = z.object({
  available: z.boolean(),
  reaction: learnerReaction.nullable(),
});
export type PresentialReaction = z.infer<typeof presentialReaction>;

/** Results: the surveys' shape, the survey being the activity (`survey.id` is the activity's id). */
export const reactionResults = surveyResults.extend({
  course: z.object({ id, title: z.string() }),
});
export type ReactionResults = z.infer<typeof reactionResults>;
export const reactionEssayQuery = z.object({
  question: z.coerce
    .number()
    .int()
    .min(0)
    .max(surveyLimits.questions - 1)
    .default(0),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReactionEssayQuery = z.infer<typeof reactionEssayQuery>;
export const reactionEssayList = essayList;
