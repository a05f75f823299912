import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import type { UploadErrorCode } from '@trilha/contracts/errors-uploads';
import { AppError } from './errors';
import type { Storage } from './storage';

/** Groups of accepted content, decided by the bytes of the file, never by its name. */
export const uploadKinds = {
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  pdf: ['application/pdf'],
  video: ['video/mp4', 'video/webm', 'video/quicktime'],
  audio: ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/ogg', 'audio/wav', 'audio/x-wav', 'audio/webm'],
  zip: ['application/zip'],
  compressed: [
    'application/zip',
    'application/x-7z-compressed',
    'application/x-rar-compressed',
    'application/gzip',
  ],
  excel: [
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/x-cfb',
    'application/zip',
  ],
  document: [
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/x-cfb',
    'application/zip',
    'application/rtf',
  ],
  powerpoint: [
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/x-cfb',
    'application/zip',
  ],
  flash: ['application/x-shockwave-flash'],
} as const;
export type UploadKind = keyof typeof uploadKinds;

export interface CheckedUpload {
  mime: string;
  ext: string;
  size: number;
  sha256: string;
}

const MIB = 1024 * 1024;

/**
 * A refused upload that says why: the code names the reason (type, size, content, unpacked size, file
 * count …) and `values` the limit, in the details (for the form) and in the translated message.
 */
export function uploadRefused(
  code: UploadErrorCode,
  status: number,
  values: Record<string, string | number> = {},
  field = 'file',
): AppError {
  return new AppError(code, status, { details: { field, ...values }, params: values });
}

export const tooLarge = (maxBytes: number, field = 'file') =>
  uploadRefused('UPLOAD_TOO_LARGE', 413, { megabytes: Math.floor((maxBytes / MIB) * 10) / 10 }, field);

/**
 * Checks an upload held in memory by its content: the sniffed type must be one of the accepted kinds and
 * the size within the limit. Answers VALIDATION_FAILED with details the web shows next to the field.
 */
export async function checkUpload(
  data: Buffer,
  accept: readonly UploadKind[],
  maxBytes: number,
  field = 'file',
): Promise<CheckedUpload> {
  if (data.length === 0) {
    throw new AppError('VALIDATION_FAILED', 400, { details: [{ path: field, issue: 'empty_file' }] });
  }
  if (data.length > maxBytes) {
    throw new AppError('VALIDATION_FAILED', 400, {
      details: [{ path: field, issue: 'file_too_large', maxBytes }],
    });
  }
  const type = await fileTypeFromBuffer(data);
  const allowed = new Set<string>(accept.flatMap((k) => uploadKinds[k]));
  if (!type || !allowed.has(type.mime)) {
    throw new AppError('VALIDATION_FAILED', 400, {
      details: [{ path: field, issue: 'file_type_not_allowed', detected: type?.mime ?? 'unknown' }],
    });
  }
  return {
    mime: type.mime,
    ext: type.ext,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
  };
}

/** How much of an upload is kept in memory to recognise its type (and a PDF's page count). */
export const UPLOAD_HEAD_BYTES = 256 * 1024;

/** An upload written to storage: where, how big and its first bytes. */
export interface StoredUpload {
  key: string;
  size: number;
  head: Buffer;
}

/**
 * Streams an upload into storage under `key`, never holding it whole: the size limit is enforced while
 * the bytes flow (the stream fails at the first byte past it, and nothing is left in storage), and
 * only the first UPLOAD_HEAD_BYTES are kept.
 */
export async function receiveUpload(
  storage: Storage,
  data: Readable | Buffer,
  key: string,
  maxBytes: number,
  field = 'file',
): Promise<StoredUpload> {
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
  async function* metered(): AsyncGenerator<Buffer> {
    // Leaving this loop (a throw) ends the source too, so an oversized upload stops being read.
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes) throw tooLarge(maxBytes, field);
        if (headBytes < UPLOAD_HEAD_BYTES) {
          const part = chunk.subarray(0, UPLOAD_HEAD_BYTES - headBytes);
          head.push(Buffer.from(part));
          headBytes += part.length;
        }
        yield chunk;
      }
    } catch (error) {
      throw sourceFailure(error, maxBytes, field);
    }
  }
  await storage.putStream(key, Readable.from(metered()));
  if (size === 0) {
    await storage.remove(key);
    throw uploadRefused('UPLOAD_EMPTY', 400, {}, field);
  }
  return { key, size, head: Buffer.concat(head) };
}

