import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Divider,
  Fieldset,
  Loader,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconUserOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import {
  registerSchemaFor,
  type RegisterBody,
  type RegisterValues,
  type RegistrationVariant,
} from '@trilha/contracts/accounts';
import { documentMask, maskDocument } from '@trilha/domain/document';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { DateField } from '../../../components/date-field';
import { StatusScreen } from '../../../components/status-screen';
import { ApiError } from '../../../lib/api-client';
import { registerAccount, useAffiliations, useRegistrationVariant } from '../api/accounts';
import { apiErrorText, applyFieldErrors, fieldMessage } from '../../../lib/form-errors';
import { AffiliationFields, type AffiliationValue } from '../components/affiliation-fields';
import { countryOptions } from '../components/country-options';
import { legendStyles, PublicCard } from '../components/public-card';
import { FirstAccessForm } from './first-access-page';

export interface RegisterSuccessState {
  status: 'awaiting_approval' | 'active';
  sentTo: string | null;
}

/** The entry a registration path stands for: `/register-seven-trade` → 'register-seven-trade'. */
const slugOf = (pathname: string) => pathname.replace(/^\/+|\/+$/g, '') || 'register';

/**
 * One registration flow for every entry (`register`, `register-seven-trade`, `register-pop-trade`,
 * `tigre-juntos-somos-mais`, `intel-first-access` …): the entry decides the fields, the profiles, the
 * terms and whether company, brand and store are asked.
 */
export default function RegisterPage() {
  const { t } = useTranslation(['accounts', 'common']);
  const slug = slugOf(useLocation().pathname);
  const variant = useRegistrationVariant(slug);

  if (variant.isPending) {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('common:loading')} />
      </Center>
    );
  }
  if (variant.isError) {
    const closed = variant.error instanceof ApiError && variant.error.code === 'ACCOUNTS_REGISTER_CLOSED';
    return (
      <StatusScreen
        color="gray"
        icon={<IconUserOff size={32} aria-hidden />}
        title={closed ? t('register.closedTitle') : t('register.unavailableTitle')}
        description={apiErrorText(variant.error)}
        actions={
          <Button component={Link} to="/">
            {t('common:actions.signIn')}
          </Button>
        }
      />
    );
  }
  if (variant.data.mode === 'first_access') {
    return <FirstAccessForm variant={variant.data.slug} title={variant.data.title ?? undefined} />;
  }
  return <RegisterForm variant={variant.data} />;
}

