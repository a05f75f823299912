import { Button, Group } from '@mantine/core';
import { IconHourglass, IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { StatusScreen } from '../../../components/status-screen';
import type { RegisterSuccessState } from './register-page';

/** `register-success`: what happens next — the set-password e-mail, or the approval wait. */
export default function RegisterSuccessPage() {
  const { t } = useTranslation(['accounts', 'common']);
  const state = useLocation().state as RegisterSuccessState | null;
  const waiting = state?.status === 'awaiting_approval';
  const description = waiting
    ? t('registerSuccess.awaiting')
    : state?.sentTo
      ? t('registerSuccess.checkEmail', { to: state.sentTo })
      : state
        ? t('registerSuccess.notSent')
        : t('registerSuccess.generic');
  return (
    <StatusScreen
      color={waiting ? 'orange' : 'teal'}
      icon={waiting ? <IconHourglass size={32} aria-hidden /> : <IconMailCheck size={32} aria-hidden />}
      title={t('registerSuccess.title')}
      description={description}
      actions={
        <Group justify="center">
          <Button component={Link} to="/">
            {t('common:actions.signIn')}
          </Button>
          {state && !waiting && !state.sentTo ? (
            <Button variant="default" component={Link} to="/first_access">
              {t('firstAccess.title')}
            </Button>
          ) : null}
        </Group>
      }
    />
  );
}
