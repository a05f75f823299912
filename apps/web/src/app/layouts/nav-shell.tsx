import { Box, Burger, Group, type MantineSpacing } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import classes from './nav-shell.module.css';

/**
 * The frame of the signed-in areas with a side navigation (the app and the back office): the skip link,
 * a header with the burger that opens the navigation on phones, the brand and the actions, the
 * navigation and the screen. The navigation closes again when the route changes.
 */
export function NavShell({
  navId,
  navLabel,
  brand,
  actions,
  actionsGap,
  navigation,
}: {
  /** The navigation's id, which the burger controls. */
  navId: string;
  /** The navigation landmark's name. */
  navLabel: string;
  /** What stands after the burger: the logo linking home, a badge. */
  brand: ReactNode;
  /** The header's right side (user menu …), spaced by `actionsGap`. */
  actions: ReactNode;
  actionsGap: MantineSpacing;
  /** The navigation's content; `close` closes it on phones. */
  navigation: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation(['common', 'nav']);
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(close, [pathname, close]);

  return (
    <div className={classes.shell}>
      <SkipLink label={t('skipToContent')} />
      <header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('nav:closeNavigation') : t('nav:openNavigation')}
              aria-expanded={opened}
              aria-controls={navId}
            />
            {brand}
          </Group>
          <Group gap={actionsGap} wrap="nowrap">
            {actions}
          </Group>
        </Group>
      </header>
      <nav id={navId} aria-label={navLabel} className={classes.navbar} data-opened={opened || undefined}>
        {navigation(close)}
      </nav>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </Box>
    </div>
  );
}
