/**
 * Error codes of reaction evaluations (docs/assessments.md, "Reaction evaluations"); listed in errors.ts
 * and translated in every errors.json catalog. Answers are checked with the surveys' codes (SURVEY_*).
 */
export const reactionsErrorCodes = [
  /** Another activity of the course is not finished yet: the training has not ended. */
  'REACTION_TRAINING_NOT_ENDED',
  /** The learner already answered this reaction evaluation (once per user). */
  'REACTION_ALREADY_ANSWERED',
  /** The activity is not a reaction evaluation. */
  'REACTION_NOT_A_REACTION',
] as const;
