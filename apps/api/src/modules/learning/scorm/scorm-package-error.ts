export type ScormPackageErrorCode =
  | 'SCORM_NOT_A_ZIP'
  | 'SCORM_NO_MANIFEST'
  | 'SCORM_NO_ORGANIZATION'
  | 'SCORM_NO_LAUNCHABLE_RESOURCE'
  | 'SCORM_INVALID_MANIFEST'
  | 'SCORM_MISSING_FILE'
  | 'SCORM_UNSAFE_PATH'
  | 'SCORM_TOO_LARGE'
  | 'SCORM_TOO_MANY_FILES'
  | 'SCORM_RATIO_TOO_HIGH'
  | 'SCORM_UNSUPPORTED_SCHEMA';

/** A package the platform refuses to store or launch; `code` is what the API answers with. */
export class ScormPackageError extends Error {
  override readonly name = 'ScormPackageError';

  constructor(
    readonly code: ScormPackageErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
