import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live. Local disk under DATA_DIR/files by default; an
 * S3-compatible implementation can be put behind the same port. Keys are relative, '/'-separated and
 * never leave the storage root.
 */
export interface Storage {
  put(key: string, data: Uint8Array | Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  stream(key: string): Readable;
  exists(key: string): Promise<boolean>;
  size(key: string): Promise<number>;
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

export function createDiskStorage(root: string): Storage {
  const full = (key: string) => path.join(root, ...safeKey(key).split('/'));
  return {
    async put(key, data) {
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    get: (key) => fs.readFile(full(key)),
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
    async remove(key) {
      await fs.rm(full(key), { force: true });
    },
    async removePrefix(prefix) {
      await fs.rm(full(prefix), { recursive: true, force: true });
    },
  };
}
