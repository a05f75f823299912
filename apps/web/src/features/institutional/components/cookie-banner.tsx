import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useParamsStore } from '../../../lib/params-store';
import { useCommonStore } from '../../../lib/session-store';
import { recordCookieConsent, saveCookieChoice, useCookiesPolicyStore } from '../api/cookie-store';

/** The preferences dialog is loaded the first time it opens: most visitors never open it. */
const CookiePreferences = lazy(() => import('./cookie-preferences'));

/**
 * The cookie banner and its preferences dialog. The choice is kept in the persisted `cookies_policy`
 * area (so it survives reloads) and, for a signed-in user, on their account too.
 */
export function CookieBanner() {
  const { t } = useTranslation('institutional');
  const state = useCookiesPolicyStore();
  const bannerEnabled = useParamsStore((s) => s.loginConfig?.cookies.banner ?? true);
  const acceptedOnAccount = useCommonStore((s) =>
    s.accessToken ? s.session?.user.cookiePolicyAccepted : undefined,
  );
  const signedIn = useCommonStore((s) => Boolean(s.accessToken && s.session));
  const [prefs, setPrefs] = useState(state.preferences);
  // Once opened, the dialog stays mounted, so it closes with its transition like any Mantine modal.
  const [preferencesOpened, setPreferencesOpened] = useState(state.policy_preferences_modal);
  if (state.policy_preferences_modal && !preferencesOpened) setPreferencesOpened(true);

  // An account that already accepted (on another device) needs no banner here.
  useEffect(() => {
    if (acceptedOnAccount && !state.accept_cookies) saveCookieChoice(true, state.preferences);
  }, [acceptedOnAccount, state.accept_cookies, state.preferences]);
  // Accepted before signing in: the account learns of it once there is a session.
  useEffect(() => {
    if (signedIn && acceptedOnAccount === false && state.accept_cookies && !state.policy_modal)
      void recordCookieConsent(true);
  }, [signedIn, acceptedOnAccount, state.accept_cookies, state.policy_modal]);

  const choose = (accepted: boolean, preferences = { analytics: accepted, marketing: accepted }) => {
    saveCookieChoice(accepted, preferences);
    void recordCookieConsent(accepted);
  };
  const openPreferences = () => {
    setPrefs(state.preferences);
    useCookiesPolicyStore.setState({ policy_preferences_modal: true });
  };
  const showBanner = bannerEnabled && state.policy_modal && !acceptedOnAccount;

  return (
    <>
      {showBanner ? (
        <Paper
          role="region"
          aria-label={t('cookies.bannerLabel')}
          shadow="lg"
          radius="md"
          p="md"
          withBorder
          style={{
            position: 'fixed',
            left: 16,
            right: 16,
            bottom: 16,
            zIndex: 190,
            maxWidth: 720,
            marginInline: 'auto',
          }}
        >
          <Stack gap="sm">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconCookie size={28} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
              <Text fz="sm">
                {t('cookies.bannerText')}{' '}
                <Anchor component={Link} to={signedIn ? '/cookies' : '/institutional/cookies_policy'} fz="sm">
                  {t('cookies.policyLink')}
                </Anchor>
              </Text>
            </Group>
            <Group justify="flex-end" gap="xs">
              <Button variant="subtle" size="sm" onClick={openPreferences}>
                {t('cookies.preferences')}
              </Button>
              <Button variant="default" size="sm" onClick={() => choose(false)}>
                {t('cookies.essentialOnly')}
              </Button>
              <Button size="sm" data-testid="cookie-accept-all" onClick={() => choose(true)}>
                {t('cookies.acceptAll')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {preferencesOpened ? (
        <Suspense fallback={null}>
          <CookiePreferences prefs={prefs} onPrefsChange={setPrefs} onSave={(p) => choose(true, p)} />
        </Suspense>
      ) : null}
    </>
  );
}
