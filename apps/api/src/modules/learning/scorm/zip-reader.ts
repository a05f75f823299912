import { Inflate } from 'fflate';
import { ScormPackageError } from './scorm-package-error';

/**
 * A minimal reader of a zip's central directory. fflate's `unzipSync` trusts the declared sizes: an
 * entry that under-declares its size is silently truncated after the whole stream has been inflated, so
 * a few megabytes of upload can burn minutes of CPU. Reading the directory ourselves lets us check every
 * limit before inflating anything, and inflate each entry with fflate's streaming `Inflate`, stopping as
 * soon as it produces more than it declared.
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
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const INFLATE_CHUNK = 16 * 1024;

const utf8 = new TextDecoder('utf-8');

function corrupt(message: string): ScormPackageError {
  return new ScormPackageError('SCORM_NOT_A_ZIP', message);
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt('The zip declares an impossible size.');
  return Number(value);
}

function findEndOfCentralDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  throw corrupt('The file is not a zip archive.');
}

interface Directory {
  count: number;
  offset: number;
  size: number;
}

function readDirectory(view: DataView, eocd: number): Directory {
  const directory = {
    count: view.getUint16(eocd + 10, true),
    size: view.getUint32(eocd + 12, true),
    offset: view.getUint32(eocd + 16, true),
  };
  const locator = eocd - 20;
  const needsZip64 =
    directory.count === 0xffff || directory.size === 0xffffffff || directory.offset === 0xffffffff;
  if (locator >= 0 && view.getUint32(locator, true) === ZIP64_LOCATOR_SIGNATURE) {
    const record = safeNumber(view.getBigUint64(locator + 8, true));
    if (record + 56 > view.byteLength || view.getUint32(record, true) !== ZIP64_EOCD_SIGNATURE) {
      throw corrupt('The zip64 end of central directory is damaged.');
    }
    return {
      count: safeNumber(view.getBigUint64(record + 32, true)),
      size: safeNumber(view.getBigUint64(record + 40, true)),
      offset: safeNumber(view.getBigUint64(record + 48, true)),
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
 * count before the directory is walked, so a directory of millions of entries costs nothing.
 */
export function listZipEntries(zip: Uint8Array, maxEntries: number): ZipEntry[] {
  if (zip.byteLength < 22) throw corrupt('The file is not a zip archive.');
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const directory = readDirectory(view, findEndOfCentralDirectory(view));
  if (directory.count > maxEntries) {
    throw new ScormPackageError('SCORM_TOO_LARGE', `The package has more than ${maxEntries} entries.`, {
      entries: directory.count,
      maxEntries,
    });
  }
  if (directory.offset + directory.size > zip.byteLength) throw corrupt('The zip directory is truncated.');

  const entries: ZipEntry[] = [];
  let at = directory.offset;
  for (let index = 0; index < directory.count; index++) {
    if (at + 46 > zip.byteLength || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      throw corrupt('The zip directory is damaged.');
    }
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const nameStart = at + 46;
    const extraEnd = nameStart + nameLength + extraLength;
    if (extraEnd + commentLength > zip.byteLength) throw corrupt('The zip directory is damaged.');
    const name = utf8.decode(zip.subarray(nameStart, nameStart + nameLength));
    const entry: ZipEntry = {
      name,
      compression: view.getUint16(at + 10, true),
      crc32: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
      encrypted: (flags & 1) === 1,
      isDirectory: name.endsWith('/') || name.endsWith('\\'),
    };
    applyZip64Extra(view, nameStart + nameLength, extraEnd, entry);
    entries.push(entry);
    at = extraEnd + commentLength;
  }
  return entries;
}

function locateData(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const header = entry.localHeaderOffset;
  if (header + 30 > zip.byteLength || view.getUint32(header, true) !== LOCAL_SIGNATURE) {
    throw corrupt(`The zip entry "${entry.name}" is damaged.`);
  }
  const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
  const end = start + entry.compressedSize;
  if (end > zip.byteLength) throw corrupt(`The zip entry "${entry.name}" is truncated.`);
  return zip.subarray(start, end);
}

function inflateBounded(data: Uint8Array, entry: ZipEntry): Uint8Array {
  const out = new Uint8Array(entry.size);
  let written = 0;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > entry.size) {
      throw new ScormPackageError(
        'SCORM_TOO_LARGE',
        `The zip entry "${entry.name}" inflates beyond the size it declares.`,
        { entry: entry.name, declaredSize: entry.size },
      );
    }
    out.set(chunk, written);
    written += chunk.length;
  });
  try {
    if (data.length === 0) inflater.push(data, true);
    for (let at = 0; at < data.length; at += INFLATE_CHUNK) {
      inflater.push(data.subarray(at, at + INFLATE_CHUNK), at + INFLATE_CHUNK >= data.length);
    }
  } catch (error) {
    if (error instanceof ScormPackageError) throw error;
    throw corrupt(`The zip entry "${entry.name}" is damaged.`);
  }
  if (written !== entry.size) throw corrupt(`The zip entry "${entry.name}" is shorter than it declares.`);
  return out;
}

/** Inflates one entry; never produces more bytes than the entry declared, and checks its CRC. */
export function readZipEntry(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  if (entry.encrypted) throw corrupt(`The zip entry "${entry.name}" is encrypted.`);
  const data = locateData(zip, entry);
  let bytes: Uint8Array;
  if (entry.compression === 0) {
    if (entry.compressedSize !== entry.size) throw corrupt(`The zip entry "${entry.name}" is damaged.`);
    bytes = data.slice();
  } else if (entry.compression === 8) {
    bytes = inflateBounded(data, entry);
  } else {
    throw corrupt(`The zip entry "${entry.name}" uses an unsupported compression method.`);
  }
  if (crc32(bytes) !== entry.crc32) throw corrupt(`The zip entry "${entry.name}" fails its checksum.`);
  return bytes;
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = -1;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}
