import { Progress } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
import { CookieBanner } from '../../features/institutional/components/cookie-banner';
import { useParamsStore } from '../../lib/params-store';
import { selectedClientOf, useCommonStore } from '../../lib/session-store';
import { useRouteHandle } from '../route-handle';

/** Each page change scrolls to the top and moves focus to the new content (not on the first load). */
function useScrollAndFocusOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const main = document.getElementById(MAIN_CONTENT_ID);
      if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

/** "Screen · Client" (or the site name before login) as the document title. */
function useDocumentTitle() {
  const { t } = useTranslation(['common', 'routes', 'admin']);
  const handle = useRouteHandle();
  const siteName = useParamsStore((state) => state.loginConfig?.name);
  const clientName = useCommonStore((state) =>
    state.accessToken ? selectedClientOf(state.session)?.name : undefined,
  );
  const suffix = clientName ?? siteName ?? t('appName');
  const title = handle ? `${t(handle.title)} · ${suffix}` : suffix;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function RootLayout() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  useScrollAndFocusOnNavigate();
  useDocumentTitle();
  return (
    <>
      {navigation.state === 'loading' ? (
        <Progress
          value={100}
          animated
          size={3}
          radius={0}
          pos="fixed"
          top={0}
          left={0}
          right={0}
          style={{ zIndex: 1000 }}
          aria-label={t('loadingPage')}
        />
      ) : null}
      <Outlet />
      <CookieBanner />
    </>
  );
}
