import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Center,
  Divider,
  Fieldset,
  Loader,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import {
  registerSchemaFor,
  type RegisterBody,
  type RegisterValues,
  type RegistrationVariant,
} from '@trilha/contracts/accounts';
import { documentMask } from '@trilha/domain/document';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { DateField } from '../../../components/date-field';
import { StatusScreen } from '../../../components/status-screen';
import { ApiError } from '../../../lib/api-client';
import { registerAccount, useAffiliations, useRegistrationVariant } from '../api/accounts';
import { apiErrorText, fieldMessage } from '../../../lib/form-errors';
import { AffiliationFields } from '../components/affiliation-fields';
import { legendStyles, PublicCard } from '../components/public-card';
import {
  CountryField,
  DocumentField,
  NameFields,
  TermsFields,
  useAffiliationField,
} from '../components/register-fields';
import { RequestError } from '../components/request-error';
import { useFormSubmit } from '../components/use-form-submit';
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
  const { t } = useTranslation(['accounts', 'common']);
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
  const affiliation = useAffiliationField(form);
  const { mutation, onSubmit } = useFormSubmit(form, registerAccount, (result) =>
    navigate('/register-success', { state: result satisfies RegisterSuccessState }),
  );

  return (
    <PublicCard
      title={variant.title ? t('register.titleOf', { name: variant.title }) : t('register.title')}
      intro={t('register.intro', { client: variant.clientName })}
      width={720}
    >
      <RequestError error={mutation.error} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <Fieldset legend={t('register.personal')} variant="unstyled" styles={legendStyles}>
            <Stack gap="sm">
              {asks('country') && variant.countries.length > 1 ? (
                <CountryField form={form} countries={variant.countries} allowDeselect={false} />
              ) : null}
              <NameFields form={form} asks={asks} autoComplete />
              {asks('document') ? (
                <DocumentField
                  form={form}
                  country={country}
                  placeholder={documentMask(country)?.replace(/#/g, '0') ?? undefined}
                  inputMode={documentMask(country) ? 'numeric' : 'text'}
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
              <AffiliationFields options={affiliations.data} {...affiliation} />
            ) : (
              <Loader size="sm" aria-label={t('common:loading')} />
            )
          ) : null}

          <Divider />
          <TermsFields form={form} termsPath={variant.termsPath} />
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
