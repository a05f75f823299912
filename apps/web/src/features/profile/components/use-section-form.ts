import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import type { ProfileResponse } from '@trilha/contracts/profile';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSaveSection, type Section, type SectionBody } from '../api/profile';
import { apiErrorText, fieldMessage, submitWithFieldErrors } from '../../../lib/form-errors';

export interface SectionFormOptions<S extends Section, T extends FieldValues> {
  section: S;
  /** The section's shared schema: what the form edits (T) and what the API takes. */
  schema: z.ZodType<SectionBody[S], T>;
  profile: ProfileResponse;
  /** The form's values in a profile: its defaults now, and what it resets to from the saved profile. */
  values: (profile: ProfileResponse) => T;
}

/**
 * One group of the profile as a form: saving it resets the form to what the server kept and says so; the
 * server's field errors land on their fields. Field errors show the profile's 'PROFILE_FIELD_INVALID'
 * text when their message is not an error code.
 */
export function useSectionForm<S extends Section, T extends FieldValues>({
  section,
  schema,
  profile,
  values,
}: SectionFormOptions<S, T>) {
  const { t } = useTranslation('profile');
  const save = useSaveSection(section);
  const form = useForm<T, unknown, SectionBody[S]>({
    resolver: zodResolver(schema),
    // A T is a DefaultValues<T>; TypeScript cannot see it for a generic T.
    defaultValues: values(profile) as DefaultValues<T>,
  });
  const { errors } = form.formState;

  const onSubmit = submitWithFieldErrors(form, async (body) => {
    const saved = await save.mutateAsync(body);
    form.reset(values(saved));
    notifications.show({ color: 'teal', message: t('saved') });
  });

  /** A field's error text, for a controlled input. */
  const fieldError = (name: Path<T>) =>
    fieldMessage(form.getFieldState(name, form.formState).error, 'PROFILE_FIELD_INVALID');

  return {
    form,
    save,
    /** For `<form onSubmit>`. */
    onSubmit,
    fieldError,
    /** A registered input's props: its error text and `register(name)`. */
    field: (name: Path<T>) => ({ error: fieldError(name), ...form.register(name) }),
    /** The failed save's text when no field shows it (a form that has a general alert shows it). */
    generalError: save.isError && !Object.keys(errors).length ? apiErrorText(save.error) : null,
  };
}
