import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { useSessionRefresh } from '../../features/session/api/session';
import { InboxIndicator } from '../../features/profile/components/inbox-indicator';
import { UserMenu } from '../../features/session/components/user-menu';
import { logoFor } from '../../lib/branding';
import { hasModule } from '../../lib/modules';
import { useParamsStore } from '../../lib/params-store';
import { useSelectedClient } from '../../lib/session-store';
import { ModuleNav } from './module-nav';
import { NavShell } from './nav-shell';

/** The logged-in app: header with the client's logo and the user menu, the module navigation, the screen. */
export function AuthenticatedLayout() {
  const { t, i18n } = useTranslation(['common', 'nav']);
  const client = useSelectedClient();
  const siteLogo = useParamsStore((state) => logoFor(state.loginConfig, i18n.language));
  useSessionRefresh(true);

  const name = client?.name ?? t('appName');
  return (
    <NavShell
      navId="app-navigation"
      navLabel={t('nav:mainNavigation')}
      brand={
        <Anchor component={Link} to={client?.homeRoute ?? '/home'} aria-label={`${name} — ${t('nav:home')}`}>
          <BrandLogo src={client?.logoUrl ?? siteLogo} name={name} height={36} />
        </Anchor>
      }
      actionsGap="xs"
      actions={
        <>
          {/* The bell leads to the profile's inbox: not offered where the company has no profile. */}
          {hasModule(client, 'profile') ? <InboxIndicator /> : null}
          <UserMenu />
        </>
      }
      navigation={(close) => <ModuleNav onNavigate={close} />}
    />
  );
}
