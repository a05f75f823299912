import { Button, Center, Loader } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { StatusScreen } from '../../../components/status-screen';
import { errorText } from '../../../lib/i18n';
import { useCommonStore } from '../../../lib/session-store';
import { adoptTokens, webserviceLogin } from '../api/accounts';
import { apiErrorText } from '../../../lib/form-errors';

/**
 * `webservice-login/{token}`: a partner system's one-time link opens a session of type webservice; the
 * public guard then takes the user to the `module` of the query (when the client has it) or home.
 * Without a token it says the link is incomplete.
 */
export default function WebserviceLoginPage() {
  const { t } = useTranslation(['accounts', 'common']);
  const { token } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    webserviceLogin(token)
      .then(async (tokens) => {
        await adoptTokens(tokens);
        useCommonStore.setState({ webserviceToken: token });
        // The same path again: the public guard now sees the session and sends the user on.
        await navigate(`${location.pathname}${location.search}`, { replace: true });
      })
      .catch((e: unknown) => setError(e));
  }, [token, location.pathname, location.search, navigate]);

  if (!token || error) {
    return (
      <StatusScreen
        color="orange"
        alert
        icon={<IconLinkOff size={32} aria-hidden />}
        title={t('webservice.title')}
        description={token ? apiErrorText(error) : errorText('ACCOUNTS_WEBSERVICE_TOKEN_MISSING')}
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
      <Loader aria-label={t('webservice.signingIn')} />
    </Center>
  );
}
