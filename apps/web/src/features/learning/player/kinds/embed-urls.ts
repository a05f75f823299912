/** Video ids and embed addresses of YouTube and Vimeo links, whatever form the author pasted. */

export function youtubeId(url: string): string | null {
  if (/^[\w-]{11}$/.test(url)) return url;
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^www\.|^m\./, '');
    if (host === 'youtu.be') return u.pathname.slice(1, 12) || null;
    if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
      const v = u.searchParams.get('v');
      if (v) return v;
      const match = /^\/(?:embed|shorts|live|v)\/([\w-]{11})/.exec(u.pathname);
      return match?.[1] ?? null;
    }
  } catch {
    return null;
  }
  return null;
}

export function vimeoId(url: string): string | null {
  if (/^\d+$/.test(url)) return url;
  try {
    const u = new URL(url);
    if (!/(^|\.)vimeo\.com$/.test(u.hostname)) return null;
    const match = /\/(?:video\/)?(\d+)/.exec(u.pathname);
    return match?.[1] ?? null;
  } catch {
    return null;
  }
}

export const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com';
export const VIMEO_ORIGIN = 'https://player.vimeo.com';

export function youtubeEmbedUrl(id: string, start: number, origin: string): string {
  const params = new URLSearchParams({
    enablejsapi: '1',
    origin,
    rel: '0',
    playsinline: '1',
    ...(start > 0 ? { start: String(Math.floor(start)) } : {}),
  });
  return `${YOUTUBE_ORIGIN}/embed/${encodeURIComponent(id)}?${params.toString()}`;
}

export function vimeoEmbedUrl(id: string, start: number): string {
  const hash = start > 0 ? `#t=${Math.floor(start)}s` : '';
  return `${VIMEO_ORIGIN}/video/${encodeURIComponent(id)}?dnt=1&playsinline=1${hash}`;
}

/** The video on the provider's own site: the fallback when its frame cannot load here. */
export function watchUrl(provider: 'youtube' | 'vimeo', id: string): string {
  return provider === 'youtube'
    ? `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`
    : `https://vimeo.com/${encodeURIComponent(id)}`;
}

/** The only deck origin the app's Content-Security-Policy lets it frame (apps/api security headers). */
export const SLIDESHARE_ORIGIN = 'https://www.slideshare.net';

/**
 * Whether a slideshare activity's address can be shown in a frame: an embed address on SlideShare's
 * framed origin, or a deck the API serves itself. A presentation page (which refuses to be framed) or
 * another host opens in a new tab instead.
 */
export function frameableDeck(url: string, appOrigin: string): boolean {
  try {
    const parsed = new URL(url, appOrigin);
    if (parsed.origin === appOrigin) return true;
    return parsed.origin === SLIDESHARE_ORIGIN && /^\/(?:slideshow\/)?embed/.test(parsed.pathname);
  } catch {
    return false;
  }
}
