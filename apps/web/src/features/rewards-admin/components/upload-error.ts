import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/form-errors';
import { errorText } from '../../../lib/i18n';

/**
 * Why the server refused an image, with the limit it names in the details (`{ megabytes: 2 }`), which the
 * error's text interpolates; other errors read as usual.
 */
export function uploadErrorText(error: unknown): string {
  if (
    error instanceof ApiError &&
    error.details &&
    typeof error.details === 'object' &&
    !Array.isArray(error.details)
  ) {
    return errorText(error.code, error.details as Record<string, unknown>);
  }
  return apiErrorText(error);
}
