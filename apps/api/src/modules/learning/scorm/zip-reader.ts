import { Readable, Transform, pipeline } from 'node:stream';
import { createInflateRaw, crc32 } from 'node:zlib';
import type { Storage } from '../../../lib/storage';
import { ScormPackageError } from './scorm-package-error';

/**
 * A reader of zip archives that never holds an archive or an entry whole in memory. The central
 * directory is read first (from the end of the file), so every limit (entry count, declared sizes,
 * compression ratio, unsafe names, symlinks) is checked before a single byte is inflated. Entries are
 * then inflated as streams by zlib, which does the work on libuv's thread pool, not on the thread that
 * answers requests; an entry that produces more than it declares is stopped as soon as it does.
 */
export interface ZipEntry {
  /** The name exactly as stored (decoded as UTF-8), not yet checked for safety. */
  name: string;
  compression: number;
  compressedSize: number;
  size: number;
  crc32: number;
  encrypted: boolean;
  isDirectory: boolean;
  /** A Unix symbolic link (its content is the target path): never extracted. */
  isSymlink: boolean;
  localHeaderOffset: number;
}

/** Random access to an archive: a buffer in tests and at seed time, a stored upload otherwise. */
export interface ZipSource {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export function bufferZipSource(zip: Uint8Array): ZipSource {
  return {
    size: zip.byteLength,
    read: async (offset, length) => zip.subarray(offset, Math.min(zip.byteLength, offset + length)),
  };
}

export async function storageZipSource(storage: Storage, key: string): Promise<ZipSource> {
  return { size: await storage.size(key), read: (offset, length) => storage.readRange(key, offset, length) };
}

export const toZipSource = (zip: Uint8Array | ZipSource): ZipSource =>
  zip instanceof Uint8Array ? bufferZipSource(zip) : zip;

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const READ_CHUNK = 64 * 1024;
/** A central directory record is at least 46 bytes and at most 46 + 3 × 65,535. */
const MAX_RECORD = 46 + 3 * 0xffff;
/**
 * The directory is read whole, so it is bounded: real ones take about 100 bytes an entry (10,000
 * entries under 2 MiB); names, extra fields and comments padded to hundreds of megabytes are refused.
 */
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8');

function corrupt(message: string): ScormPackageError {
  return new ScormPackageError('SCORM_NOT_A_ZIP', message);
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt('The zip declares an impossible size.');
  return Number(value);
}

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

interface Directory {
  count: number;
  offset: number;
  size: number;
}

async function readDirectory(source: ZipSource): Promise<Directory> {
  if (source.size < 22) throw corrupt('The file is not a zip archive.');
  // The end record (22 bytes + a comment of up to 64 KiB) and the zip64 locator just before it.
  const tailStart = Math.max(0, source.size - (22 + 0xffff + 20));
  const tail = await source.read(tailStart, source.size - tailStart);
  const view = viewOf(tail);
  let eocd = -1;
  for (let at = tail.byteLength - 22; at >= 0; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd === -1) throw corrupt('The file is not a zip archive.');
  const directory = {
    count: view.getUint16(eocd + 10, true),
    size: view.getUint32(eocd + 12, true),
    offset: view.getUint32(eocd + 16, true),
  };
  const locator = eocd - 20;
  const needsZip64 =
    directory.count === 0xffff || directory.size === 0xffffffff || directory.offset === 0xffffffff;
  if (locator >= 0 && view.getUint32(locator, true) === ZIP64_LOCATOR_SIGNATURE) {
    const at = safeNumber(view.getBigUint64(locator + 8, true));
    if (at + 56 > source.size) throw corrupt('The zip64 end of central directory is damaged.');
    const record = viewOf(await source.read(at, 56));
    if (record.byteLength < 56 || record.getUint32(0, true) !== ZIP64_EOCD_SIGNATURE) {
      throw corrupt('The zip64 end of central directory is damaged.');
    }
    return {
      count: safeNumber(record.getBigUint64(32, true)),
      size: safeNumber(record.getBigUint64(40, true)),
      offset: safeNumber(record.getBigUint64(48, true)),
    };
  }
  if (needsZip64) throw corrupt('The zip64 end of central directory is missing.');
  return directory;
}

function applyZip64Extra(
  view: DataView,
  start: number,
  end: number,
  entry: Pick<ZipEntry, 'size' | 'compressedSize' | 'localHeaderOffset'>,
): void {
  for (let at = start; at + 4 <= end;) {
    const id = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > at + 4 + length) throw corrupt('A zip64 extra field is truncated.');
        const value = safeNumber(view.getBigUint64(field, true));
        field += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + length;
  }
}

/**
 * Lists the entries of a zip without inflating anything. `maxEntries` is checked against the declared
 * count before the directory is read, so a directory of millions of entries costs nothing.
 */
