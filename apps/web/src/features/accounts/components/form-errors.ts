import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';

/** A field's error text: the shared schemas name their failures with error codes. */
export function fieldMessage(error: FieldError | undefined): string | undefined {
  if (!error?.message) return error ? errorText('VALIDATION_FAILED') : undefined;
  return /^[A-Z][A-Z_]+$/.test(error.message) ? errorText(error.message) : errorText('VALIDATION_FAILED');
}

/**
 * Puts the API's field errors on the form's fields; answers true when it could (else the caller shows
 * the error's own text).
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return false;
  let applied = false;
  for (const detail of error.details as { path?: string; code?: string }[]) {
    if (!detail.path) continue;
    setError(
      detail.path as Path<T>,
      { type: 'server', message: detail.code ?? error.code },
      { shouldFocus: !applied },
    );
    applied = true;
  }
  return applied;
}

export function apiErrorText(error: unknown): string {
  return error instanceof ApiError ? errorText(error.code) : errorText('INTERNAL');
}
