import { Button, Center, Loader } from '@mantine/core';
import { IconBrandGoogle, IconLogin } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { StatusScreen } from '../../../components/status-screen';
import { errorText } from '../../../lib/i18n';
import { consumeRedirect, selectedClientOf } from '../../../lib/session-store';
import { adoptTokens, googleExchange, useSiteConfig } from '../api/accounts';
import { apiErrorText } from '../../../lib/form-errors';

/** What the API's start answers a browser with when Google sign-in is not set up on the server. */
const GOOGLE_UNAVAILABLE = 'ACCOUNTS_GOOGLE_UNAVAILABLE';

/**
 * `login-redirect-v2` (and `intel-login-redirect`): where single sign-on comes back. With `?code=` the
 * one-time result is exchanged for the session; with `?error=` the failure is shown; with neither, the
 * sign-in with the identity provider starts (the direct-access button leads here) — unless the site has
 * Google sign-in switched off, which gets a translated screen back to login instead of the API's answer.
 */
export default function LoginRedirectPage() {
  const { t } = useTranslation(['accounts', 'common']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const errorCode = params.get('error');
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);
  const config = useSiteConfig();
  const googleOff = !code && !errorCode && config.data !== undefined && !config.data.oauth2.google;
  const unavailable = googleOff || errorCode === GOOGLE_UNAVAILABLE;

  useEffect(() => {
    if (started.current || errorCode) return;
    // Starting needs the site's answer first: with Google off there is nothing to start.
    if (!code && (config.isPending || googleOff)) return;
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
  }, [code, errorCode, navigate, config.isPending, googleOff]);

  if (unavailable) {
    return (
      <StatusScreen
        icon={<IconBrandGoogle size={32} aria-hidden />}
        color="gray"
        title={t('sso.unavailableTitle')}
        description={t('sso.unavailable')}
        actions={
          <Button component={Link} to="/" leftSection={<IconLogin size={18} aria-hidden />}>
            {t('sso.backToLogin')}
          </Button>
        }
      />
    );
  }

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
