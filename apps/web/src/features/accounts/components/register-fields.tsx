import {
  Anchor,
  Checkbox,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  type SelectProps,
  type TextInputProps,
} from '@mantine/core';
import type { CompleteRegisterBody } from '@trilha/contracts/accounts';
import { maskDocument } from '@trilha/domain/document';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldMessage } from '../../../lib/form-errors';
import type { AffiliationValue } from './affiliation-fields';
import { countryOptions } from './country-options';

/**
 * The fields the register and complete-register forms both have (complete-register's are a subset of
 * register's); the pieces below serve either form through them.
 */
export type RegisterFields = CompleteRegisterBody;

/** A register or complete-register form, whatever else it holds. */
type RegisterForm<T extends RegisterFields, C, V> = UseFormReturn<T, C, V>;

/** The form seen as its shared fields: TypeScript cannot narrow a generic form's paths to them itself. */
const shared = <T extends RegisterFields, C, V>(form: RegisterForm<T, C, V>) =>
  form as unknown as UseFormReturn<RegisterFields>;

const affiliationKeys = ['companyId', 'brandIds', 'retailChainIds', 'storeIds'] as const;

/**
 * First and last name side by side, each when the form asks it; `autoComplete` names them for the
 * browser's autofill (the public register form does, complete-register does not).
 */
export function NameFields<T extends RegisterFields, C, V>({
  form,
  asks,
  autoComplete = false,
}: {
  form: RegisterForm<T, C, V>;
  asks: (field: string) => boolean;
  autoComplete?: boolean;
}) {
  const { t } = useTranslation('accounts');
  const { register, formState } = shared(form);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {asks('first_name') ? (
        <TextInput
          label={t('fields.firstName')}
          required
          autoComplete={autoComplete ? 'given-name' : undefined}
          error={fieldMessage(formState.errors.firstName)}
          {...register('firstName')}
        />
      ) : null}
      {asks('last_name') ? (
        <TextInput
          label={t('fields.lastName')}
          required
          autoComplete={autoComplete ? 'family-name' : undefined}
          error={fieldMessage(formState.errors.lastName)}
          {...register('lastName')}
        />
      ) : null}
    </SimpleGrid>
  );
}

/** The country, among the entry's countries named in the user's language; other Select props pass through. */
export function CountryField<T extends RegisterFields, C, V>({
  form,
  countries,
  ...props
}: {
  form: RegisterForm<T, C, V>;
  countries: readonly { code: string; name: string }[];
} & Omit<SelectProps, 'form' | 'label' | 'required' | 'data' | 'value' | 'onChange' | 'error'>) {
  const { t, i18n } = useTranslation('accounts');
  const { control, formState } = shared(form);
  return (
    <Controller
      control={control}
      name="country"
      render={({ field }) => (
        <Select
          label={t('fields.country')}
          required
          data={countryOptions(countries, i18n.language)}
          value={field.value || null}
          onChange={(v) => field.onChange(v ?? '')}
          error={fieldMessage(formState.errors.country)}
          {...props}
        />
      )}
    />
  );
}

/**
 * The document, masked as it is typed by the country's document format; other TextInput props (a
 * placeholder, an input mode) pass through.
 */
export function DocumentField<T extends RegisterFields, C, V>({
  form,
  country,
  ...props
}: {
  form: RegisterForm<T, C, V>;
  country: string;
} & Omit<TextInputProps, 'form' | 'label' | 'required' | 'value' | 'onChange' | 'onBlur' | 'error'>) {
  const { t } = useTranslation('accounts');
  const { control, formState } = shared(form);
  return (
    <Controller
      control={control}
      name="document"
      render={({ field }) => (
        <TextInput
          label={t('fields.document')}
          required
          {...props}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(maskDocument(country, e.currentTarget.value))}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldMessage(formState.errors.document)}
        />
      )}
    />
  );
}

/** Accepting the terms (their page opens in a new tab) and confirming being an adult. */
export function TermsFields<T extends RegisterFields, C, V>({
  form,
  termsPath,
}: {
  form: RegisterForm<T, C, V>;
  termsPath: string;
}) {
  const { t } = useTranslation('accounts');
  const { register, formState } = shared(form);
  return (
    <Stack gap="xs">
      <Checkbox
        label={
          <>
            {t('register.acceptTerms')}{' '}
            <Anchor component={Link} to={termsPath} target="_blank">
              {t('register.termsLink')}
            </Anchor>
          </>
        }
        error={fieldMessage(formState.errors.acceptTerms)}
        {...register('acceptTerms')}
      />
      <Checkbox
        label={t('register.confirmAdult')}
        error={fieldMessage(formState.errors.confirmAdult)}
        {...register('confirmAdult')}
      />
    </Stack>
  );
}

/**
 * `AffiliationFields`' value, onChange and errors bound to the form's company, brands, retail chains and
 * stores: each change sets all four fields (dirty, and validated once the form has been submitted).
 */
export function useAffiliationField<T extends RegisterFields, C, V>(form: RegisterForm<T, C, V>) {
  const fields = shared(form);
  const [companyId, brandIds, retailChainIds, storeIds] = useWatch({
    control: fields.control,
    name: [...affiliationKeys],
  });
  const value: AffiliationValue = {
    companyId: companyId ?? null,
    brandIds: brandIds ?? [],
    retailChainIds: retailChainIds ?? [],
    storeIds: storeIds ?? [],
  };
  const onChange = (next: AffiliationValue) => {
    const validate = fields.formState.isSubmitted;
    for (const key of affiliationKeys) {
      fields.setValue(key, next[key] as never, { shouldDirty: true, shouldValidate: validate });
    }
  };
  return { value, onChange, errors: fields.formState.errors };
}
