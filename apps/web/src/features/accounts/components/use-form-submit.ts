import { useMutation } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { submitWithFieldErrors } from '../../../lib/form-errors';

/**
 * Submitting an account form: the valid values go to `send`, its answer to `then` (where to go next); the
 * API's field errors land on their fields, the first one focused. `mutation.error` is the failed call,
 * for a `RequestError` above the form.
 */
export function useFormSubmit<T extends FieldValues, C, V extends FieldValues, R>(
  form: UseFormReturn<T, C, V>,
  send: (values: V) => Promise<R>,
  then: (result: R) => Promise<void> | void,
) {
  const mutation = useMutation({ mutationFn: send });
  return {
    mutation,
    /** For `<form onSubmit>`. */
    onSubmit: submitWithFieldErrors(form, async (values) => then(await mutation.mutateAsync(values))),
  };
}
