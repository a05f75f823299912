import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle, IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { PublicFooter } from '../../../components/public-footer';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/skip-link';
import { ApiError } from '../../../lib/api-client';
import { logoFor } from '../../../lib/branding';
import { errorText } from '../../../lib/i18n';
import { consumeRedirect, selectedClientOf } from '../../../lib/session-store';
import { useLoginMutation, type Credentials } from '../api/auth';
import { useLoginConfig } from '../api/login-config';
import { LanguageMenu } from '../components/language-menu';
import classes from './login-page.module.css';

/**
 * The limits of the token endpoint's `username` and `password` (passwordGrantBody in
 * @trilha/contracts/auth), checked by hand: zod would add about 27 kB to the first screen for two fields.
 */
const limits = { username: 254, password: 256 } as const;
type Field = keyof typeof limits;
type FieldProblem = 'required' | 'nul' | 'invalid';

/** What is wrong with a field for the contract: a NUL character (first, as `text()`), empty, too long. */
function credentialProblem(field: Field, value: string): FieldProblem | undefined {
  if (value.includes('\u0000')) return 'nul';
  if (value.length === 0) return 'required';
  if (value.length > limits[field]) return 'invalid';
  return undefined;
}

const problemsOf = (values: Credentials) => ({
  username: credentialProblem('username', values.username),
  password: credentialProblem('password', values.password),
});

/** The translated text of a login failure; the lock-out message names the minutes to wait. */
function loginErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return errorText('INTERNAL');
  if (error.code === 'AUTH_TOO_MANY_ATTEMPTS') {
    const retryAfter = (error.details as { retryAfter?: number } | undefined)?.retryAfter;
    if (retryAfter) return errorText(error.code, { minutes: Math.max(1, Math.ceil(retryAfter / 60)) });
    return error.message || errorText('RATE_LIMITED');
  }
  return errorText(error.code);
}

export interface LoginLocationState {
  sessionExpired?: boolean;
}

export default function LoginPage() {
  const { t, i18n } = useTranslation(['auth', 'common', 'errors', 'accounts']);
  const navigate = useNavigate();
  const location = useLocation();
  const configQuery = useLoginConfig();
  const config = configQuery.data;
  const mutation = useLoginMutation();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  // Errors show after the first submit and then follow each change, as they did with react-hook-form.
  const [submitted, setSubmitted] = useState(false);

  if (config?.maintenance) return <Navigate to="/maintenance-login" replace />;

  const siteName = config?.name ?? t('common:appName');
  const sessionExpired = (location.state as LoginLocationState | null)?.sessionExpired === true;
  const problems = submitted ? problemsOf(values) : { username: undefined, password: undefined };
  const fieldError = (problem: FieldProblem | undefined, requiredText: string) =>
    !problem
      ? undefined
      : problem === 'required'
        ? requiredText
        : t(problem === 'nul' ? 'errors:TEXT_INVALID_CHARACTER' : 'errors:VALIDATION_FAILED');
  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: FormEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = problemsOf(values);
    const firstWrong = (['username', 'password'] as const).find((field) => found[field]);
    if (firstWrong) {
      // The first field in error takes the focus, so a screen reader reads its message.
      const input = event.currentTarget.elements.namedItem(firstWrong);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    const session = await mutation.mutateAsync(values).catch(() => null);
    if (!session) return;
    const target = consumeRedirect() ?? selectedClientOf(session)?.homeRoute ?? '/home';
    await navigate(target, { replace: true });
  };

  return (
    <div className={classes.page}>
      <SkipLink label={t('common:skipToContent')} />
      <div
        className={classes.visual}
        aria-hidden
        style={{
          backgroundColor: config?.colors.background ?? 'var(--mantine-color-brand-8)',
          backgroundImage: config?.backgroundImage ? `url("${config.backgroundImage}")` : undefined,
        }}
      >
        <div className={classes.visualText}>
          <Text fz={40} fw={800} lh={1.1}>
            {siteName}
          </Text>
        </div>
      </div>
      <div className={classes.panel}>
        <header>
          <Group justify="space-between" wrap="nowrap">
            <BrandLogo src={logoFor(config, i18n.language)} name={siteName} height={44} />
            <LanguageMenu />
          </Group>
        </header>
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
          <div className={classes.form}>
            <Stack gap="lg">
              <div>
                <Title order={1} fz={{ base: 26, sm: 30 }}>
                  {t('login.title')}
                </Title>
                <Text c="dimmed" mt={6}>
                  {t('login.subtitle')}
                </Text>
              </div>

              {sessionExpired && !mutation.isError ? (
                <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
                  {t('login.sessionExpired')}
                </Alert>
              ) : null}
              {configQuery.isError && !config ? (
                <Alert variant="light" color="yellow" icon={<IconAlertCircle aria-hidden />}>
                  <Group justify="space-between" gap="xs">
                    <span>{t('login.configError')}</span>
                    <Button size="compact-sm" variant="white" onClick={() => void configQuery.refetch()}>
                      {t('common:actions.tryAgain')}
                    </Button>
                  </Group>
                </Alert>
              ) : null}
              {mutation.isError ? (
                <Alert
                  variant="light"
                  color="red"
                  title={t('login.errorTitle')}
                  icon={<IconAlertCircle aria-hidden />}
                  role="alert"
                >
                  {loginErrorText(mutation.error)}
                </Alert>
              ) : null}

              <form onSubmit={(event) => void onSubmit(event)} noValidate>
                <Stack gap="md">
                  <TextInput
                    label={t('login.username')}
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    required
                    size="md"
                    error={fieldError(problems.username, t('login.usernameRequired'))}
                    {...fieldProps('username')}
                  />
                  <PasswordInput
                    label={t('login.password')}
                    autoComplete="current-password"
                    required
                    size="md"
                    visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
                    error={fieldError(problems.password, t('login.passwordRequired'))}
                    {...fieldProps('password')}
                  />
                  <Group justify="flex-end">
                    <Anchor component={Link} to="/request-password" fz="sm">
                      {t('login.forgotPassword')}
                    </Anchor>
                  </Group>
                  <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
                    {t('login.submit')}
                  </Button>
                </Stack>
              </form>

              {config?.oauth2.google || config?.directAccess ? (
                <Stack gap="xs">
                  {config.oauth2.google ? (
                    <Button
                      component="a"
                      href="/api/accounts/google/start"
                      variant="default"
                      size="md"
                      fullWidth
                      leftSection={<IconBrandGoogle size={18} aria-hidden />}
                    >
                      {t('accounts:sso.google')}
                    </Button>
                  ) : null}
                  {config.directAccess ? (
                    <Button component={Link} to="/login-redirect-v2" variant="light" size="md" fullWidth>
                      {t('accounts:sso.directAccess')}
                    </Button>
                  ) : null}
                </Stack>
              ) : null}

              {config?.register || config?.preRegister ? (
                <Text ta="center" fz="sm">
                  {t('login.noAccount')}{' '}
                  <Anchor component={Link} to="/register" fw={600}>
                    {config.register ? t('login.register') : t('login.preRegister')}
                  </Anchor>
                </Text>
              ) : null}
            </Stack>
          </div>
        </Box>
        <PublicFooter siteName={siteName} showSupport={config?.support ?? false} />
      </div>
    </div>
  );
}
