/**
 * Error codes of the daily challenge (docs/daily-challenge.md); listed in errors.ts and translated in
 * every errors.json catalog.
 */
export const dailyChallengeErrorCodes = [
  'DAILY_CHALLENGE_NONE_TODAY',
  'DAILY_CHALLENGE_ALREADY_ANSWERED',
  'DAILY_CHALLENGE_ANSWER_KIND',
  'DAILY_CHALLENGE_QUESTION_KIND',
  'DAILY_CHALLENGE_QUESTION_NOT_FOUND',
  'DAILY_CHALLENGE_DAY_ANSWERED',
] as const;
