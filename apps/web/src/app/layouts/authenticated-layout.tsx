import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { useSessionRefresh } from '../../features/session/api/session';
import { InboxIndicator } from '../../features/profile/components/inbox-indicator';
import { UserMenu } from '../../features/session/components/user-menu';
import { logoFor } from '../../lib/branding';
import { useParamsStore } from '../../lib/params-store';
import { useSelectedClient } from '../../lib/session-store';
import { ModuleNav } from './module-nav';

/** The logged-in app: header with the client's logo and the user menu, the module navigation, the screen. */
export function AuthenticatedLayout() {
  const { t, i18n } = useTranslation(['common', 'nav']);
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const client = useSelectedClient();
  const siteLogo = useParamsStore((state) => logoFor(state.loginConfig, i18n.language));
  useSessionRefresh(true);
  useEffect(close, [pathname, close]);

  const name = client?.name ?? t('appName');
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <SkipLink label={t('skipToContent')} />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('nav:closeNavigation') : t('nav:openNavigation')}
              aria-expanded={opened}
              aria-controls="app-navigation"
            />
            <Anchor
              component={Link}
              to={client?.homeRoute ?? '/home'}
              aria-label={`${name} — ${t('nav:home')}`}
            >
              <BrandLogo src={client?.logoUrl ?? siteLogo} name={name} height={36} />
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <InboxIndicator />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="app-navigation" p="sm" component="nav" aria-label={t('nav:mainNavigation')}>
        <ModuleNav onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
