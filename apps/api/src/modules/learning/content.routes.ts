import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../context';
import { safeKey, type Storage } from '../../lib/storage';
import { orNotFound, sendStoredFile, statOrNotFound } from '../../lib/storage/serve';
import { AppError } from '../../lib/errors';
import { CONTENT_BRIDGE_PATH } from '../../plugins/content-origin';
import type { ContentGate } from './content-gate';
import type { ContentSigner } from './content-urls';
import { SCORM_BRIDGE_SOURCE } from './scorm/scorm-bridge';

const mimeByExt: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  vtt: 'text/vtt; charset=utf-8',
  zip: 'application/zip',
  swf: 'application/x-shockwave-flash',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

export function mimeOf(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return mimeByExt[ext] ?? 'application/octet-stream';
}

/**
 * The policy of HTML lessons and SCORM packages, served on the content origin only: a sandbox (no top
 * navigation, no pop-ups, no plugins) that keeps scripts, forms and the content origin as its own (the
 * package's own storage works; the app's origin is another one, so nothing of the app is reachable).
 * Packages often use inline scripts and styles, so those are allowed; network access stays on the content
 * origin (the API is never reachable from a package), and only the app may frame it. SCORM packages may
 * also open the browser's own dialogs (`alert`, `confirm`: "resume where you left?"), which reach nothing.
 */
export function sandboxCsp(appOrigins: readonly string[], opts: { modals?: boolean } = {}): string {
  return [
    `sandbox allow-scripts allow-same-origin allow-forms${opts.modals ? ' allow-modals' : ''}`,
    "default-src 'self' data: blob:",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${appOrigins.join(' ') || "'none'"}`,
  ].join('; ');
}

/** Files (images, media, documents): nothing runs; only the app frames them. */
function fileCsp(appOrigins: readonly string[]): string {
  return `default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors ${appOrigins.join(' ') || "'none'"}`;
}

/** The first `<head>` (or the top of the document): where the runtime bridge must load before the package. */
export function injectBridge(html: string, scriptPath: string): string {
  const tag = `<script src="${scriptPath}"></script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length);
  const doctype = /<!doctype[^>]*>/i.exec(html);
  if (doctype)
    return (
      html.slice(0, doctype.index + doctype[0].length) + tag + html.slice(doctype.index + doctype[0].length)
    );
  return tag + html;
}

/** Parses a single `bytes=` range (shared by every file answer: lib/storage/serve.ts). */
export { parseRange } from '../../lib/storage/serve';

// One wildcard, split here: the router caps named parameters at 100 characters, and tokens and
// package paths can be longer.
const contentParams = z.object({ '*': z.string().max(3_000) });
const contentQuery = z.object({ download: z.enum(['1']).optional() });

/** HTML pages of a SCORM package are read whole to inject the bridge; larger ones are served as they are. */
const MAX_INJECTED_HTML = 8 * 1024 * 1024;

export interface ContentRouteOptions {
  storage: Storage;
  signer: ContentSigner;
  gate: ContentGate;
  /** Origins of the app: they frame content and read it by fetch (pdf.js, hls.js, downloads). */
  appOrigins: readonly string[];
}

/**
 * GET /api/learning/content/:token/* — learning files by signed URL (see content-urls.ts), with HTTP
 * Range (video seeking, pdf.js range requests). Reached only on the content origin (plugins/content-origin.ts):
 * HTML lessons and SCORM packages are answered with the sandbox policy above, and each HTML page of a
 * SCORM package gets the runtime bridge (scorm/scorm-bridge.ts) before its own scripts.
 */
