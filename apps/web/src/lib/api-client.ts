import type { TokenResponse } from '@trilha/contracts/auth';
import type { z } from 'zod';
import { clearSession, clearWebserviceToken, hasSession, setTokens, useCommonStore } from './session-store';

/** Every failed call surfaces as this: `code` is an API error code (contracts/errors.ts) or NETWORK_ERROR. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/**
 * How a call authenticates (spec section 7): `session` sends the bearer token, or the app's client
 * credentials when there is none; `client` always sends the client credentials (token endpoint);
 * `none` sends nothing (public configuration).
 */
export type AuthMode = 'session' | 'client' | 'none';

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body. */
  body?: unknown;
  /** Form-encoded body. */
  form?: Record<string, string>;
  /** Multipart body (file uploads); the browser sets its boundary. */
  formData?: FormData;
  auth?: AuthMode;
  /**
   * Headers of the caller's own (an `Idempotency-Key`): sent with the first request and with its replay
   * after a renewed session, so a retried write still acts once.
   */
  headers?: Record<string, string>;
  /**
   * Validates the answer; the call fails with INTERNAL when the server does not keep the contract. A
   * `lazyContract` loads its schema (and zod) in parallel with the call, off the first screen's bundle.
   */
  schema?: z.ZodType<T> | LazyContract<T>;
  signal?: AbortSignal;
}

/**
 * A contract whose schema is imported on first use (`() => import('@trilha/contracts/site').then((m) =>
 * m.loginConfig)`): the calls of the first screen (login configuration, session, token) keep their check
 * without putting zod and the contracts in the bundle that must load before that screen paints.
 */
export interface LazyContract<T> {
  readonly load: () => Promise<z.ZodType<T>>;
}

export function lazyContract<T>(load: () => Promise<z.ZodType<T>>): LazyContract<T> {
  let loading: Promise<z.ZodType<T>> | null = null;
  return {
    load: () => {
      loading ??= load().catch((error: unknown) => {
        loading = null;
        throw error;
      });
      return loading;
    },
  };
}

const isLazy = <T>(schema: z.ZodType<T> | LazyContract<T>): schema is LazyContract<T> =>
  'load' in schema && typeof schema.load === 'function';

const tokenContract = lazyContract(() => import('@trilha/contracts/auth').then((m) => m.tokenResponse));

type SessionExpiredHandler = () => void;
let sessionExpiredHandler: SessionExpiredHandler = () => undefined;

/** The router registers where to go when the session ends (the login screen). */
export function onSessionExpired(handler: SessionExpiredHandler): void {
  sessionExpiredHandler = handler;
}

const oauthCodes: Record<string, string> = {
  invalid_client: 'AUTH_INVALID_CLIENT',
  invalid_grant: 'AUTH_INVALID_CREDENTIALS',
  slow_down: 'AUTH_TOO_MANY_ATTEMPTS',
};

type ErrorTextLoader = (code: string) => Promise<void>;
let errorTextLoader: ErrorTextLoader = () => Promise.resolve();

/**
 * Registers what makes an error code's text available before the error reaches the screen: the texts of
 * some areas load after the first render (`ensureErrorText` in lib/i18n.ts, registered by src/main.tsx).
 */
export function onApiErrorText(loader: ErrorTextLoader): void {
  errorTextLoader = loader;
}

async function toApiError(response: Response): Promise<ApiError> {
  const error = await readApiError(response);
  await errorTextLoader(error.code).catch(() => undefined);
  return error;
}

async function readApiError(response: Response): Promise<ApiError> {
  const fallback =
    response.status >= 500 ? 'INTERNAL' : response.status === 401 ? 'UNAUTHENTICATED' : 'BAD_REQUEST';
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return new ApiError(response.status, fallback, response.statusText);
  }
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error;
    // The API's own shape: { error: { code, message, details } }
    if (error && typeof error === 'object') {
      const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
      return new ApiError(
        response.status,
        typeof code === 'string' ? code : fallback,
        typeof message === 'string' ? message : '',
        details,
      );
    }
    // RFC 6749 shape of the token endpoint: { error, error_description, code?, retry_after? }
    if (typeof error === 'string') {
      const oauth = body as { error_description?: unknown; code?: unknown; retry_after?: unknown };
      const header = Number(response.headers.get('Retry-After'));
      const retryAfter =
        typeof oauth.retry_after === 'number' ? oauth.retry_after : header > 0 ? header : undefined;
      return new ApiError(
        response.status,
        typeof oauth.code === 'string' ? oauth.code : (oauthCodes[error] ?? fallback),
        typeof oauth.error_description === 'string' ? oauth.error_description : error,
        { oauthError: error, ...(retryAfter ? { retryAfter } : {}) },
      );
    }
  }
  return new ApiError(response.status, fallback, response.statusText);
}

let clientIdRequest: Promise<string> | null = null;

/** The SPA's public OAuth client id, asked of the server once per page load. */
export function getOAuthClientId(): Promise<string> {
  clientIdRequest ??= send('/api/site/oauth-client', {}, null, 'none')
    .then(async (response) => {
      if (!response.ok) throw await toApiError(response);
      const { clientId } = (await response.json()) as { clientId: string };
      return clientId;
    })
    .catch((error: unknown) => {
      clientIdRequest = null;
      throw error;
    });
  return clientIdRequest;
}

