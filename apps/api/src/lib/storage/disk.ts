import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { safeKey, signedUrlSeconds, StorageNotFoundError, type Storage, type StoredFile } from './port';

let tmpCounter = 0;
/** Files being written (`<name>.<pid>.<time>.<n>.tmp`): never listed, never served. */
const TMP_SUFFIX = /\.\d+\.\d+\.\d+\.tmp$/;

const missing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

/**
 * The local-disk adapter: files under `root`, one per key. A key is checked by `safeKey` and the path
 * it makes is checked again to lie under `root`, so no key reaches outside it. Writes go to a temporary
 * file renamed into place, so a reader never sees half a file.
 */
export function createDiskStorage(root: string): Storage {
  const base = path.resolve(root);
  const full = (key: string) => {
    const file = path.join(base, ...safeKey(key).split('/'));
    if (!file.startsWith(base + path.sep)) throw new Error(`unsafe storage key: ${key}`);
    return file;
  };
  const tmpOf = (file: string) => `${file}.${process.pid}.${Date.now()}.${tmpCounter++}.tmp`;

  async function stat(key: string): Promise<StoredFile | undefined> {
    try {
      const s = await fs.stat(full(key));
      return s.isFile() ? { size: s.size, modified: s.mtime } : undefined;
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  async function open(key: string) {
    try {
      const handle = await fs.open(full(key), 'r');
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        throw new StorageNotFoundError(key);
      }
      return handle;
    } catch (error) {
      if (missing(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async function walk(dir: string, prefix: string, out: string[]) {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (missing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), key, out);
      else if (entry.isFile() && !TMP_SUFFIX.test(entry.name)) out.push(key);
    }
  }

  return {
    backend: 'local',
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
    async get(key) {
      const handle = await open(key);
      try {
        return await handle.readFile();
      } finally {
        await handle.close();
      }
    },
    async readRange(key, offset, length) {
      const handle = await open(key);
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return bytesRead === length ? buffer : buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async read(key, range) {
      const handle = await open(key);
      // The stream owns the handle from here and closes it when it ends or is destroyed.
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {}) as Readable;
    },
    stat,
    async exists(key) {
      return (await stat(key)) !== undefined;
    },
    async size(key) {
      const s = await stat(key);
      if (!s) throw new StorageNotFoundError(key);
      return s.size;
    },
    async list(prefix) {
      const safe = safeKey(prefix);
      const out: string[] = [];
      await walk(full(safe), safe, out);
      return out.sort();
    },
    async move(from, to) {
      const source = full(from);
      const target = full(to);
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.rename(source, target);
      } catch (error) {
        if (missing(error)) throw new StorageNotFoundError(from);
        throw error;
      }
    },
    async remove(key) {
      const file = full(key);
      if ((await stat(key)) !== undefined) await fs.rm(file, { force: true });
    },
    async removePrefix(prefix) {
      await fs.rm(full(prefix), { recursive: true, force: true });
    },
    async signedUrl(_key, options) {
      signedUrlSeconds(options);
      return undefined;
    },
  };
}
