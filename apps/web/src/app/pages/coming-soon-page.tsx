import { Button } from '@mantine/core';
import { IconHourglassHigh, IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusScreen } from '../../components/status-screen';
import { selectedClientOf, useCommonStore } from '../../lib/session-store';
import { SIGN_IN_PARAM } from '../guards';
import { useRouteHandle } from '../route-handle';

/**
 * The one page of every screen whose feature arrives with a later issue: it names the screen and says
 * plainly that it is not available yet, with a way back.
 */
export default function ComingSoonPage() {
  const { t } = useTranslation(['common', 'routes', 'admin', 'auth']);
  const handle = useRouteHandle();
  const home = useCommonStore((state) =>
    state.accessToken ? selectedClientOf(state.session)?.homeRoute : null,
  );
  return (
    <StatusScreen
      icon={<IconHourglassHigh size={32} aria-hidden />}
      badge={t('comingSoon.badge')}
      title={handle ? t(handle.title) : t('comingSoon.badge')}
      description={
        <>
          {t('comingSoon.description')} {t('comingSoon.details')}
        </>
      }
      actions={
        home ? (
          <Button component={Link} to={home}>
            {t('actions.backToHome')}
          </Button>
        ) : handle?.signIn ? (
          <Button
            component={Link}
            to={`/?${SIGN_IN_PARAM}=1`}
            leftSection={<IconLogin size={18} aria-hidden />}
          >
            {t('auth:portfolio.signIn')}
          </Button>
        ) : (
          <Button component={Link} to="/">
            {t('actions.backToLogin')}
          </Button>
        )
      }
    />
  );
}