async function send<T>(
  path: string,
  options: RequestOptions<T>,
  token: string | null,
  auth: AuthMode,
): Promise<Response> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const language = typeof document !== 'undefined' ? document.documentElement.lang : '';
  if (language) headers.set('Accept-Language', language);
  if (auth === 'session' && token) {
    headers.set('Authorization', `Bearer ${token}`);
  } else if (auth === 'client' || auth === 'session') {
    headers.set('Authorization', `Basic ${btoa(`${await getOAuthClientId()}:`)}`);
  }
  let body: BodyInit | undefined;
  if (options.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(options.form).toString();
  } else if (options.formData) {
    body = options.formData;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(path, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'Network error');
  }
}

async function readBody<T>(
  response: Response,
  contract: z.ZodType<T> | LazyContract<T> | undefined,
  /** A lazy contract's load, when the caller started it with the request. */
  started?: Promise<z.ZodType<T>>,
): Promise<T> {
  if (response.status === 204) return undefined as T;
  // A lazy schema is fetched while the answer's body is read, if the caller has not started it already.
  const loading = started ?? (contract && isLazy(contract) ? contract.load() : undefined);
  loading?.catch(() => undefined);
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  if (!contract) return json as T;
  const schema = loading
    ? await loading.catch((error: unknown) => {
        throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'Network error');
      })
    : (contract as z.ZodType<T>);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.error('Response does not match its contract', response.url, parsed.error.issues);
    throw new ApiError(response.status, 'INTERNAL', 'Unexpected response from the server');
  }
  return parsed.data;
}

/** Calls the token endpoint (form-encoded, client credentials). */
export async function requestToken(form: Record<string, string>): Promise<TokenResponse> {
  const response = await send('/o/token/', { method: 'POST', form }, null, 'client');
  if (!response.ok) throw await toApiError(response);
  return readBody(response, tokenContract);
}

let refreshing: Promise<string | null> | null = null;

// A page being left (a reload, a link to another document) must never end the session: a call it sends
// on its way out (a player's last commit) can meet an expired token, and the next page renews it anyway.
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leavingPage = true;
  });
  window.addEventListener('pageshow', () => {
    leavingPage = false;
  });
}

/**
 * The refresh token is an HttpOnly cookie the browser sends to the token endpoint only; this page never
 * sees it, so a script injected into the page cannot steal it.
 */
async function refreshTokens(): Promise<string | null> {
  try {
    const tokens = await requestToken({ grant_type: 'refresh_token' });
    setTokens(tokens);
    return tokens.access_token;
  } catch (error) {
    // A connection failure is not a verdict on the session: keep it and let the call fail.
    if (error instanceof ApiError && error.status === 0) throw error;
    return null;
  }
}

/**
 * After a 401: the access token to replay with, or null when the session is over. However many calls
 * fail together, one refresh runs; the others wait for it. A call that used a token which has since been
 * replaced just replays with the new one.
 */
async function renewAfter401(usedToken: string): Promise<string | null> {
  if (refreshing) return refreshing;
  const { accessToken } = useCommonStore.getState();
  if (accessToken && accessToken !== usedToken) return accessToken;
  // Signed out meanwhile (another tab, a logout): there is no session to renew.
  if (!accessToken) return null;
  refreshing = refreshTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Ends the session on the client and sends the user to the login screen. */
export function expireSession(): void {
  if (leavingPage) return;
  const { sessionType, accessToken } = useCommonStore.getState();
  const wasLoggedIn = Boolean(accessToken) || hasSession();
  clearSession();
  if (sessionType === 'webservice') clearWebserviceToken();
  if (wasLoggedIn) sessionExpiredHandler();
}

/** JSON call to the API with the session's bearer token, refreshing and replaying once on a 401. */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  // A lazy contract starts loading with the call rather than when its answer arrives: on a slow
  // connection the two round trips overlap instead of following each other.
  const loading = options.schema && isLazy(options.schema) ? options.schema.load() : undefined;
  loading?.catch(() => undefined);
  const response = await sendWithRenewal(path, options);
  return readBody(response, options.schema, loading);
}

/** A file the API answers (a CSV export), asked with the session like any call: a 401 renews and replays. */
export async function apiBlob(path: string): Promise<Blob> {
  return (await apiFile(path)).blob;
}

/** Like apiBlob, with the answer's headers (an export that counts what it left out in one). */
export async function apiFile(path: string): Promise<{ blob: Blob; headers: Headers }> {
  const response = await sendWithRenewal(path, {});
  return { blob: await response.blob(), headers: response.headers };
}

async function sendWithRenewal<T>(path: string, options: RequestOptions<T>): Promise<Response> {
  const auth = options.auth ?? 'session';
  if (auth === 'session' && refreshing) await refreshing.catch(() => null);
  const token = auth === 'session' ? useCommonStore.getState().accessToken : null;
  let response = await send(path, options, token, auth);

  if (response.status === 401 && auth === 'session') {
    if (leavingPage) throw await toApiError(response);
    const replayToken = token ? await renewAfter401(token) : null;
    if (replayToken) response = await send(path, options, replayToken, auth);
    if (!replayToken || response.status === 401) {
      const error = await toApiError(response);
      expireSession();
      throw error;
    }
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Forgets module state between tests. */
export function resetApiClientForTests(): void {
  refreshing = null;
  leavingPage = false;
  clientIdRequest = null;
  sessionExpiredHandler = () => undefined;
}
