/**
 * Error codes of the SENCE integration (docs/sence.md); listed in errors.ts and translated in every
 * errors.json catalog. The training authority answers with numbered codes (spec section 8: 100, 200-212,
 * 300-310); each number has one code of ours, so the learner reads a message we wrote, in their language.
 */
export const senceErrorCodes = [
  // Our own checks of the authority's answer
  'SENCE_STATE_INVALID',
  'SENCE_STATE_USED',
  'SENCE_WINDOW_EXPIRED',
  'SENCE_RESPONSE_INVALID',
  'SENCE_AUTHORITY_UNKNOWN',
  // The authority's numbered codes, in the order of senceAuthorityErrors
  'SENCE_AUTH_WRONG_PASSWORD',
  'SENCE_AUTH_MISSING_PARAMETERS',
  'SENCE_AUTH_MALFORMED_PARAMETERS',
  'SENCE_AUTH_SUCCESS_URL_INVALID',
  'SENCE_AUTH_ERROR_URL_INVALID',
  'SENCE_AUTH_SENCE_CODE_INVALID',
  'SENCE_AUTH_COURSE_CODE_INVALID',
  'SENCE_AUTH_STUDENT_ID_INVALID',
  'SENCE_AUTH_STUDENT_NOT_AUTHORIZED',
  'SENCE_AUTH_COMPANY_ID_INVALID',
  'SENCE_AUTH_COMPANY_NOT_AUTHORIZED',
  'SENCE_AUTH_WINDOW_EXPIRED',
  'SENCE_AUTH_TOKEN_INVALID',
  'SENCE_AUTH_TOKEN_NOT_OWNED',
  'SENCE_AUTH_INTERNAL_ERROR',
  'SENCE_AUTH_ATTENDANCE_NOT_RECORDED',
  'SENCE_AUTH_CODES_MISMATCH',
  'SENCE_AUTH_COMPANY_MISMATCH',
  'SENCE_AUTH_DATE_OUT_OF_PERIOD',
  'SENCE_AUTH_DATE_MISMATCH',
  'SENCE_AUTH_COURSE_STATE_INVALID',
  'SENCE_AUTH_COURSE_SUSPENDED',
  'SENCE_AUTH_MODALITY_INVALID',
  'SENCE_AUTH_COURSE_FINISHED',
  'SENCE_AUTH_COURSE_ABANDONED',
] as const;

export type SenceErrorCode = (typeof senceErrorCodes)[number];

/**
 * The authority's numbered error codes and the code of ours each one shows as (docs/sence.md has the
 * table). The spec names the families in this order; every number of 100, 200-212 and 300-310 is here.
 */
export const senceAuthorityErrors = {
  '100': 'SENCE_AUTH_WRONG_PASSWORD',
  '200': 'SENCE_AUTH_MISSING_PARAMETERS',
  '201': 'SENCE_AUTH_MALFORMED_PARAMETERS',
  '202': 'SENCE_AUTH_SUCCESS_URL_INVALID',
  '203': 'SENCE_AUTH_ERROR_URL_INVALID',
  '204': 'SENCE_AUTH_SENCE_CODE_INVALID',
  '205': 'SENCE_AUTH_COURSE_CODE_INVALID',
  '206': 'SENCE_AUTH_STUDENT_ID_INVALID',
  '207': 'SENCE_AUTH_STUDENT_NOT_AUTHORIZED',
  '208': 'SENCE_AUTH_COMPANY_ID_INVALID',
  '209': 'SENCE_AUTH_COMPANY_NOT_AUTHORIZED',
  '210': 'SENCE_AUTH_WINDOW_EXPIRED',
  '211': 'SENCE_AUTH_TOKEN_INVALID',
  '212': 'SENCE_AUTH_TOKEN_NOT_OWNED',
  '300': 'SENCE_AUTH_INTERNAL_ERROR',
  '301': 'SENCE_AUTH_ATTENDANCE_NOT_RECORDED',
  '302': 'SENCE_AUTH_CODES_MISMATCH',
  '303': 'SENCE_AUTH_COMPANY_MISMATCH',
  '304': 'SENCE_AUTH_DATE_OUT_OF_PERIOD',
  '305': 'SENCE_AUTH_DATE_MISMATCH',
  '306': 'SENCE_AUTH_COURSE_STATE_INVALID',
  '307': 'SENCE_AUTH_COURSE_SUSPENDED',
  '308': 'SENCE_AUTH_MODALITY_INVALID',
  '309': 'SENCE_AUTH_COURSE_FINISHED',
  '310': 'SENCE_AUTH_COURSE_ABANDONED',
} as const satisfies Record<string, SenceErrorCode>;

export type SenceAuthorityCode = keyof typeof senceAuthorityErrors;

export const isSenceAuthorityCode = (code: string): code is SenceAuthorityCode =>
  Object.hasOwn(senceAuthorityErrors, code);
