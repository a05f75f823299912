import type { Readable } from 'node:stream';

/** What the storage knows of a stored file. */
export interface StoredFile {
  size: number;
  modified: Date;
}

/** Bytes `start` to `end`, both included (HTTP Range's own convention). */
export interface ByteRange {
  start: number;
  end: number;
}

/** How a signed URL is answered by the backend that serves it. */
export interface SignedUrlOptions {
  /** Seconds the URL stays valid: 1 to 604,800 (seven days, S3's own bound). */
  expiresInSeconds: number;
  contentType?: string;
  /** `Content-Disposition` of the answer (`attachment; filename*=…` for a download). */
  contentDisposition?: string;
}

/**
 * Where uploaded and generated files live: local disk under DATA_DIR/files by default, or an
 * S3-compatible bucket (`STORAGE=s3`; see docs/storage.md). Keys are relative, '/'-separated and never
 * leave the storage root (`safeKey`). Every adapter passes the same contract test
 * (storage.contract.test.ts).
 *
 * Uploads and unpacked packages go through `putStream`, so no file is ever held whole in memory;
 * `read` streams a file or a byte range of it (HTTP Range answers, a ranged GET on object storage) and
 * `readRange` lets the zip reader walk a stored archive.
 */
export interface Storage {
  /** Which backend this is (`local` or `s3`): for logs and the documentation's health notes. */
  readonly backend: 'local' | 's3';
  put(key: string, data: Uint8Array | Buffer): Promise<void>;
  /** Writes a stream under `key` (all or nothing: a failed stream leaves no file); answers its size. */
  putStream(key: string, data: Readable): Promise<number>;
  /** The whole file; `StorageNotFoundError` when there is none. Only for files known to be small. */
  get(key: string): Promise<Buffer>;
  /** `length` bytes from `offset` (fewer only at the end of the file, none past it). */
  readRange(key: string, offset: number, length: number): Promise<Buffer>;
  /**
   * A stream of the file, or of `range` (which the caller has checked against the file's size);
   * rejects with `StorageNotFoundError` when there is no such file.
   */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and modification time; undefined when there is no file under `key`. */
  stat(key: string): Promise<StoredFile | undefined>;
  exists(key: string): Promise<boolean>;
  /** The size in bytes; `StorageNotFoundError` when there is no such file. */
  size(key: string): Promise<number>;
  /** Every key under a prefix (a folder: `prefix/…`), sorted. */
  list(prefix: string): Promise<string[]>;
  /** Renames a key (a checked upload moves from its temporary key to its final one). */
  move(from: string, to: string): Promise<void>;
  /** Removes a file; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** Removes every key under a prefix (a SCORM package's folder, say). */
  removePrefix(prefix: string): Promise<void>;
  /**
   * A URL that reads the file straight from the backend for a while, where the backend can sign one
   * (S3: a presigned GET); undefined where it cannot (local disk: the API serves its files itself).
   */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string | undefined>;
}

export class StorageNotFoundError extends Error {
  readonly code = 'ENOENT';
  constructor(readonly key: string) {
    super(`no stored file: ${key}`);
  }
}

/**
 * A key made safe: '/'-separated parts, none empty, '.' or '..', none holding a backslash or a NUL. The
 * result never names anything outside the storage root.
 */
export function safeKey(key: string): string {
  const parts = key.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.some((p) => p === '..' || p.includes('\\') || p.includes('\0'))) {
    throw new Error(`unsafe storage key: ${key}`);
  }
  return parts.join('/');
}

/** Seconds a signed URL may live (1 s to seven days). */
export function signedUrlSeconds(options: SignedUrlOptions): number {
  const seconds = Math.floor(options.expiresInSeconds);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 604_800) {
    throw new RangeError('a signed URL lives between 1 second and 7 days');
  }
  return seconds;
}
