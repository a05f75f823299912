import { Transform, type Readable } from 'node:stream';
import { z } from 'zod';
import type { App } from '../../context';
import { safeKey, type Storage } from '../../lib/storage';
import { AppError } from '../../lib/errors';
import type { ContentSigner } from './content-urls';

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
 * The policy of HTML lessons and SCORM packages: a sandbox (no top navigation, no pop-ups, no plugins)
 * that keeps scripts, forms and the same origin — a SCO finds the runtime API by walking window.parent,
 * which needs the same origin. Packages often use inline scripts and styles, so those are allowed inside
 * the sandbox; network access stays on this origin.
 */
export const SANDBOX_CSP = [
  'sandbox allow-scripts allow-same-origin allow-forms',
  "default-src 'self' data: blob:",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** Parses a single `bytes=` range; null for none, 'invalid' when unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges (multipart/byteranges) are rare in players; the whole file is a valid answer to them.
  if (!m) return header.includes(',') ? null : 'invalid';
  const [, a = '', b = ''] = m;
  let start: number;
  let end: number;
  if (a === '' && b === '') return 'invalid';
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

/** Passes bytes [start, end] of a stream through and ends early. */
function slice(source: Readable, start: number, end: number): Readable {
  let offset = 0;
  const out = new Transform({
    transform(chunk: Buffer, _enc, done) {
      const from = Math.max(0, start - offset);
      const to = Math.min(chunk.length, end - offset + 1);
      offset += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      if (offset > end) {
        this.push(null);
        source.unpipe(out);
        source.destroy();
      }
      done();
    },
  });
  source.on('error', (err) => out.destroy(err));
  return source.pipe(out);
}

// One wildcard, split here: the router caps named parameters at 100 characters, and tokens and
// package paths can be longer.
const contentParams = z.object({ '*': z.string().max(3_000) });
const contentQuery = z.object({ download: z.enum(['1']).optional() });

/**
 * GET /api/learning/content/:token/* — learning files by signed URL (see content-urls.ts), with HTTP
 * Range (video seeking, pdf.js range requests). HTML lessons and SCORM packages are answered with the
 * sandbox policy above; the web also frames them with the same sandbox attribute.
 */
export function registerContentRoutes(app: App, storage: Storage, signer: ContentSigner) {
  app.get(
    '/api/learning/content/*',
    {
      schema: {
        tags: ['learning'],
        summary: 'A learning file by signed URL (Range supported)',
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
      const rest = wildcard.slice(slash + 1);
      let key: string;
      try {
        key = safeKey(`${grant.prefix}/${rest}`);
      } catch {
        throw new AppError('NOT_FOUND', 404);
      }
      // The key must stay inside the granted folder.
      if (!key.startsWith(`${safeKey(grant.prefix)}/`)) throw new AppError('NOT_FOUND', 404);
      if (!(await storage.exists(key))) throw new AppError('NOT_FOUND', 404);
      const size = await storage.size(key);
      const mime = mimeOf(key);
      reply.header('Accept-Ranges', 'bytes');
      reply.header('Cache-Control', 'private, max-age=3600');
      reply.header('Cross-Origin-Resource-Policy', 'same-origin');
      if (grant.mode === 'sandbox') reply.header('Content-Security-Policy', SANDBOX_CSP);
      else if (
        mime.startsWith('text/html') ||
        mime === 'image/svg+xml' ||
        mime.startsWith('text/javascript')
      ) {
        // Outside a sandbox grant, active content is only ever downloaded.
        reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
        reply.header('Content-Disposition', 'attachment');
      }
      if (request.query.download) {
        const name = key.slice(key.lastIndexOf('/') + 1);
        reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
      }
      reply.type(mime);
      const range = parseRange(request.headers.range, size);
      if (range === 'invalid') {
        reply.header('Content-Range', `bytes */${size}`);
        throw new AppError('BAD_REQUEST', 416);
      }
      if (request.method === 'HEAD') {
        reply.header('Content-Length', String(size));
        return reply.send('');
      }
      if (!range) {
        reply.header('Content-Length', String(size));
        return reply.send(storage.stream(key));
      }
      reply.code(206);
      reply.header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
      reply.header('Content-Length', String(range.end - range.start + 1));
      return reply.send(slice(storage.stream(key), range.start, range.end));
    },
  );
}
