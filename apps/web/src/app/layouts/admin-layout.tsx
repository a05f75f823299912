import { Anchor, Badge, Button, NavLink, Stack } from '@mantine/core';
import { IconArrowLeft, IconChartBar, IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { UserMenu } from '../../features/session/components/user-menu';
import { useSelectedClient, useSession } from '../../lib/session-store';
import { adminAreaIcons } from '../pages/admin-areas';
import { areasFor } from '../admin-areas';
import { NavShell } from './nav-shell';

/** The back office under /admin: its own navigation, same header and user menu. */
export default function AdminLayout() {
  const { t } = useTranslation(['admin', 'common', 'nav']);
  const { pathname } = useLocation();
  const client = useSelectedClient();
  const session = useSession();
  const home = client?.homeRoute ?? '/home';
  const name = client?.name ?? t('common:appName');

  const items = [
    { path: '/admin', label: t('areas.overview'), Icon: IconLayoutDashboard },
    // Only the areas the caller's roles in the selected client can use.
    ...areasFor(session).map((area) => ({
      path: `/admin/${area}`,
      label: t(`areas.${area}`),
      Icon: adminAreaIcons[area],
    })),
    // Every back-office user may own surveys; the page lists those whose results they read.
    { path: '/admin/survey-results', label: t('surveyResults'), Icon: IconChartBar },
  ];

  return (
    <NavShell
      navId="admin-navigation"
      navLabel={t('navigation')}
      brand={
        <>
          <Anchor component={Link} to="/admin" aria-label={`${name} — ${t('title')}`}>
            <BrandLogo src={client?.logoUrl} name={name} height={32} />
          </Anchor>
          <Badge variant="light" visibleFrom="xs">
            {t('title')}
          </Badge>
        </>
      }
      actionsGap="sm"
      actions={
        <>
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
        </>
      }
      navigation={() => (
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
      )}
    />
  );
}
