import type { TokenResponse } from '@trilha/contracts/auth';
import type { SessionClient, SessionResponse } from '@trilha/contracts/session';
import type { LoginConfig } from '@trilha/contracts/site';

export function client(overrides: Partial<SessionClient> = {}): SessionClient {
  return {
    id: 1,
    name: 'Acme Varejo',
    slug: 'acme',
    homeRoute: '/home',
    logoUrl: null,
    primaryColor: '#0b7285',
    flags: { has_courses: true, has_news: true, has_library: false },
    modules: [
      { key: 'online-courses', path: '/online-courses' },
      { key: 'news', path: '/news' },
    ],
    roles: ['sales_agent'],
    ...overrides,
  };
}

export function session(overrides: Partial<SessionResponse> = {}): SessionResponse {
  return {
    sessionType: 'password',
    user: {
      id: 7,
      username: 'maria',
      email: 'maria@example.com',
      firstName: 'Maria',
      lastName: 'Silva',
      fullName: 'Maria Silva',
      isSuperuser: false,
      status: 'active',
      image: null,
      countryId: null,
      languageId: 1,
      languageCode: 'pt-BR',
      campaignId: null,
      termsAccepted: true,
      cookiePolicyAccepted: true,
      mustChangePassword: false,
      mandatorySurveys: false,
      mandatorySurveyId: null,
      mandatoryDrills: false,
      phoneVerified: true,
      phoneVerificationCooldown: { startedAt: null, durationSeconds: 300 },
    },
    selectedClientId: 1,
    clients: [client()],
    countries: [],
    languages: [
      { id: 1, code: 'pt-BR', name: 'Português' },
      { id: 2, code: 'en-US', name: 'English' },
    ],
    canAccessBackOffice: false,
    ...overrides,
  };
}

export function tokens(overrides: Partial<TokenResponse> = {}): TokenResponse {
  return {
    access_token: 'access-1',
    token_type: 'Bearer',
    expires_in: 900,
    user_firebase_token: 'realtime-1',
    session_type: 'password',
    ...overrides,
  };
}

export function loginConfig(overrides: Partial<LoginConfig> = {}): LoginConfig {
  return {
    siteId: 1,
    name: 'Trilha Demo',
    colors: { primary: '#1c6dd0', secondary: '#f08c00', background: '#0b3d91', text: '#1a1b1e' },
    logos: {},
    backgroundImage: null,
    defaultLanguage: 'pt-BR',
    oauth2: { google: false },
    recaptcha: false,
    preRegister: false,
    register: true,
    publicFaq: false,
    maintenance: false,
    cookies: { banner: false, policyUrl: null },
    passwordStrength: 'medium',
    registerFields: [],
    support: true,
    portfolio: false,
    directAccess: false,
    ...overrides,
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