export function registerContentRoutes(app: App, opts: ContentRouteOptions) {
  const { storage, signer, gate, appOrigins } = opts;
  const sandboxPolicy = sandboxCsp(appOrigins);
  const scormPolicy = sandboxCsp(appOrigins, { modals: true });
  const filePolicy = fileCsp(appOrigins);

  /** Cross-origin reads by the app (no cookies: the URL is the capability). */
  function allowApp(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin;
    reply.header('Vary', 'Origin');
    if (typeof origin === 'string' && appOrigins.includes(origin)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Expose-Headers', 'Content-Range, Accept-Ranges, Content-Length');
    }
  }

  app.get(
    CONTENT_BRIDGE_PATH,
    {
      config: { access: 'public' },
      schema: { tags: ['learning'], summary: 'SCORM runtime bridge injected into packages (content origin)' },
    },
    async (_request, reply) => {
      reply.removeHeader('X-Frame-Options');
      reply.header('Cache-Control', 'public, max-age=300');
      reply.header('Content-Security-Policy', "default-src 'none'");
      return reply.type('text/javascript; charset=utf-8').send(SCORM_BRIDGE_SOURCE);
    },
  );

  app.options(
    '/api/learning/content/*',
    { config: { access: 'public' }, schema: { hide: true, params: contentParams } },
    async (request, reply) => {
      allowApp(request, reply);
      reply.header('Access-Control-Allow-Methods', 'GET, HEAD');
      reply.header('Access-Control-Allow-Headers', 'Range');
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/learning/content/*',
    {
      config: { access: 'public' },
      schema: {
        tags: ['learning'],
        summary: 'A learning file by signed URL (Range supported; content origin only)',
        params: contentParams,
        querystring: contentQuery,
      },
    },
    async (request, reply) => {
      const wildcard = request.params['*'];
      const slash = wildcard.indexOf('/');
      if (slash < 0) throw new AppError('NOT_FOUND', 404);
      const grant = signer.verify(wildcard.slice(0, slash));
      if (grant === 'expired') throw new AppError('LEARNING_CONTENT_LINK_EXPIRED', 403);
      if (grant === 'invalid') throw new AppError('NOT_FOUND', 404);
      // The login that asked for it ended, or its user lost the course: the link is over.
      if (!(await gate.allows(grant))) throw new AppError('LEARNING_CONTENT_LINK_EXPIRED', 403);
      const rest = wildcard.slice(slash + 1);
      let key: string;
      try {
        key = safeKey(`${grant.prefix}/${rest}`);
      } catch {
        throw new AppError('NOT_FOUND', 404);
      }
      // The key must stay inside the granted folder.
      if (!key.startsWith(`${safeKey(grant.prefix)}/`)) throw new AppError('NOT_FOUND', 404);
      const stored = await statOrNotFound(storage, key);
      const mime = mimeOf(key);
      allowApp(request, reply);
      // The app's frame-ancestors list replaces X-Frame-Options, which cannot name another origin.
      reply.removeHeader('X-Frame-Options');
      reply.header('Accept-Ranges', 'bytes');
      reply.header('Cache-Control', 'private, max-age=300');
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      const sandboxed = grant.mode === 'sandbox' || grant.mode === 'scorm';
      reply.header(
        'Content-Security-Policy',
        grant.mode === 'scorm' ? scormPolicy : sandboxed ? sandboxPolicy : filePolicy,
      );
      if (
        !sandboxed &&
        (mime.startsWith('text/html') || mime === 'image/svg+xml' || mime.startsWith('text/javascript'))
      ) {
        // Outside a sandbox grant, active content is only ever downloaded.
        reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
        reply.header('Content-Disposition', 'attachment');
      }
      if (request.query.download) {
        const name = key.slice(key.lastIndexOf('/') + 1);
        reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
      }
      if (grant.mode === 'scorm' && mime.startsWith('text/html') && stored.size <= MAX_INJECTED_HTML) {
        // The package finds API / API_1484_11 in its own window: the bridge relays to the app's runtime.
        const html = injectBridge((await orNotFound(storage.get(key))).toString('utf8'), CONTENT_BRIDGE_PATH);
        reply.header('Cache-Control', 'no-cache');
        reply.header('X-Content-Type-Options', 'nosniff');
        reply.type(mime);
        if (request.method === 'HEAD') return reply.send('');
        return reply.send(html);
      }
      return sendStoredFile(request, reply, storage, key, stored, mime);
    },
  );
}
