import { Box, NavLink, Stack } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ModuleIcon } from '../../components/module-icon';
import { activeNavIndex, visibleModules } from '../../lib/modules';
import { useSelectedClient } from '../../lib/session-store';

/** The modules the selected client enables, from the session's `clients[].modules`. */
export function ModuleNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  const client = useSelectedClient();
  if (!client) return null;
  const items = [
    {
      key: 'home',
      path: client.homeRoute,
      label: t('home'),
      icon: <IconHome size={20} stroke={1.7} aria-hidden />,
    },
    ...visibleModules(client).map((module) => ({
      key: module.key,
      path: module.path,
      label: t(`modules.${module.key}`),
      icon: <ModuleIcon moduleKey={module.key} />,
    })),
  ];
  const activeIndex = activeNavIndex(
    pathname,
    items.map((item) => item.path),
  );
  return (
    // The browser's own scrolling (Mantine's ScrollArea would put floating-ui on every signed-in first screen).
    <Box mih={0} style={{ overflowY: 'auto', scrollbarGutter: 'stable' }}>
      <Stack gap={2}>
        {items.map((item, index) => {
          const active = index === activeIndex;
          return (
            <NavLink
              key={item.key}
              component={Link}
              to={item.path}
              label={item.label}
              leftSection={item.icon}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              fw={500}
            />
          );
        })}
      </Stack>
    </Box>
  );
}
