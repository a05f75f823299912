import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenResponse } from '@trilha/contracts/auth';

/**
 * The web app's refresh token lives in a cookie no page script can read (HttpOnly), that the browser sends
 * only to the token endpoint (Path) and never with a request started by another site (SameSite=Strict),
 * over HTTPS only when the app is served over HTTPS (Secure). Partner and mobile clients keep the token
 * in the answer's body, as RFC 6749 has it.
 */
export const REFRESH_COOKIE = 'trilha_refresh';
export const REFRESH_COOKIE_PATH = '/o/token/';

/** Tokens as issued, and whether the refresh token goes to a cookie instead of the body. */
export interface IssuedTokens {
  tokens: TokenResponse;
  refreshCookie: boolean;
  /** Lifetime of the refresh cookie, in seconds (the session's). */
  refreshMaxAge: number;
}

function cookie(request: FastifyRequest, value: string, maxAge: number): string {
  const parts = [
    `${REFRESH_COOKIE}=${value}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (request.protocol === 'https') parts.push('Secure');
  return parts.join('; ');
}

/** Sends issued tokens: for the web app the refresh token is set as the cookie and left out of the body. */
export function sendTokens(
  request: FastifyRequest,
  reply: FastifyReply,
  issued: IssuedTokens,
): TokenResponse {
  reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
  if (!issued.refreshCookie) return issued.tokens;
  reply.header('Set-Cookie', cookie(request, issued.tokens.refresh_token ?? '', issued.refreshMaxAge));
  const { refresh_token: _kept, ...body } = issued.tokens;
  return body;
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.header('Set-Cookie', cookie(request, '', 0));
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === REFRESH_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return value || undefined;
    }
  }
  return undefined;
}

/**
 * Whether a request was started by another site or origin. Browsers send `Origin` on every POST made by
 * script or form, and `Sec-Fetch-Site` on every request; a request naming neither comes from no browser,
 * and cannot carry a cookie the browser keeps. SameSite=Strict already keeps the cookie off cross-site
 * requests; this also refuses other origins of the same site (another port of the host).
 */
export function crossOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    try {
      const url = new URL(origin);
      // Through URL both sides drop a default port (`Host: a.example:443` is `https://a.example`).
      return url.host !== new URL(`${url.protocol}//${request.host}`).host;
    } catch {
      return true;
    }
  }
  const site = request.headers['sec-fetch-site'];
  return typeof site === 'string' && site !== 'same-origin' && site !== 'none';
}
