import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import {
  checkCompleteRegister,
  completeRegisterBody,
  type CompleteRegisterBody,
  type CompleteRegisterState,
} from '@trilha/contracts/accounts';
import { maskDocument } from '@trilha/domain/document';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSelectedClient } from '../../../lib/session-store';
import {
  refreshSession,
  saveCompleteRegister,
  useCompleteRegisterState,
  useMyAffiliations,
} from '../api/accounts';
import { stepPaths, stepsChanged } from '../api/pending-steps';
import { AffiliationFields, type AffiliationValue } from '../components/affiliation-fields';
import { apiErrorText, applyFieldErrors, fieldMessage } from '../../../lib/form-errors';
import { countryOptions } from '../components/country-options';
import { PublicCard } from '../components/public-card';

/** `complete-register`: what the account still lacks (document, names, country, terms …) after login. */
export default function CompleteRegisterPage() {
  const { t } = useTranslation(['accounts', 'common']);
  const state = useCompleteRegisterState();
  if (!state.data) {
    return (
      <Center mih="50vh">
        {state.isError ? (
          <Alert color="red">{apiErrorText(state.error)}</Alert>
        ) : (
          <Loader aria-label={t('common:loading')} />
        )}
      </Center>
    );
  }
  return <CompleteRegisterForm state={state.data} />;
}

function CompleteRegisterForm({ state }: { state: CompleteRegisterState }) {
  const { t, i18n } = useTranslation(['accounts', 'common']);
  const navigate = useNavigate();
  const client = useSelectedClient();
  const missing = state.missing;
  const schema = useMemo(
    () => completeRegisterBody.superRefine((v, ctx) => checkCompleteRegister(v, missing, ctx)),
    [missing],
  );
  const form = useForm<CompleteRegisterBody>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...state.values,
      country: state.values.country || 'BRA',
      acceptTerms: false,
      confirmAdult: false,
    },
  });
  const country = useWatch({ control: form.control, name: 'country' }) || 'BRA';
  const { errors } = form.formState;
  const mutation = useMutation({ mutationFn: saveCompleteRegister });
  const asks = (f: string) => missing.includes(f);
  const affiliations = useMyAffiliations(state.askAffiliation);
  const [companyId, brandIds, retailChainIds, storeIds] = useWatch({
    control: form.control,
    name: ['companyId', 'brandIds', 'retailChainIds', 'storeIds'],
  });
  const affiliation: AffiliationValue = {
    companyId: companyId ?? null,
    brandIds: brandIds ?? [],
    retailChainIds: retailChainIds ?? [],
    storeIds: storeIds ?? [],
  };
  const setAffiliation = (next: AffiliationValue) => {
    const validate = form.formState.isSubmitted;
    for (const key of ['companyId', 'brandIds', 'retailChainIds', 'storeIds'] as const) {
      form.setValue(key, next[key] as never, { shouldDirty: true, shouldValidate: validate });
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await mutation.mutateAsync(values);
      await refreshSession();
      stepsChanged();
      const next = result.steps[0];
      await navigate(next ? stepPaths[next] : (client?.homeRoute ?? '/home'), { replace: true });
    } catch (error) {
      applyFieldErrors(error, form.setError);
    }
  });

  return (
    <PublicCard
      title={t('completeRegister.title')}
      intro={t('completeRegister.intro')}
      width={state.askAffiliation ? 720 : undefined}
    >
      {mutation.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {apiErrorText(mutation.error)}
        </Alert>
      ) : null}
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {asks('first_name') ? (
              <TextInput
                label={t('fields.firstName')}
                required
                error={fieldMessage(errors.firstName)}
                {...form.register('firstName')}
              />
            ) : null}
            {asks('last_name') ? (
              <TextInput
                label={t('fields.lastName')}
                required
                error={fieldMessage(errors.lastName)}
                {...form.register('lastName')}
              />
            ) : null}
          </SimpleGrid>
          {asks('email') ? (
            <TextInput
              type="email"
              label={t('fields.email')}
              required
              error={fieldMessage(errors.email)}
              {...form.register('email')}
            />
          ) : null}
          {asks('country') ? (
            <Controller
              control={form.control}
              name="country"
              render={({ field }) => (
                <Select
                  label={t('fields.country')}
                  required
                  data={countryOptions(state.countries, i18n.language)}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  error={fieldMessage(errors.country)}
                />
              )}
            />
          ) : null}
          {asks('document') ? (
            <Controller
              control={form.control}
              name="document"
              render={({ field }) => (
                <TextInput
                  label={t('fields.document')}
                  required
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(maskDocument(country, e.currentTarget.value))}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldMessage(errors.document)}
                />
              )}
            />
          ) : null}
          {state.askAffiliation ? (
            affiliations.data ? (
              <AffiliationFields
                options={affiliations.data}
                value={affiliation}
                onChange={setAffiliation}
                errors={errors}
              />
            ) : affiliations.isError ? (
              <Alert color="red" variant="light" role="alert">
                {apiErrorText(affiliations.error)}
              </Alert>
            ) : (
              <Loader size="sm" aria-label={t('common:loading')} />
            )
          ) : null}
          {asks('terms') ? (
            <Stack gap="xs">
              <Checkbox
                label={
                  <>
                    {t('register.acceptTerms')}{' '}
                    <Anchor component={Link} to={state.termsPath} target="_blank">
                      {t('register.termsLink')}
                    </Anchor>
                  </>
                }
                error={fieldMessage(errors.acceptTerms)}
                {...form.register('acceptTerms')}
              />
              <Checkbox
                label={t('register.confirmAdult')}
                error={fieldMessage(errors.confirmAdult)}
                {...form.register('confirmAdult')}
              />
            </Stack>
          ) : null}
          <Button type="submit" loading={mutation.isPending}>
            {t('completeRegister.submit')}
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