/**
 * Why reading an upload's bytes failed: our own refusal, busboy's size limit (too large), or a request
 * body that ended or broke before the file did (a 400: the client sent a malformed request).
 */
export function sourceFailure(error: unknown, maxBytes: number, field = 'file'): AppError {
  if (error instanceof AppError) return error;
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes, field);
  return new AppError('BAD_REQUEST', 400, { details: { field, reason: 'upload_interrupted' } });
}

/** A fresh temporary key for an upload on its way (outside every served prefix). */
export const temporaryUploadKey = () =>
  `tmp/uploads/${Date.now().toString(36)}-${randomBytes(8).toString('hex')}`;

/** The type of a stored upload, from its first bytes; refuses a type not among `accept`. */
export async function sniffUpload(
  head: Buffer,
  accept: readonly UploadKind[],
  field = 'file',
): Promise<{ mime: string; ext: string }> {
  const type = await fileTypeFromBuffer(head);
  const allowed = new Set<string>(accept.flatMap((k) => uploadKinds[k]));
  if (!type || !allowed.has(type.mime)) throw uploadRefused('UPLOAD_TYPE_NOT_ACCEPTED', 415, {}, field);
  return { mime: type.mime, ext: type.ext };
}

/** Largest picture (width × height) any image upload may decode to: avatars, covers, site assets. */
export const IMAGE_MAX_PIXELS = 50_000_000;

/**
 * The one way uploaded pictures are opened: sharp refuses to decode more than IMAGE_MAX_PIXELS (a
 * 30 kB PNG can declare 50,000 × 50,000 pixels) and fails on a corrupt file instead of guessing.
 */
export function readImage(input: Buffer): Sharp {
  return sharp(input, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS });
}

/** sharp's failure as the reason the user sees: too many pixels, or content that is not a valid image. */
export function imageRefusal(error: unknown, field = 'file'): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) {
    return uploadRefused(
      'UPLOAD_IMAGE_TOO_MANY_PIXELS',
      400,
      { megapixels: IMAGE_MAX_PIXELS / 1_000_000 },
      field,
    );
  }
  return uploadRefused('UPLOAD_INVALID_CONTENT', 400, {}, field);
}

/** What a package (SCORM, HTML lesson, HLS folder) may unpack to. */
export interface PackageLimits {
  maxTotalBytes: number;
  maxEntries: number;
  maxRatio: number;
}

export function packageLimitsOf(config: {
  MAX_UNPACKED_MB: number;
  MAX_PACKAGE_FILES: number;
  MAX_UNPACK_RATIO: number;
}): PackageLimits {
  return {
    maxTotalBytes: config.MAX_UNPACKED_MB * MIB,
    maxEntries: config.MAX_PACKAGE_FILES,
    maxRatio: config.MAX_UNPACK_RATIO,
  };
}

export const DEFAULT_PACKAGE_LIMITS: PackageLimits = {
  maxTotalBytes: 1024 * MIB,
  maxEntries: 10_000,
  maxRatio: 100,
};

/** Seconds a client is told to wait (Retry-After) when every import slot and queue place is taken. */
export const IMPORT_RETRY_AFTER_SECONDS = 30;

export interface ImportSlots {
  /** Runs `job` when a slot is free; waits in line, or throws UPLOAD_BUSY (503) when the line is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * Package imports are heavy (inflating, writing hundreds of files): at most `max` run at once on an
 * instance, `queued` more wait for a slot, and further ones are turned away at once rather than piling
 * up behind them.
 */
export function createImportSlots(max: number, queued: number): ImportSlots {
  let running = 0;
  const line: (() => void)[] = [];
  return {
    async run(job) {
      if (running >= max) {
        if (line.length >= queued) {
          throw uploadRefused('UPLOAD_BUSY', 503, { retryAfter: IMPORT_RETRY_AFTER_SECONDS });
        }
        await new Promise<void>((resolve) => line.push(resolve));
      } else {
        running++;
      }
      try {
        return await job();
      } finally {
        // The slot passes straight to the next in line, so `running` only drops when nobody waits.
        const next = line.shift();
        if (next) next();
        else running--;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
  };
}
