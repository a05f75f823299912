import { clearSession, isSafePath, rememberRedirect } from './session-store';

export type DeepLinkPlatform = 'ios' | 'android' | 'web';

export interface DeepLink {
  /** Path (with its query, without the token) inside the app. */
  path: string;
  token: string | null;
}

type Navigate = (to: string) => unknown;
let navigate: Navigate | null = null;

/** The router registers how to move; links that arrive before that are ignored. */
export function setDeepLinkNavigator(next: Navigate | null): void {
  navigate = next;
}

/**
 * Reads a link handed over by the native shell: `https://host/path?token=…`, `app-scheme://path?token=…`
 * or a bare `/path?token=…`. Returns null for anything that is not a path of this app.
 */
export function parseDeepLink(raw: string): DeepLink | null {
  let url: URL;
  try {
    url = new URL(raw, 'https://app.invalid');
  } catch {
    return null;
  }
  let pathname = url.pathname;
  // In a custom scheme (app://online-courses/5) the first segment is parsed as the host.
  if (!['http:', 'https:'].includes(url.protocol)) {
    pathname = `/${url.host}${url.pathname === '/' ? '' : url.pathname}`.replace(/\/{2,}/g, '/');
  }
  const token = url.searchParams.get('token');
  url.searchParams.delete('token');
  const query = url.searchParams.toString();
  const path = `${pathname}${query ? `?${query}` : ''}${url.hash}`;
  if (!isSafePath(path)) return null;
  return { path, token: token || null };
}

function detectPlatform(): DeepLinkPlatform {
  if (typeof navigator === 'undefined') return 'web';
  if (/iPhone|iPad|iPod/i.test(navigator.userAgent)) return 'ios';
  if (/Android/i.test(navigator.userAgent)) return 'android';
  return 'web';
}

/**
 * Entry point for deep links from the native app (spec section 2): a path and an optional token. On iOS
 * the token is stored with the path and the user goes to login; elsewhere the app opens the path with
 * the token as a query, and the navigation guards take it from there (same outcome: sign in, then the
 * path). Returns where the app went, or null when the link was not usable.
 */
export function handleDeepLink(raw: string, options: { platform?: DeepLinkPlatform } = {}): string | null {
  const link = parseDeepLink(raw);
  if (!link || !navigate) return null;
  const platform = options.platform ?? detectPlatform();
  if (link.token && platform === 'ios') {
    clearSession();
    rememberRedirect(link.path, link.token);
    navigate('/');
    return '/';
  }
  const target = link.token
    ? `${link.path}${link.path.includes('?') ? '&' : '?'}token=${encodeURIComponent(link.token)}`
    : link.path;
  navigate(target);
  return target;
}

declare global {
  interface Window {
    __trilhaDeepLink?: typeof handleDeepLink;
  }
}

/** Exposes the entry point to the native shell as `window.__trilhaDeepLink(url, { platform })`. */
export function installDeepLinkHandler(next: Navigate): void {
  setDeepLinkNavigator(next);
  window.__trilhaDeepLink = handleDeepLink;
}
