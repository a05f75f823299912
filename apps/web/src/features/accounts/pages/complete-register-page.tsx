import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Loader, Stack, TextInput } from '@mantine/core';
import {
  checkCompleteRegister,
  completeRegisterBody,
  type CompleteRegisterBody,
  type CompleteRegisterState,
} from '@trilha/contracts/accounts';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSelectedClient } from '../../../lib/session-store';
import {
  refreshSession,
  saveCompleteRegister,
  useCompleteRegisterState,
  useMyAffiliations,
} from '../api/accounts';
import { stepPaths, stepsChanged } from '../api/pending-steps';
import { AffiliationFields } from '../components/affiliation-fields';
import { apiErrorText, fieldMessage } from '../../../lib/form-errors';
import { PublicCard } from '../components/public-card';
import {
  CountryField,
  DocumentField,
  NameFields,
  TermsFields,
  useAffiliationField,
} from '../components/register-fields';
import { RequestError } from '../components/request-error';
import { useFormSubmit } from '../components/use-form-submit';

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
  const { t } = useTranslation(['accounts', 'common']);
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
  const asks = (f: string) => missing.includes(f);
  const affiliations = useMyAffiliations(state.askAffiliation);
  const affiliation = useAffiliationField(form);
  const { mutation, onSubmit } = useFormSubmit(form, saveCompleteRegister, async (result) => {
    await refreshSession();
    stepsChanged();
    const next = result.steps[0];
    await navigate(next ? stepPaths[next] : (client?.homeRoute ?? '/home'), { replace: true });
  });

  return (
    <PublicCard
      title={t('completeRegister.title')}
      intro={t('completeRegister.intro')}
      width={state.askAffiliation ? 720 : undefined}
    >
      <RequestError error={mutation.error} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <NameFields form={form} asks={asks} />
          {asks('email') ? (
            <TextInput
              type="email"
              label={t('fields.email')}
              required
              error={fieldMessage(errors.email)}
              {...form.register('email')}
            />
          ) : null}
          {asks('country') ? <CountryField form={form} countries={state.countries} /> : null}
          {asks('document') ? <DocumentField form={form} country={country} /> : null}
          {state.askAffiliation ? (
            affiliations.data ? (
              <AffiliationFields options={affiliations.data} {...affiliation} />
            ) : affiliations.isError ? (
              <Alert color="red" variant="light" role="alert">
                {apiErrorText(affiliations.error)}
              </Alert>
            ) : (
              <Loader size="sm" aria-label={t('common:loading')} />
            )
          ) : null}
          {asks('terms') ? <TermsFields form={form} termsPath={state.termsPath} /> : null}
          <Button type="submit" loading={mutation.isPending}>
            {t('completeRegister.submit')}
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
