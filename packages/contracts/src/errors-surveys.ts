/**
 * Error codes of the surveys area (docs/surveys.md); listed in errors.ts and translated in every
 * errors.json catalog.
 */
export const surveysErrorCodes = [
  // The builder
  'SURVEY_OPTIONS_TOO_FEW',
  'SURVEY_ESSAY_HAS_OPTIONS',
  'SURVEY_DATES_INVALID',
  'SURVEY_AUDIENCE_INVALID',
  'SURVEY_OWNER_INVALID',
  'SURVEY_HAS_RESPONSES',
  // Answering
  'SURVEY_NOT_OPEN',
  'SURVEY_ALREADY_ANSWERED',
  'SURVEY_ANSWER_REQUIRED',
  'SURVEY_OPTION_REQUIRED',
  'SURVEY_ONE_OPTION_ONLY',
  'SURVEY_ANSWER_INVALID',
  'SURVEY_JUSTIFICATION_TOO_LONG',
] as const;
