import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  affiliationOptions,
  checkLinkResponse,
  completeRegisterState,
  maskedPhonesResponse,
  okResponse,
  recoverLinkResponse,
  registerResponse,
  registrationVariant,
  sentCodeResponse,
  sentToResponse,
  setPasswordResponse,
  type CompleteRegisterBody,
  type DocumentBody,
  type LinkPurpose,
  type PasswordLinkParams,
  type RecoverPasswordBody,
  type RegisterBody,
  type SendRecoverCodeBody,
  type ValidateRecoverCodeBody,
} from '@trilha/contracts/accounts';
import { pendingStepsResponse } from '@trilha/contracts/pending-steps';
import { tokenResponse, type TokenResponse } from '@trilha/contracts/auth';
import { sessionResponse, type SessionResponse } from '@trilha/contracts/session';
import { loginConfig } from '@trilha/contracts/site';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { setLoginConfig } from '../../../lib/params-store';
import { clearSession, selectedClientOf, setSession, setTokens } from '../../../lib/session-store';

/** The site's login configuration (the same query the login screen uses). */
export const siteConfigQuery = queryOptions({
  queryKey: ['site', 'login-config'],
  queryFn: async () => {
    const config = await apiRequest('/api/site/login-config', { auth: 'none', schema: loginConfig });
    setLoginConfig(config);
    return config;
  },
  staleTime: 5 * 60_000,
});

export const useSiteConfig = () => useQuery(siteConfigQuery);

export function useRegistrationVariant(slug: string) {
  return useQuery({
    queryKey: ['accounts', 'variant', slug],
    queryFn: () =>
      apiRequest(`/api/accounts/registration/${encodeURIComponent(slug)}`, {
        auth: 'none',
        schema: registrationVariant,
      }),
    retry: false,
  });
}

export function useAffiliations(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: ['accounts', 'affiliations', slug],
    queryFn: () =>
      apiRequest(`/api/accounts/registration/${encodeURIComponent(slug)}/affiliations`, {
        auth: 'none',
        schema: affiliationOptions,
      }),
    enabled,
  });
}

export function useMyAffiliations(enabled: boolean) {
  return useQuery({
    queryKey: ['accounts', 'me', 'affiliations'],
    queryFn: () => apiRequest('/api/accounts/me/affiliations', { schema: affiliationOptions }),
    enabled,
  });
}

export const registerAccount = (body: RegisterBody) =>
  apiRequest('/api/accounts/register', { method: 'POST', body, auth: 'none', schema: registerResponse });

export const requestFirstAccess = (identifier: string, variant?: string) =>
  apiRequest('/api/accounts/first-access', {
    method: 'POST',
    body: { identifier, ...(variant ? { variant } : {}) },
    auth: 'none',
    schema: sentToResponse,
  });

export function usePasswordLink(purpose: LinkPurpose, parts: PasswordLinkParams) {
  return useQuery({
    queryKey: ['accounts', 'link', purpose, parts.uidb64, parts.token],
    queryFn: () =>
      apiRequest('/api/accounts/password-links/check', {
        method: 'POST',
        body: { ...parts, purpose },
        auth: 'none',
        schema: checkLinkResponse,
      }),
    retry: false,
    staleTime: Infinity,
  });
}

export const setPasswordWithLink = (
  purpose: LinkPurpose,
  parts: PasswordLinkParams,
  password: string,
  passwordConfirmation: string,
) =>
  apiRequest('/api/accounts/password-links/set', {
    method: 'POST',
    body: { ...parts, purpose, password, passwordConfirmation },
    auth: 'none',
    schema: setPasswordResponse,
  });

export const renewPasswordLink = (purpose: LinkPurpose, username: string, uidb64: string) =>
  apiRequest('/api/accounts/password-links/renew', {
    method: 'POST',
    body: { purpose, username, uidb64 },
    auth: 'none',
    schema: okResponse,
  });

export const requestRecoverLink = (body: RecoverPasswordBody) =>
  apiRequest('/api/etraining_login/api_recover_password', {
    method: 'POST',
    body,
    auth: 'none',
    schema: okResponse,
  });

export const phonesOfDocument = (body: DocumentBody) =>
  apiRequest('/api/etraining_login/get_phone_number_with_document', {
    method: 'POST',
    body,
    auth: 'none',
    schema: maskedPhonesResponse,
  });

export const sendRecoverCode = (body: SendRecoverCodeBody) =>
  apiRequest('/api/etraining_login/send_recover_password_code', {
    method: 'POST',
    body,
    auth: 'none',
    schema: sentCodeResponse,
  });

export const validateRecoverCode = (body: ValidateRecoverCodeBody) =>
  apiRequest('/api/etraining_login/validate_recover_password_code', {
    method: 'POST',
    body,
    auth: 'none',
    schema: recoverLinkResponse,
  });

/** Stores the tokens of a login made without a password (webservice, Google) and loads the session. */
export async function adoptTokens(tokens: TokenResponse): Promise<SessionResponse> {
  setTokens(tokens);
  try {
    let session = await apiRequest('/api/session', { schema: sessionResponse });
    const first = session.clients[0];
    if (!selectedClientOf(session) && first) {
      session = await apiRequest('/api/session/client', {
        method: 'PUT',
        body: { clientId: first.id },
        schema: sessionResponse,
      });
    }
    if (!selectedClientOf(session)) throw new ApiError(403, 'AUTH_NO_PROFILE', 'No client for this user');
    setSession(session, { adoptLanguage: true });
    return session;
  } catch (error) {
    clearSession();
    throw error;
  }
}

export const webserviceLogin = (token: string) =>
  apiRequest('/api/accounts/webservice-login', {
    method: 'POST',
    body: { token },
    auth: 'none',
    schema: tokenResponse,
  });

export const googleExchange = (code: string) =>
  apiRequest('/api/accounts/google/exchange', {
    method: 'POST',
    body: { code },
    auth: 'none',
    schema: tokenResponse,
  });

export function useCompleteRegisterState() {
  return useQuery({
    queryKey: ['accounts', 'me', 'complete-register'],
    queryFn: () => apiRequest('/api/accounts/me/complete-register', { schema: completeRegisterState }),
  });
}

export const saveCompleteRegister = (body: CompleteRegisterBody) =>
  apiRequest('/api/accounts/me/complete-register', { method: 'PUT', body, schema: pendingStepsResponse });

export const completeOnboarding = () =>
  apiRequest('/api/accounts/me/onboarding/complete', { method: 'POST', schema: okResponse });

export const changeOwnPassword = (currentPassword: string, newPassword: string) =>
  apiRequest('/api/profile/password', { method: 'POST', body: { currentPassword, newPassword } });

export const refreshSession = async () => {
  const session = await apiRequest('/api/session', { schema: sessionResponse });
  setSession(session);
  return session;
};
