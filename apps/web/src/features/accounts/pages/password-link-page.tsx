import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Loader, PasswordInput, Stack } from '@mantine/core';
import { IconCircleCheck, IconLinkOff, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { newPasswordSchema, type LinkPurpose, type NewPasswordValues } from '@trilha/contracts/accounts';
import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { StatusScreen } from '../../../components/status-screen';
import { renewPasswordLink, setPasswordWithLink, usePasswordLink } from '../api/accounts';
import { apiErrorText, applyFieldErrors, fieldMessage } from '../../../lib/form-errors';
import { PasswordStrengthHint } from '../components/password-strength';
import { PublicCard } from '../components/public-card';
import { RequestError } from '../components/request-error';

/** `set-password/{username}/{uidb64}/{token}` and `recover-password/…`: one screen, two purposes. */
export default function PasswordLinkPage() {
  const { t } = useTranslation(['accounts', 'common']);
  const purpose: LinkPurpose = useLocation().pathname.startsWith('/set-password') ? 'set' : 'recover';
  const params = useParams();
  const parts = { username: params.username ?? '', uidb64: params.uidb64 ?? '', token: params.token ?? '' };
  const link = usePasswordLink(purpose, parts);
  const renew = useMutation({ mutationFn: () => renewPasswordLink(purpose, parts.username, parts.uidb64) });
  const done = useMutation({
    mutationFn: (v: NewPasswordValues) =>
      setPasswordWithLink(purpose, parts, v.password, v.passwordConfirmation),
  });

  if (link.isPending) {
    return (
      <Center mih="50vh">
        <Loader aria-label={t('common:loading')} />
      </Center>
    );
  }
  if (done.isSuccess) {
    return (
      <StatusScreen
        color="teal"
        icon={<IconCircleCheck size={32} aria-hidden />}
        title={t('passwordLink.doneTitle')}
        description={t('passwordLink.done', { username: done.data.username })}
        actions={
          <Button component={Link} to="/">
            {t('common:actions.signIn')}
          </Button>
        }
      />
    );
  }
  if (link.isError) {
    return (
      <StatusScreen
        color="orange"
        alert
        icon={
          renew.isSuccess ? <IconMailCheck size={32} aria-hidden /> : <IconLinkOff size={32} aria-hidden />
        }
        title={renew.isSuccess ? t('passwordLink.renewedTitle') : t('passwordLink.badTitle')}
        description={renew.isSuccess ? t('passwordLink.renewed') : apiErrorText(link.error)}
        actions={
          renew.isSuccess ? (
            <Button component={Link} to="/">
              {t('common:actions.signIn')}
            </Button>
          ) : (
            <Stack gap="xs" align="center">
              <Button onClick={() => renew.mutate()} loading={renew.isPending}>
                {t('passwordLink.renew')}
              </Button>
              <Button variant="subtle" component={Link} to="/request-password">
                {t('passwordLink.otherWays')}
              </Button>
              {renew.isError ? <Alert color="red">{apiErrorText(renew.error)}</Alert> : null}
            </Stack>
          )
        }
      />
    );
  }
  return (
    <PublicCard
      title={purpose === 'set' ? t('passwordLink.setTitle') : t('passwordLink.recoverTitle')}
      intro={t('passwordLink.intro', { name: link.data.firstName || link.data.username })}
    >
      {/* A refusal with field details shows on the fields instead. */}
      <RequestError error={(done.error as { details?: unknown } | null)?.details ? null : done.error} />
      <NewPasswordForm
        level={link.data.passwordStrength}
        username={link.data.username}
        pending={done.isPending}
        onSubmit={(v, setError) =>
          done.mutateAsync(v).catch((error: unknown) => {
            applyFieldErrors(error, setError);
          })
        }
        submitLabel={t('passwordLink.submit')}
      />
    </PublicCard>
  );
}

type SetError = ReturnType<typeof useForm<NewPasswordValues>>['setError'];

export function NewPasswordForm({
  level,
  username,
  pending,
  onSubmit,
  submitLabel,
  before,
}: {
  /** Fields shown above the new password, inside the same form (Enter submits from any of them). */
  before?: ReactNode;
  level: 'weak' | 'medium' | 'strong';
  username?: string;
  pending: boolean;
  onSubmit: (values: NewPasswordValues, setError: SetError) => Promise<unknown>;
  submitLabel: string;
}) {
  const { t } = useTranslation('accounts');
  const schema = useMemo(() => newPasswordSchema(level), [level]);
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', passwordConfirmation: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';
  return (
    <form onSubmit={(e) => void form.handleSubmit((v) => onSubmit(v, form.setError))(e)} noValidate>
      <Stack gap="md">
        {username ? (
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        ) : null}
        {before}
        <PasswordInput
          label={t('fields.newPassword')}
          required
          autoComplete="new-password"
          error={fieldMessage(form.formState.errors.password)}
          {...form.register('password')}
        />
        <PasswordStrengthHint password={password} level={level} />
        <PasswordInput
          label={t('fields.passwordConfirmation')}
          required
          autoComplete="new-password"
          error={fieldMessage(form.formState.errors.passwordConfirmation)}
          {...form.register('passwordConfirmation')}
        />
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
