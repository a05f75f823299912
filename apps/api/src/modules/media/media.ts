import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBody } from '@trilha/contracts/errors';
import type { App } from '../../context';
import { AppError } from '../../lib/errors';
import { sendStoredFile, statOrNotFound } from '../../lib/storage/serve';
import type { Storage } from '../../lib/storage';
import type { PreHandler } from '../../plugins/auth';

/**
 * Cache rules of stored files (plugins/response-policy.ts: an API answer is `no-store` unless its route
 * knows it may be kept, and then says so itself).
 */
export const mediaCache = {
  /** Anyone may keep it for good: the name changes with the content (login logos and backgrounds). */
  publicImmutable: 'public, max-age=31536000, immutable',
  /** The browser may keep it for good, no shared cache may (avatars behind unguessable names). */
  privateImmutable: 'private, max-age=31536000, immutable',
  /** Personal or counted on every read (a learner's download): never kept. */
  personal: 'no-store',
} as const;

/** What a media kind serves for one request. */
export interface MediaFile {
  key: string;
  mime: string;
  cacheControl: string;
  /** A download: always an attachment, under this name. */
  downloadName?: string;
}

/** One kind of stored file served by the media route: who may read it and where it lies. */
export interface MediaKind {
  /** The URL segment: `/api/media/<name>/<ref>`. */
  name: string;
  summary: string;
  /** Run before the look-up, like a route's preHandlers (sign-in, the client's modules). */
  guards: PreHandler[];
  /** The kind's query string; anything it does not declare is refused. */
  query?: z.ZodType<Record<string, unknown>>;
  /**
   * The file `ref` names, once the caller is known to be allowed to read it; undefined for a 404.
   * `ref` is at most 64 characters and checked by the kind itself.
   */
  resolve(
    request: FastifyRequest,
    ref: string,
    query: Record<string, unknown>,
  ): Promise<MediaFile | undefined>;
}

/**
 * Types a browser shows without running anything: raster images, audio and video. Everything else
 * (HTML, SVG, XML, scripts, PDF, office files …) is an attachment on the app's origin, so no stored file
 * can run as the app; lesson content is served on the content origin only (docs/content-isolation.md).
 */
const INLINE_SAFE = /^(image\/(png|jpeg|gif|webp|avif)|video\/[\w.+-]+|audio\/[\w.+-]+)$/;

const refParams = z.object({ kind: z.string().max(40), ref: z.string().min(1).max(64) });
const anyQuery = z.record(z.string().max(40), z.string().max(200));
/** The bytes of the file, streamed in its own type (never serialized). */
const fileBytes = z.string().describe('the file, in its own type');

export interface MediaRegistry {
  /** Adds a kind of file (each module adds its own when it registers). */
  add(kind: MediaKind): void;
  /**
   * Serves `ref` of `kind` for a route that already ran the kind's guards (an older URL kept as an
   * alias of the media route).
   */
  send(kind: string, ref: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  kind(name: string): MediaKind | undefined;
}

export function createMediaRegistry(storage: Storage): MediaRegistry {
  const kinds = new Map<string, MediaKind>();

  async function send(name: string, ref: string, request: FastifyRequest, reply: FastifyReply) {
    const kind = kinds.get(name);
    if (!kind) throw new AppError('NOT_FOUND', 404);
    let query: Record<string, unknown> = {};
    if (kind.query) {
      const parsed = kind.query.safeParse(request.query ?? {});
      if (!parsed.success) {
        throw new AppError('VALIDATION_FAILED', 400, {
          details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), issue: i.code })),
        });
      }
      query = parsed.data;
    }
    const file = await kind.resolve(request, ref, query);
    if (!file) throw new AppError('NOT_FOUND', 404);
    const stored = await statOrNotFound(storage, file.key);
    reply.header('Cache-Control', file.cacheControl);
    if (file.downloadName !== undefined || !INLINE_SAFE.test(file.mime)) {
      const name = file.downloadName ?? file.key.slice(file.key.lastIndexOf('/') + 1);
      reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
      // An attachment is never rendered here: no script of a stored file runs in the app's origin.
      reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
    }
    return sendStoredFile(request, reply, storage, file.key, stored, file.mime);
  }

  return {
    add(kind) {
      if (kinds.has(kind.name)) throw new Error(`media kind ${kind.name} is added twice`);
      kinds.set(kind.name, kind);
    },
    send,
    kind: (name) => kinds.get(name),
  };
}

/**
 * GET /api/media/:kind/:ref — every stored file the app shows or offers (avatars, login logos and
 * backgrounds, learners' downloads), each with its kind's own rules: who may read it, how long it may
 * be kept. Range (206, 416), the stored type with `nosniff`, and active types only as attachments.
 * Lesson content (HTML lessons, SCORM, course files) stays on the content origin (content.routes.ts).
 */
export function registerMediaRoutes(app: App, registry: MediaRegistry) {
  app.get(
    '/api/media/:kind/:ref',
    {
      config: { access: 'public' },
      schema: {
        tags: ['media'],
        summary:
          'A stored file (avatar, login image, download), under the rules of its kind (Range supported)',
        params: refParams,
        querystring: anyQuery,
        produces: ['image/webp', 'application/octet-stream'],
        response: {
          200: fileBytes,
          206: fileBytes.describe('the asked range of the file'),
          400: errorBody,
          401: errorBody,
          404: errorBody,
          416: errorBody,
        },
      },
    },
    async (request, reply) => {
      const kind = registry.kind(request.params.kind);
      if (!kind) throw new AppError('NOT_FOUND', 404);
      for (const guard of kind.guards) await guard(request, reply);
      return registry.send(kind.name, request.params.ref, request, reply);
    },
  );
}
