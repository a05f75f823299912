import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { StorageNotFoundError, type Storage, type StoredFile } from './port';

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

/** A read of a stored file, a missing file answered 404 (it may be removed between look-up and read). */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('NOT_FOUND', 404);
    throw error;
  }
}

/** The stored file under `key`, or a 404. */
export async function statOrNotFound(storage: Storage, key: string): Promise<StoredFile> {
  const file = await storage.stat(key);
  if (!file) throw new AppError('NOT_FOUND', 404);
  return file;
}

/**
 * Sends a stored file with HTTP Range: the whole file (200), one range of it (206 with Content-Range)
 * or 416 with `Content-Range: bytes *\/size` when the range lies outside it; HEAD gets the headers
 * only. Content-Type is the caller's, never sniffed (`nosniff`). The bytes stream from the storage
 * (a ranged read, so a seek into a large video reads only what it asks for).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  file: StoredFile,
  mime: string,
) {
  reply.header('Accept-Ranges', 'bytes');
  reply.header('X-Content-Type-Options', 'nosniff');
  const range = parseRange(request.headers.range, file.size);
  if (range === 'invalid') {
    reply.header('Content-Range', `bytes */${file.size}`);
    throw new AppError('BAD_REQUEST', 416);
  }
  reply.header('Last-Modified', file.modified.toUTCString());
  reply.type(mime);
  if (range) {
    reply.code(206);
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
  }
  reply.header('Content-Length', String(range ? range.end - range.start + 1 : file.size));
  // HEAD: an empty stream, so Fastify keeps the Content-Length above (it counts a string's bytes).
  if (request.method === 'HEAD') return reply.send(Readable.from([]));
  return reply.send(await orNotFound(storage.read(key, range ?? undefined)));
}