export async function listZipEntries(zip: Uint8Array | ZipSource, maxEntries: number): Promise<ZipEntry[]> {
  const source = toZipSource(zip);
  const directory = await readDirectory(source);
  if (directory.count > maxEntries) {
    throw new ScormPackageError('SCORM_TOO_MANY_FILES', `The package has more than ${maxEntries} entries.`, {
      entries: directory.count,
      maxEntries,
    });
  }
  if (directory.offset + directory.size > source.size || directory.size > directory.count * MAX_RECORD) {
    throw corrupt('The zip directory is truncated.');
  }
  if (directory.size > MAX_DIRECTORY_BYTES)
    throw corrupt('The zip directory is larger than any package needs.');
  const bytes = await source.read(directory.offset, directory.size);
  if (bytes.byteLength < directory.size) throw corrupt('The zip directory is truncated.');
  const view = viewOf(bytes);

  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < directory.count; index++) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      throw corrupt('The zip directory is damaged.');
    }
    const madeBy = view.getUint16(at + 4, true) >>> 8;
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const mode = view.getUint32(at + 38, true) >>> 16;
    const nameStart = at + 46;
    const extraEnd = nameStart + nameLength + extraLength;
    if (extraEnd + commentLength > bytes.byteLength) throw corrupt('The zip directory is damaged.');
    const name = utf8.decode(bytes.subarray(nameStart, nameStart + nameLength));
    const entry: ZipEntry = {
      name,
      compression: view.getUint16(at + 10, true),
      crc32: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
      encrypted: (flags & 1) === 1,
      isDirectory: name.endsWith('/') || name.endsWith('\\'),
      // Unix archivers (host 3) keep st_mode in the high half of the external attributes.
      isSymlink: madeBy === 3 && (mode & 0o170000) === 0o120000,
    };
    applyZip64Extra(view, nameStart + nameLength, extraEnd, entry);
    entries.push(entry);
    at = extraEnd + commentLength;
  }
  return entries;
}

async function locateData(source: ZipSource, entry: ZipEntry): Promise<number> {
  const header = entry.localHeaderOffset;
  const local = await source.read(header, 30);
  const view = viewOf(local);
  if (local.byteLength < 30 || view.getUint32(0, true) !== LOCAL_SIGNATURE) {
    throw corrupt(`The zip entry "${entry.name}" is damaged.`);
  }
  const start = header + 30 + view.getUint16(26, true) + view.getUint16(28, true);
  if (start + entry.compressedSize > source.size)
    throw corrupt(`The zip entry "${entry.name}" is truncated.`);
  return start;
}

async function* compressedChunks(source: ZipSource, entry: ZipEntry): AsyncGenerator<Uint8Array> {
  const start = await locateData(source, entry);
  const end = start + entry.compressedSize;
  for (let at = start; at < end; at += READ_CHUNK) {
    const chunk = await source.read(at, Math.min(READ_CHUNK, end - at));
    if (chunk.byteLength === 0) throw corrupt(`The zip entry "${entry.name}" is truncated.`);
    // A copy: a buffer source hands out views of the archive, and zlib may keep them.
    yield Uint8Array.prototype.slice.call(chunk);
  }
}

/**
 * The inflated bytes of one entry as a stream. It never produces more bytes than the entry declared
 * (the declared sizes are what the limits were checked against) and fails at the end when the bytes
 * are fewer than declared or do not match the entry's CRC.
 */
export function openZipEntry(zip: Uint8Array | ZipSource, entry: ZipEntry): Readable {
  const source = toZipSource(zip);
  if (entry.encrypted) return Readable.from(failing(corrupt(`The zip entry "${entry.name}" is encrypted.`)));
  if (entry.compression !== 0 && entry.compression !== 8) {
    return Readable.from(
      failing(corrupt(`The zip entry "${entry.name}" uses an unsupported compression method.`)),
    );
  }
  if (entry.compression === 0 && entry.compressedSize !== entry.size) {
    return Readable.from(failing(corrupt(`The zip entry "${entry.name}" is damaged.`)));
  }
  let written = 0;
  let crc = 0;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      if (written > entry.size) {
        done(
          new ScormPackageError(
            'SCORM_TOO_LARGE',
            `The zip entry "${entry.name}" inflates beyond the size it declares.`,
            { entry: entry.name, declaredSize: entry.size },
          ),
        );
        return;
      }
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      if (written !== entry.size) done(corrupt(`The zip entry "${entry.name}" is shorter than it declares.`));
      else if (crc !== entry.crc32) done(corrupt(`The zip entry "${entry.name}" fails its checksum.`));
      else done();
    },
  });
  const raw = Readable.from(compressedChunks(source, entry), { objectMode: false });
  const stages =
    entry.compression === 8 ? [raw, createInflateRaw({ chunkSize: 64 * 1024 }), check] : [raw, check];
  // pipeline destroys every stage with the first error, so the consumer of `check` sees it.
  pipeline(stages as [Readable, ...Transform[]], (error) => {
    if (error && !check.destroyed) check.destroy(error);
  });
  return wrapErrors(check, entry);
}

function wrapErrors(stream: Transform, entry: ZipEntry): Readable {
  // zlib's own errors (invalid block type …) become the reader's "damaged" refusal.
  const out = new Transform({ transform: (chunk, _e, done) => done(null, chunk) });
  pipeline(stream, out, (error) => {
    if (!error) return;
    out.destroy(
      error instanceof ScormPackageError ? error : corrupt(`The zip entry "${entry.name}" is damaged.`),
    );
  });
  return out;
}

// eslint-disable-next-line require-yield
async function* failing(error: Error): AsyncGenerator<Uint8Array> {
  throw error;
}

/** Reads one (small) entry whole: the manifest. */
export async function readZipEntry(zip: Uint8Array | ZipSource, entry: ZipEntry): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of openZipEntry(zip, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
