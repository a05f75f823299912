import type { App } from '../context';

/** A year, with subdomains: the app is only ever served over HTTPS once it is served over HTTPS at all. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/** Answers of the API and the token endpoint: personal (session, profile, progress, inbox) or secret. */
const apiPath = /^\/(api|o)(\/|$|\?)/;

/**
 * Caching and transport rules of every answer.
 *
 * - An API or token answer is stored by no cache (`no-store`): it is about the user who asked, or holds a
 *   token, and a shared or browser cache must not hand it to the next person on the same device or proxy.
 *   A route that knows its answer may be kept (a client's public logo, a content-addressed avatar, a
 *   course file) sets its own Cache-Control, and that one stands.
 * - Strict-Transport-Security only on answers that went over HTTPS: the socket's own TLS, or, with
 *   TRUST_PROXY, the protocol the proxy says it received (X-Forwarded-Proto). Over plain HTTP the header
 *   means nothing to a browser and would pin a host that has no certificate yet.
 */
export function registerResponsePolicy(app: App) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (apiPath.test(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', strictTransportSecurity);
    done(null, payload);
  });
}
