import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useParamsStore } from '../lib/params-store';
import { queryClient } from '../lib/query-client';
import { selectedClientOf, useCommonStore } from '../lib/session-store';
import { buildTheme } from './theme';

/**
 * The notifications container, loaded after the first screen (with react-transition-group): nothing on
 * that screen notifies, and a notification shown before it arrives waits in Mantine's store until it mounts.
 */
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/**
 * Secondary text and field errors darker than Mantine's defaults, so they keep a 4.5:1 contrast on white
 * (the default error red is about 3.6:1).
 */
const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': theme.colors.gray[7], '--mantine-color-error': theme.colors.red[8] },
  dark: {},
});

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
      <MantineProvider
        theme={theme}
        forceColorScheme="light"
        env={env}
        cssVariablesResolver={cssVariablesResolver}
      >
        <Suspense fallback={null}>
          <Notifications position="top-right" />
        </Suspense>
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
