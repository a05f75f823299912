import { PasswordInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { selectedClientOf } from '../../../lib/session-store';
import { changeOwnPassword, refreshSession, siteConfigQuery } from '../api/accounts';
import { stepsChanged } from '../api/pending-steps';
import { PublicCard } from '../components/public-card';
import { RequestError } from '../components/request-error';
import { NewPasswordForm } from './password-link-page';

/** `change-password`: where the must-change-password flag sends a user after login. */
export default function ChangePasswordPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const config = useQuery(siteConfigQuery);
  const [current, setCurrent] = useState('');
  const mutation = useMutation({
    mutationFn: (newPassword: string) => changeOwnPassword(current, newPassword),
    onSuccess: async () => {
      const session = await refreshSession();
      stepsChanged();
      await navigate(selectedClientOf(session)?.homeRoute ?? '/home', { replace: true });
    },
  });
  return (
    <PublicCard title={t('changePassword.title')} intro={t('changePassword.intro')}>
      <RequestError error={mutation.error} />
      <NewPasswordForm
        before={
          <PasswordInput
            label={t('fields.currentPassword')}
            required
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
        }
        level={config.data?.passwordStrength ?? 'medium'}
        pending={mutation.isPending}
        onSubmit={(v) => mutation.mutateAsync(v.password).catch(() => undefined)}
        submitLabel={t('changePassword.submit')}
      />
    </PublicCard>
  );
}
