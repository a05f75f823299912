import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { createDiskStorage } from './disk';
import { StorageNotFoundError, type Storage } from './port';
import { createS3Storage } from './s3';

const MiB = 1024 * 1024;

/** Deterministic bytes: byte i is (i * 7 + seed) mod 251, so any misplaced slice shows. */
function bytes(length: number, seed = 0): Buffer {
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) out[i] = (i * 7 + seed) % 251;
  return out;
}

/** A stream of `data` in chunks of `chunk` bytes. */
function chunked(data: Buffer, chunk = 64 * 1024): Readable {
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += chunk) parts.push(data.subarray(i, i + chunk));
  return Readable.from(parts);
}

/** A stream that gives `before` bytes and then fails. */
function failingAfter(before: number): Readable {
  async function* source() {
    yield* chunked(bytes(before));
    throw new Error('the source broke');
  }
  return Readable.from(source());
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface Adapter {
  name: string;
  open(): Promise<{ storage: Storage; close(): Promise<void> }>;
  /** Whether the backend signs URLs of its own. */
  signs: boolean;
}

const adapters: Adapter[] = [
  {
    name: 'local disk',
    signs: false,
    async open() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trilha-storage-'));
      return {
        storage: createDiskStorage(path.join(root, 'files')),
        close: async () => fs.rmSync(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3 (s3rver)',
    signs: true,
    async open() {
      const server: TestS3Server = await startS3Server();
      return {
        // Parts of S3's smallest size, so a few MiB already take the multipart path.
        storage: createS3Storage({
          bucket: server.bucket,
          region: 'us-east-1',
          endpoint: server.endpoint,
          forcePathStyle: true,
          credentials: server.credentials,
          partBytes: 5 * MiB,
        }),
        close: () => server.close(),
      };
    },
  },
];

describe.each(adapters)('storage contract: $name', (adapter) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await adapter.open());
  });
  afterAll(async () => {
    await close();
  });

  it('writes, reads and describes a file', async () => {
    const data = bytes(1000);
    await storage.put('a/one.bin', data);
    expect(await storage.get('a/one.bin')).toEqual(data);
    expect(await storage.exists('a/one.bin')).toBe(true);
    expect(await storage.size('a/one.bin')).toBe(1000);
    const stat = await storage.stat('a/one.bin');
    expect(stat?.size).toBe(1000);
    expect(stat?.modified).toBeInstanceOf(Date);
    // A key is normalised: empty and '.' parts are dropped.
    expect(await storage.get('./a//one.bin')).toEqual(data);
    // Writing again replaces the file.
    await storage.put('a/one.bin', bytes(10, 3));
    expect(await storage.get('a/one.bin')).toEqual(bytes(10, 3));
  });

  it('answers a missing file the same way', async () => {
    expect(await storage.exists('nothing/here.txt')).toBe(false);
    expect(await storage.stat('nothing/here.txt')).toBeUndefined();
    await expect(storage.get('nothing/here.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.read('nothing/here.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.size('nothing/here.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.readRange('nothing/here.txt', 0, 4)).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.move('nothing/here.txt', 'nothing/else.txt')).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
    // A folder is not a file.
    await storage.put('folder/inner.txt', Buffer.from('x'));
    expect(await storage.stat('folder')).toBeUndefined();
    await expect(storage.read('folder')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('streams an upload in and says how big it was, across several parts', async () => {
    const data = bytes(11 * MiB + 123, 5);
    expect(await storage.putStream('big/video.mp4', chunked(data))).toBe(data.length);
    expect(await storage.size('big/video.mp4')).toBe(data.length);
    expect((await readAll(await storage.read('big/video.mp4'))).equals(data)).toBe(true);
    // An empty stream is an empty file.
    expect(await storage.putStream('big/empty.txt', Readable.from([]))).toBe(0);
    expect(await storage.size('big/empty.txt')).toBe(0);
  });

  it('leaves nothing behind when the stream fails, before or after its first part', async () => {
    await expect(storage.putStream('broken/small.bin', failingAfter(1000))).rejects.toThrow(
      'the source broke',
    );
    await expect(storage.putStream('broken/large.bin', failingAfter(6 * MiB))).rejects.toThrow(
      'the source broke',
    );
    expect(await storage.exists('broken/small.bin')).toBe(false);
    expect(await storage.exists('broken/large.bin')).toBe(false);
    expect(await storage.list('broken')).toEqual([]);
  });

  it('reads byte ranges, as streams and as buffers', async () => {
    const data = bytes(100_000, 9);
    await storage.put('ranges/file.bin', data);
    expect(await readAll(await storage.read('ranges/file.bin', { start: 10, end: 19 }))).toEqual(
      data.subarray(10, 20),
    );
    expect(await readAll(await storage.read('ranges/file.bin', { start: 99_999, end: 99_999 }))).toEqual(
      data.subarray(99_999),
    );
    expect(await storage.readRange('ranges/file.bin', 50_000, 1000)).toEqual(data.subarray(50_000, 51_000));
    // Fewer bytes only at the end, none past it.
    expect(await storage.readRange('ranges/file.bin', 99_990, 100)).toEqual(data.subarray(99_990));
    expect((await storage.readRange('ranges/file.bin', 200_000, 10)).length).toBe(0);
  });

  it('lists a folder, sorted, and nothing beside it', async () => {
    await storage.put('pkg/index.html', Buffer.from('<p>'));
    await storage.put('pkg/assets/app.js', Buffer.from('1'));
    await storage.put('pkg/assets/z/deep.css', Buffer.from('2'));
    await storage.put('pkg-other/index.html', Buffer.from('3'));
    expect(await storage.list('pkg')).toEqual([
      'pkg/assets/app.js',
      'pkg/assets/z/deep.css',
      'pkg/index.html',
    ]);
    expect(await storage.list('pkg/assets/')).toEqual(['pkg/assets/app.js', 'pkg/assets/z/deep.css']);
    expect(await storage.list('no-such-folder')).toEqual([]);
  });

  it('moves, removes and removes a folder', async () => {
    await storage.put('tmp/upload-1', bytes(64));
    await storage.move('tmp/upload-1', 'final/dir/name with spaces é.pdf');
    expect(await storage.exists('tmp/upload-1')).toBe(false);
    expect(await storage.get('final/dir/name with spaces é.pdf')).toEqual(bytes(64));

    await storage.remove('final/dir/name with spaces é.pdf');
    expect(await storage.exists('final/dir/name with spaces é.pdf')).toBe(false);
    // Removing what is not there is not an error.
    await storage.remove('final/dir/name with spaces é.pdf');

    await storage.put('course/7/a.txt', Buffer.from('a'));
    await storage.put('course/7/sub/b.txt', Buffer.from('b'));
    await storage.put('course/70/c.txt', Buffer.from('c'));
    await storage.removePrefix('course/7');
    expect(await storage.list('course')).toEqual(['course/70/c.txt']);
    await storage.removePrefix('course/does-not-exist');
  });

  it('refuses keys that would leave the storage root', async () => {
    for (const key of ['../escape.txt', 'a/../../escape.txt', 'a/..', '', '/', 'a\\..\\b', 'nul\0byte']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/unsafe storage key/);
      await expect(storage.stat(key), key).rejects.toThrow(/unsafe storage key/);
    }
    await expect(storage.read('../x')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.move('a/one.bin', '../x')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.removePrefix('..')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.list('../')).rejects.toThrow(/unsafe storage key/);
  });

  it(adapter.signs ? 'signs URLs that read the file, ranges included' : 'signs no URL', async () => {
    await storage.put('signed/photo.webp', bytes(2048, 1));
    const url = await storage.signedUrl('signed/photo.webp', {
      expiresInSeconds: 60,
      contentType: 'image/webp',
      contentDisposition: 'attachment; filename="photo.webp"',
    });
    await expect(storage.signedUrl('signed/photo.webp', { expiresInSeconds: 0 })).rejects.toThrow(RangeError);
    await expect(storage.signedUrl('signed/photo.webp', { expiresInSeconds: 8 * 86_400 })).rejects.toThrow(
      RangeError,
    );
    if (!adapter.signs) {
      expect(url).toBeUndefined();
      return;
    }
    const whole = await fetch(url!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/webp');
    expect(whole.headers.get('content-disposition')).toBe('attachment; filename="photo.webp"');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes(2048, 1));
    const part = await fetch(url!, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes(2048, 1).subarray(100, 200));
  });
});

describe('local disk adapter', () => {
  it('keeps every file under its root, whatever the key', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trilha-storage-'));
    try {
      const storage = createDiskStorage(path.join(root, 'files'));
      await storage.put('x/../../y.txt', Buffer.from('1')).catch(() => undefined);
      await storage.put('x/./y.txt', Buffer.from('2'));
      expect(fs.readdirSync(root)).toEqual(['files']);
      expect(fs.readFileSync(path.join(root, 'files', 'x', 'y.txt'), 'utf8')).toBe('2');
      // A file being written is neither listed nor readable under its key.
      fs.writeFileSync(path.join(root, 'files', 'x', 'z.txt.123.1700000000000.0.tmp'), 'half');
      expect(await storage.list('x')).toEqual(['x/y.txt']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
