import { Button, Center, Loader } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { StatusScreen } from '../../../components/status-screen';
import { errorText } from '../../../lib/i18n';
import { consumeRedirect, selectedClientOf } from '../../../lib/session-store';
import { adoptTokens, googleExchange } from '../api/accounts';
import { apiErrorText } from '../../../lib/form-errors';

/**
 * `login-redirect-v2` (and `intel-login-redirect`): where single sign-on comes back. With `?code=` the
 * one-time result is exchanged for the session; with `?error=` the failure is shown; with neither, the
 * sign-in with the identity provider starts (the direct-access button leads here).
 */
export default function LoginRedirectPage() {
  const { t } = useTranslation(['accounts', 'common']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const errorCode = params.get('error');
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || errorCode) return;
    started.current = true;
    if (!code) {
      window.location.assign('/api/accounts/google/start');
      return;
    }
    googleExchange(code)
      .then(adoptTokens)
      .then((session) =>
        navigate(consumeRedirect() ?? selectedClientOf(session)?.homeRoute ?? '/home', { replace: true }),
      )
      .catch((e: unknown) => setError(e));
  }, [code, errorCode, navigate]);

  if (errorCode || error) {
    const text = errorCode && /^[A-Z_]+$/.test(errorCode) ? errorText(errorCode) : apiErrorText(error);
    return (
      <StatusScreen
        color="red"
        alert
        icon={<IconBrandGoogle size={32} aria-hidden />}
        title={t('sso.failedTitle')}
        description={text}
        actions={
          <Button component={Link} to="/">
            {t('common:actions.signIn')}
          </Button>
        }
      />
    );
  }
  return (
    <Center mih="50vh">
      <Loader aria-label={t('sso.signingIn')} />
    </Center>
  );
}
