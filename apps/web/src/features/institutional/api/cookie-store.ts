import { apiRequest, lazyContract } from '../../../lib/api-client';
import { createAreaStore } from '../../../lib/persist';
import { hasSession } from '../../../lib/session-store';

/**
 * The persisted `cookies_policy` area (spec section 3): `accept_cookies` (false until accepted),
 * `policy_modal` (the banner is open until the visitor answers it) and `policy_preferences_modal`
 * (the preferences dialog), plus the optional categories chosen there.
 */
export interface CookiesPolicyState {
  accept_cookies: boolean;
  policy_modal: boolean;
  policy_preferences_modal: boolean;
  preferences: { analytics: boolean; marketing: boolean };
}

export const useCookiesPolicyStore = createAreaStore<CookiesPolicyState>('cookies_policy', {
  accept_cookies: false,
  policy_modal: true,
  policy_preferences_modal: false,
  preferences: { analytics: false, marketing: false },
});

export function saveCookieChoice(accepted: boolean, preferences: CookiesPolicyState['preferences']): void {
  useCookiesPolicyStore.setState({
    accept_cookies: accepted,
    preferences,
    policy_modal: false,
    policy_preferences_modal: false,
  });
}

export function openCookiePreferences(): void {
  useCookiesPolicyStore.setState({ policy_preferences_modal: true });
}

/** Loaded on first use: the banner is on every screen, its answer's check need not be. */
const cookieConsentResponse = lazyContract(() =>
  import('@trilha/contracts/institutional').then((m) => m.cookieConsentResponse),
);

/** Signed-in users' cookie choice is also kept on their account. */
export async function recordCookieConsent(accepted: boolean): Promise<void> {
  if (!hasSession()) return;
  await apiRequest('/api/institutional/cookie-consent', {
    method: 'PUT',
    body: { accepted },
    schema: cookieConsentResponse,
  }).catch(() => undefined);
}
