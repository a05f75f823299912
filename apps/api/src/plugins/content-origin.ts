import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { App } from '../context';
import { AppError } from '../lib/errors';
import { errorMessage } from '../lib/messages';

/**
 * Uploaded learning content runs on an origin of its own (see docs/content-isolation.md): a SCORM package
 * or HTML lesson written by a manager must never run script as the app, read its storage or call its API
 * as whoever opens it. This plugin splits the one server in two by origin:
 * - requests to the content origin (the second listener, or the content host behind a proxy) reach only
 *   the content paths; everything else there is a 404;
 * - requests to the app origin never get content: a content path answers a redirect to the content origin;
 * - writes to the API from a browser are refused unless they come from the app's own origin (or a
 *   configured one): `Origin` and `Sec-Fetch-Site` are checked on every unsafe method.
 */

/** Paths served by the content origin only. */
export const CONTENT_PREFIX = '/api/learning/content/';
export const CONTENT_BRIDGE_PATH = '/api/learning/content-bridge/scorm-bridge.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_SWAP: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };

export interface ContentOriginSettings {
  /** `http://127.0.0.1:3001` or the configured CONTENT_ORIGIN. */
  origin: string;
  /** `127.0.0.1:3001`: the Host header of a request to the content origin. */
  host: string;
  /** Port of the second listener, or null when a proxy routes the content host to the main port. */
  port: number | null;
  /** Origins of the app allowed to write to the API from a browser (besides the request's own). */
  appOrigins: string[];
  /** Origins that may frame content and read it by fetch: the app's, and Vite's dev server in development. */
  frameOrigins: string[];
}

export function contentOriginSettings(config: Config): ContentOriginSettings {
  const port = config.CONTENT_PORT ?? (config.PORT === 0 ? 0 : config.PORT + 1);
  const publicUrl = new URL(config.PUBLIC_URL);
  // Cookies ignore ports and two ports of one host are the same site: the default content origin takes the
  // other loopback name than the app's (127.0.0.1 for an app at localhost).
  const defaultHost = LOOPBACK_SWAP[publicUrl.hostname] ?? '127.0.0.1';
  const origin = config.CONTENT_ORIGIN
    ? new URL(config.CONTENT_ORIGIN).origin
    : `http://${defaultHost}:${port}`;
  const extra = config.API_ALLOWED_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => new URL(o).origin);
  const appOrigins = [
    ...new Set([publicUrl.origin, `http://localhost:${config.PORT}`, ...extra].filter((o) => o !== origin)),
  ];
  // The dev server (apps/web, port 5173) proxies the API, so its writes are same-origin; it frames content.
  const dev = config.NODE_ENV === 'development' ? ['http://localhost:5173'] : [];
  const frameOrigins = [...new Set([...appOrigins, ...dev])];
  return { origin, host: new URL(origin).host, port: port === 0 ? null : port, appOrigins, frameOrigins };
}

const CONTENT_LISTENER = Symbol('trilha.contentListener');
type Tagged = IncomingMessage & { [CONTENT_LISTENER]?: true };

/** The request handler of the content listener: the same app, with every request marked as content. */
export function contentListenerHandler(app: App) {
  return (req: IncomingMessage, res: ServerResponse) => {
    (req as Tagged)[CONTENT_LISTENER] = true;
    app.routing(req, res);
  };
}

export function isContentRequest(request: FastifyRequest, settings: ContentOriginSettings): boolean {
  return (request.raw as Tagged)[CONTENT_LISTENER] === true || request.host === settings.host;
}

const isContentPath = (url: string) => url.startsWith(CONTENT_PREFIX) || url.startsWith(CONTENT_BRIDGE_PATH);

/** The host part of an origin (`https://a.example:8443` → `a.example:8443`); null when unparsable. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Whether an unsafe request may reach the API. Browsers send `Origin` on every cross-origin request and
 * on same-origin writes; a sandboxed frame sends `Origin: null`. Server-to-server calls (partners) send
 * neither header and pass.
 */
export function writeAllowed(request: FastifyRequest, settings: ContentOriginSettings): boolean {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  const listed = typeof origin === 'string' && settings.appOrigins.includes(origin);
  if (typeof origin === 'string') {
    const sameHost = hostOf(origin) === request.host;
    if (!sameHost && !listed) return false;
  }
  // Same-site is not enough: 127.0.0.1:3001 and 127.0.0.1:3000 are the same site.
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none' && !listed) return false;
  return true;
}

const SENCE_RETURN_PREFIX = '/api/sence/return/';

export function registerContentOrigin(app: App, config: Config): ContentOriginSettings {
  const settings = contentOriginSettings(config);
  // The SENCE authority posts the learner's browser back to its return URLs (docs/sence.md).
  const senceOrigin = new URL(config.SENCE_AUTH_URL).origin;
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if (isContentRequest(request, settings)) {
      // The content origin serves content and nothing else: no API, no app, no docs.
      if (!isContentPath(url)) throw new AppError('NOT_FOUND', 404);
      return;
    }
    if (isContentPath(url)) {
      // A lesson URL opened on the app's origin is never rendered there.
      if (request.method === 'GET' || request.method === 'HEAD') {
        return reply.code(302).header('Location', `${settings.origin}${url}`).send();
      }
      throw new AppError('NOT_FOUND', 404);
    }
    if (
      !SAFE_METHODS.has(request.method) &&
      !writeAllowed(request, settings) &&
      !(url.startsWith(SENCE_RETURN_PREFIX) && request.headers.origin === senceOrigin)
    ) {
      if (url.startsWith('/o/')) {
        // The token endpoint answers in RFC 6749's shape.
        return reply.code(403).send({
          error: 'invalid_request',
          error_description: errorMessage('FORBIDDEN', request.lang ?? 'pt-BR'),
          code: 'FORBIDDEN',
        });
      }
      throw new AppError('FORBIDDEN', 403, { details: { reason: 'cross_origin' } });
    }
  });
  return settings;
}