function RegisterForm({ variant }: { variant: RegistrationVariant }) {
  const { t, i18n } = useTranslation(['accounts', 'common']);
  const navigate = useNavigate();
  const affiliations = useAffiliations(variant.slug, variant.askAffiliation);
  const schema = useMemo(() => registerSchemaFor(variant), [variant]);
  const asks = (field: string) => variant.fields.includes(field as never);
  const form = useForm<RegisterBody, unknown, RegisterValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      variant: variant.slug,
      country: variant.countries.some((c) => c.code === 'BRA')
        ? 'BRA'
        : (variant.countries[0]?.code ?? 'BRA'),
      firstName: '',
      lastName: '',
      email: '',
      emailConfirmation: '',
      document: '',
      phone: '',
      birthday: '',
      profile: variant.profiles.length === 1 ? variant.profiles[0] : '',
      acceptTerms: false,
      confirmAdult: false,
      companyId: null,
      brandIds: [],
      retailChainIds: [],
      storeIds: [],
    },
  });
  const { errors } = form.formState;
  const country = useWatch({ control: form.control, name: 'country' }) ?? 'BRA';
  const mutation = useMutation({ mutationFn: registerAccount });
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
      await navigate('/register-success', { state: result satisfies RegisterSuccessState });
    } catch (error) {
      applyFieldErrors(error, form.setError);
    }
  });

  return (
    <PublicCard
      title={variant.title ? t('register.titleOf', { name: variant.title }) : t('register.title')}
      intro={t('register.intro', { client: variant.clientName })}
      width={720}
    >
      {mutation.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {apiErrorText(mutation.error)}
        </Alert>
      ) : null}
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="lg">
          <Fieldset legend={t('register.personal')} variant="unstyled" styles={legendStyles}>
            <Stack gap="sm">
              {asks('country') && variant.countries.length > 1 ? (
                <Controller
                  control={form.control}
                  name="country"
                  render={({ field }) => (
                    <Select
                      label={t('fields.country')}
                      required
                      data={countryOptions(variant.countries, i18n.language)}
                      value={field.value ?? null}
                      onChange={(v) => field.onChange(v ?? '')}
                      allowDeselect={false}
                      error={fieldMessage(errors.country)}
                    />
                  )}
                />
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {asks('first_name') ? (
                  <TextInput
                    label={t('fields.firstName')}
                    required
                    autoComplete="given-name"
                    error={fieldMessage(errors.firstName)}
                    {...form.register('firstName')}
                  />
                ) : null}
                {asks('last_name') ? (
                  <TextInput
                    label={t('fields.lastName')}
                    required
                    autoComplete="family-name"
                    error={fieldMessage(errors.lastName)}
                    {...form.register('lastName')}
                  />
                ) : null}
              </SimpleGrid>
              {asks('document') ? (
                <Controller
                  control={form.control}
                  name="document"
                  render={({ field }) => (
                    <TextInput
                      label={t('fields.document')}
                      placeholder={documentMask(country)?.replace(/#/g, '0') ?? undefined}
                      required
                      inputMode={documentMask(country) ? 'numeric' : 'text'}
                      value={field.value ?? ''}
                      onChange={(e) => field.onChange(maskDocument(country, e.currentTarget.value))}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      error={fieldMessage(errors.document)}
                    />
                  )}
                />
              ) : null}
              {asks('birthday') ? (
                <Controller
                  control={form.control}
                  name="birthday"
                  render={({ field }) => (
                    <DateField
                      label={t('fields.birthday')}
                      required
                      autoComplete="bday"
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      error={fieldMessage(errors.birthday)}
                    />
                  )}
                />
              ) : null}
            </Stack>
          </Fieldset>

          <Fieldset legend={t('register.contact')} variant="unstyled" styles={legendStyles}>
            <Stack gap="sm">
              {asks('email') ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    type="email"
                    label={t('fields.email')}
                    required
                    autoComplete="email"
                    error={fieldMessage(errors.email)}
                    {...form.register('email')}
                  />
                  <TextInput
                    type="email"
                    label={t('fields.emailConfirmation')}
                    required
                    autoComplete="off"
                    onPaste={(e) => e.preventDefault()}
                    error={fieldMessage(errors.emailConfirmation)}
                    {...form.register('emailConfirmation')}
                  />
                </SimpleGrid>
              ) : null}
              {asks('phone') ? (
                <TextInput
                  type="tel"
                  label={t('fields.phone')}
                  description={t('fields.phoneHint')}
                  required
                  autoComplete="tel"
                  error={fieldMessage(errors.phone)}
                  {...form.register('phone')}
                />
              ) : null}
            </Stack>
          </Fieldset>

          {variant.profiles.length > 1 ? (
            <Controller
              control={form.control}
              name="profile"
              render={({ field }) => (
                <Radio.Group
                  label={t('register.profile')}
                  description={t('register.profileHint')}
                  required
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  error={fieldMessage(errors.profile)}
                >
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
                    {variant.profiles.map((role) => (
                      <Radio key={role} value={role} label={t(`profiles.${role}`)} />
                    ))}
                  </SimpleGrid>
                </Radio.Group>
              )}
            />
          ) : null}

          {variant.askAffiliation ? (
            affiliations.data ? (
              <AffiliationFields
                options={affiliations.data}
                value={affiliation}
                onChange={setAffiliation}
                errors={errors}
              />
            ) : (
              <Loader size="sm" aria-label={t('common:loading')} />
            )
          ) : null}

          <Divider />
          <Stack gap="xs">
            <Checkbox
              label={
                <>
                  {t('register.acceptTerms')}{' '}
                  <Anchor component={Link} to={variant.termsPath} target="_blank">
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
          {variant.requiresApproval ? (
            <Text fz="sm" c="dimmed">
              {t('register.approvalNote')}
            </Text>
          ) : null}
          <Button type="submit" size="md" loading={mutation.isPending}>
            {t('register.submit')}
          </Button>
          <Text ta="center" fz="sm">
            {t('register.haveAccount')}{' '}
            <Anchor component={Link} to="/">
              {t('common:actions.signIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </PublicCard>
  );
}
