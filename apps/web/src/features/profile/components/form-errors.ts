import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';

/** A field's message: the shared schemas name failures with error codes, translated from the errors catalog. */
export function fieldMessage(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  return errorText(
    error.message && /^[A-Z][A-Z_]+$/.test(error.message) ? error.message : 'PROFILE_FIELD_INVALID',
  );
}

/**
 * Puts the server's field failures next to their fields; answers true when it could. Anything else is
 * for the form's general alert.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return false;
  let placed = false;
  for (const detail of error.details as { path?: string; code?: string }[]) {
    if (!detail.path) continue;
    setError(detail.path as Path<T>, { message: detail.code ?? error.code });
    placed = true;
  }
  return placed;
}

export function apiErrorText(error: unknown): string {
  return errorText(error instanceof ApiError ? error.code : 'INTERNAL');
}
