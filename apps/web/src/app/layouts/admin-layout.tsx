import { Anchor, AppShell, Badge, Burger, Button, Group, NavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconLayoutDashboard } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { UserMenu } from '../../features/session/components/user-menu';
import { useSelectedClient } from '../../lib/session-store';
import { adminAreaIcons } from '../pages/admin-areas';
import { adminAreas } from '../admin-areas';

/** The back office under /admin: its own navigation, same header and user menu. */
export default function AdminLayout() {
  const { t } = useTranslation(['admin', 'common', 'nav']);
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const client = useSelectedClient();
  useEffect(close, [pathname, close]);
  const home = client?.homeRoute ?? '/home';
  const name = client?.name ?? t('common:appName');

  const items = [
    { path: '/admin', label: t('areas.overview'), Icon: IconLayoutDashboard },
    ...adminAreas.map((area) => ({
      path: `/admin/${area}`,
      label: t(`areas.${area}`),
      Icon: adminAreaIcons[area],
    })),
  ];

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <SkipLink label={t('common:skipToContent')} />
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
              aria-controls="admin-navigation"
            />
            <Anchor component={Link} to="/admin" aria-label={`${name} — ${t('title')}`}>
              <BrandLogo src={client?.logoUrl} name={name} height={32} />
            </Anchor>
            <Badge variant="light" visibleFrom="xs">
              {t('title')}
            </Badge>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Button
              component={Link}
              to={home}
              variant="subtle"
              color="gray"
              visibleFrom="md"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              {t('nav:backToPlatform')}
            </Button>
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="admin-navigation" p="sm" component="nav" aria-label={t('navigation')}>
        <Stack gap={2}>
          {items.map(({ path, label, Icon }) => {
            const active = path === '/admin' ? pathname === '/admin' : pathname.startsWith(path);
            return (
              <NavLink
                key={path}
                component={Link}
                to={path}
                label={label}
                leftSection={<Icon size={20} stroke={1.7} aria-hidden />}
                active={active}
                aria-current={active ? 'page' : undefined}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                fw={500}
              />
            );
          })}
          <NavLink
            component={Link}
            to={home}
            label={t('nav:backToPlatform')}
            leftSection={<IconArrowLeft size={20} stroke={1.7} aria-hidden />}
            hiddenFrom="md"
            mt="md"
          />
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
