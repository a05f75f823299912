import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { onApiErrorText, onSessionExpired } from './lib/api-client';
import { installDeepLinkHandler } from './lib/deep-link';
import { bootAreas, shellAreas } from '@trilha/i18n/languages';
import { ensureErrorText, initI18n, loadAllCatalogs, resolveInitialLanguage } from './lib/i18n';
import { startLanguageSync } from './lib/language-sync';
import { useParamsStore } from './lib/params-store';
import { hydratePersistedStores } from './lib/persist';
import { hasSession, rememberRedirect, setLanguageCode, useCommonStore } from './lib/session-store';

/**
 * The entry's stylesheets arrive without blocking the first paint (`deferBootStyles()` in vite.config.ts):
 * each applies once loaded (or failed), and the app renders after all of them.
 */
function applyBootStyles(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-boot-style]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          const apply = () => {
            link.media = 'all';
            resolve();
          };
          if (link.sheet) return apply();
          link.addEventListener('load', apply, { once: true });
          link.addEventListener('error', apply, { once: true });
        }),
    ),
  ).then(() => undefined);
}

async function boot() {
  const styles = applyBootStyles();
  await hydratePersistedStores().catch((error: unknown) =>
    console.error('Persisted state unavailable', error),
  );

  const language = resolveInitialLanguage(
    window.location.search,
    useCommonStore.getState().languageCode,
    useParamsStore.getState().loginConfig?.defaultLanguage,
  );
  if (new URLSearchParams(window.location.search).get('locale') === language) setLanguageCode(language);
  // The first screen shows with only the areas it needs: the login screen its own, the home screen (where
  // '/' sends a signed-in user) those of the app shell and home. Every other page waits for all areas before
  // it shows (`page()` in app/router.tsx), so a deep link never shows a key.
  const signedIn = hasSession(useCommonStore.getState());
  const path = window.location.pathname;
  const onLoginScreen = path === '/' && !signedIn;
  const firstAreas = onLoginScreen
    ? bootAreas
    : signedIn && (path === '/' || path === '/home')
      ? shellAreas
      : undefined;
  const catalogs = initI18n(language, firstAreas).catch((error: unknown) =>
    console.error('Catalogs unavailable', error),
  );

  // Created now, the router starts the first screen's loaders (the login configuration, the session) and
  // its page chunk while the catalogs load, instead of after them.
  const router = createAppRouter();
  // The texts of the other areas' error codes load after the first render; an error that needs them
  // before that waits for them.
  onApiErrorText(ensureErrorText);
  onSessionExpired(() => {
    // A loader that hits the 401 redirects by itself; only an idle page is moved here.
    if (router.state.navigation.state !== 'idle') return;
    const { pathname, search } = router.state.location;
    rememberRedirect(`${pathname}${search}`);
    void router.navigate('/', { replace: true, state: { sessionExpired: true } });
  });
  await Promise.all([catalogs, styles]);
  startLanguageSync();
  installDeepLinkHandler((to) => router.navigate(to));

  document.getElementById('boot-splash')?.remove();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  if (firstAreas) {
    loadAllCatalogs().catch((error: unknown) => console.error('Catalogs unavailable', error));
  }
}

// Boot errors are only logged (spec section 8).
boot().catch((error: unknown) => console.error('Boot failed', error));
