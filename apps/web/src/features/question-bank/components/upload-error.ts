import { IMPORT_MAX_QUESTIONS } from '@trilha/contracts/assessments/import';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/form-errors';
import { errorText } from '../../../lib/i18n';

/**
 * Why a file was refused. Its texts name a limit: the upload's size comes in the error's details
 * (`{ megabytes }`), the question count is the contract's constant (the API sends it only in its message).
 */
export function uploadErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return apiErrorText(error);
  if (error.code === 'ASSESSMENT_IMPORT_TOO_MANY_QUESTIONS')
    return errorText(error.code, { max: IMPORT_MAX_QUESTIONS });
  if (error.details && typeof error.details === 'object' && !Array.isArray(error.details))
    return errorText(error.code, error.details as Record<string, unknown>);
  return apiErrorText(error);
}
