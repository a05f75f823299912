import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useParamsStore } from '../lib/params-store';
import { queryClient } from '../lib/query-client';
import { selectedClientOf, useCommonStore } from '../lib/session-store';
import { buildTheme } from './theme';

/** The brand colour: the selected client's once signed in, the site's before. */
function useBrandColor(): string | null {
  const clientColor = useCommonStore((state) =>
    state.accessToken ? selectedClientOf(state.session)?.primaryColor : undefined,
  );
  const siteColor = useParamsStore((state) => state.loginConfig?.colors.primary);
  return clientColor ?? siteColor ?? null;
}

export function AppProviders({ children, env }: { children: ReactNode; env?: 'test' }) {
  const primary = useBrandColor();
  const theme = useMemo(() => buildTheme({ primary }), [primary]);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} forceColorScheme="light" env={env}>
        <Notifications position="top-right" />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
