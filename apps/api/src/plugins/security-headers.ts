import type { App } from '../context';

/**
 * Content-Security-Policy of the app: scripts only from its own built assets (never from any other path of
 * its origin, such as the learning content paths), frames only from the content origin (lessons and SCORM
 * packages), the video players it embeds and SlideShare's embedded decks (slideshare activities); media,
 * images and fetches also from the content origin (videos, covers, pdf.js, hls.js).
 */
export function contentSecurityPolicy(appOrigin: string, contentOrigin: string): string {
  return [
    "default-src 'self'",
    `script-src ${appOrigin}/assets/`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${contentOrigin}`,
    "font-src 'self' data:",
    `media-src 'self' blob: ${contentOrigin}`,
    `connect-src 'self' ${contentOrigin}`,
    `worker-src ${appOrigin}/assets/ blob:`,
    `frame-src ${contentOrigin} https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com https://www.slideshare.net`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * Security headers on every answer, computed once: setting a fixed object per request costs far less
 * than building the policy each time, and the session endpoint is on every page load.
 */
export const securityHeaders: Record<string, string> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=()',
};

export function registerSecurityHeaders(app: App, opts: { contentOrigin: string }) {
  // The policy names the app's own origin (script paths); one string per host the app is reached at.
  const policies = new Map<string, string>();
  const policyFor = (origin: string) => {
    let policy = policies.get(origin);
    if (policy === undefined) {
      policy = contentSecurityPolicy(origin, opts.contentOrigin);
      if (policies.size < 64) policies.set(origin, policy);
    }
    return policy;
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    reply.header('content-security-policy', policyFor(`${request.protocol}://${request.host}`));
    done();
  });
}
