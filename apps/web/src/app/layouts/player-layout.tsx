import { Anchor, AppShell, Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { UserMenu } from '../../features/session/components/user-menu';
import { useSelectedClient } from '../../lib/session-store';

/** Activity players and onboarding: the whole width for the content, a slim header to get back. */
export function PlayerLayout() {
  const { t } = useTranslation(['common', 'nav']);
  const client = useSelectedClient();
  const home = client?.homeRoute ?? '/home';
  const name = client?.name ?? t('appName');
  return (
    <AppShell header={{ height: 56 }} padding={{ base: 'md', sm: 'xl' }}>
      <SkipLink label={t('skipToContent')} />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Button
              component={Link}
              to={home}
              variant="subtle"
              color="gray"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              {t('actions.backToHome')}
            </Button>
            <Anchor component={Link} to={home} visibleFrom="sm" aria-label={`${name} — ${t('nav:home')}`}>
              <BrandLogo src={client?.logoUrl} name={name} height={30} />
            </Anchor>
          </Group>
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
