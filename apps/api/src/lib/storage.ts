import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded and generated files live. Local disk under DATA_DIR/files by default; an
 * S3-compatible implementation can be put behind the same port. Keys are relative, '/'-separated and
 * never leave the storage root.
 *
 * Uploads and unpacked packages go through `putStream`, so no file is ever held whole in memory;
 * `readRange` lets the zip reader walk a stored archive (a ranged GET on object storage).
 */
export interface Storage {
  put(key: string, data: Uint8Array | Buffer): Promise<void>;
  /** Writes a stream under `key` (all or nothing: a failed stream leaves no file); answers its size. */
  putStream(key: string, data: Readable): Promise<number>;
  get(key: string): Promise<Buffer>;
  /** `length` bytes from `offset` (fewer only at the end of the file). */
  readRange(key: string, offset: number, length: number): Promise<Buffer>;
  stream(key: string): Readable;
  exists(key: string): Promise<boolean>;
  size(key: string): Promise<number>;
  /** Renames a key (a checked upload moves from its temporary key to its final one). */
  move(from: string, to: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Removes every key under a prefix (a SCORM package's folder, say). */
  removePrefix(prefix: string): Promise<void>;
}

export function safeKey(key: string): string {
  const parts = key.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.some((p) => p === '..' || p.includes('\\') || p.includes('\0'))) {
    throw new Error(`unsafe storage key: ${key}`);
  }
  return parts.join('/');
}

let tmpCounter = 0;

export function createDiskStorage(root: string): Storage {
  const full = (key: string) => path.join(root, ...safeKey(key).split('/'));
  // Write then rename, so a reader never sees half a file.
  const tmpOf = (file: string) => `${file}.${process.pid}.${Date.now()}.${tmpCounter++}.tmp`;
  return {
    async put(key, data) {
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = tmpOf(file);
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async putStream(key, data) {
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = tmpOf(file);
      const out = createWriteStream(tmp);
      try {
        await pipeline(data, out);
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
      await fs.rename(tmp, file);
      return out.bytesWritten;
    },
    get: (key) => fs.readFile(full(key)),
    async readRange(key, offset, length) {
      const handle = await fs.open(full(key), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    stream: (key) => createReadStream(full(key)),
    async exists(key) {
      try {
        await fs.access(full(key));
        return true;
      } catch {
        return false;
      }
    },
    async size(key) {
      return (await fs.stat(full(key))).size;
    },
    async move(from, to) {
      const target = full(to);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(full(from), target);
    },
    async remove(key) {
      await fs.rm(full(key), { force: true });
    },
    async removePrefix(prefix) {
      await fs.rm(full(prefix), { recursive: true, force: true });
    },
  };
}
