/**
 * Error codes of the learning area; listed in errors.ts and translated in every errors.json catalog.
 * Content a user may not see answers the generic NOT_FOUND ('Não encontrado ou não possui permissão
 * para acessar.'), so its existence does not leak.
 */
export const learningErrorCodes = [
  // Locks: a progress report or a file request on content that is not open yet.
  'LEARNING_ENROLLMENT_REQUIRED',
  'LEARNING_PREREQUISITE_PENDING',
  'LEARNING_PREVIOUS_ACTIVITIES_PENDING',
  'LEARNING_AWAITING_AUTHORIZATION',
  // Enrollment
  'LEARNING_SELF_ENROLLMENT_NOT_ALLOWED',
  'LEARNING_ENROLLMENT_ASSIGNED',
  // Progress and player
  'LEARNING_PROGRESS_KIND_MISMATCH',
  'LEARNING_ACTIVITY_NOT_READY',
  'LEARNING_INVALID_HIERARCHY_ORDER',
  'LEARNING_CONTENT_LINK_EXPIRED',
  // Authoring
  'LEARNING_INVALID_REFERENCE',
  'LEARNING_PREREQUISITE_CYCLE',
  'LEARNING_INVALID_VIDEO_ID',
  'LEARNING_INVALID_STREAM_URL',
  'LEARNING_INVALID_EMBED_URL',
  'LEARNING_FILE_KIND_MISMATCH',
  'LEARNING_FILE_REQUIRED',
  'LEARNING_KIND_CHANGE_NOT_ALLOWED',
  'LEARNING_TRAIL_ITEM_NOT_SUPPORTED',
  // SCORM import (the package reader's codes, prefixed)
  'LEARNING_SCORM_NOT_A_ZIP',
  'LEARNING_SCORM_NO_MANIFEST',
  'LEARNING_SCORM_NO_ORGANIZATION',
  'LEARNING_SCORM_NO_LAUNCHABLE_RESOURCE',
  'LEARNING_SCORM_INVALID_MANIFEST',
  'LEARNING_SCORM_MISSING_FILE',
  'LEARNING_SCORM_UNSAFE_PATH',
  'LEARNING_SCORM_TOO_LARGE',
  'LEARNING_SCORM_UNSUPPORTED_SCHEMA',
  // SCORM run time
  'LEARNING_SCORM_ATTEMPT_OVER',
] as const;
export type LearningErrorCode = (typeof learningErrorCodes)[number];
