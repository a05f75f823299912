import type { FormEvent } from 'react';
import type { FieldError, FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { errorText } from './i18n';

/** The translated text of a failed call: the API's error code, or INTERNAL for anything else. */
export function apiErrorText(error: unknown): string {
  return errorText(error instanceof ApiError ? error.code : 'INTERNAL');
}

/**
 * A field's error text: the shared schemas name their failures with error codes; a message that is not
 * a code (or none) shows the fallback code's text.
 */
export function fieldMessage(
  error: FieldError | undefined,
  fallback = 'VALIDATION_FAILED',
): string | undefined {
  if (!error) return undefined;
  return errorText(error.message && /^[A-Z][A-Z_]+$/.test(error.message) ? error.message : fallback);
}

/**
 * Puts the API's field errors on the form's fields and focuses the first; answers true when it could
 * (else the caller shows the error's own text).
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

/**
 * A form's `onSubmit`: the valid values go to `action`; when it fails, the API's field errors land on
 * their fields (the first one focused) and anything else is left to the caller's mutation state.
 */
export function submitWithFieldErrors<T extends FieldValues, C, V extends FieldValues>(
  form: UseFormReturn<T, C, V>,
  action: (values: V) => Promise<unknown>,
) {
  const submit = form.handleSubmit(async (values) => {
    try {
      await action(values);
    } catch (error) {
      applyFieldErrors(error, form.setError);
    }
  });
  return (event?: FormEvent<HTMLFormElement>) => void submit(event);
}
