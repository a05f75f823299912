import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { salesLimits } from '@trilha/contracts/sales';
import { AppError } from '../../lib/errors';
import { renderWebp } from '../../lib/image-upload';

/** The invoice photo as kept: a WebP of at most 2,000 px a side without metadata, and the original's hash. */
export interface SalePhoto {
  webp: Buffer;
  /** SHA-256 (hex) of the bytes the user sent. */
  sha256: string;
  width: number;
  height: number;
  /** The picture's difference hash (see `differenceHash`). */
  dhash: bigint;
}

/**
 * A 64-bit difference hash (dHash) of a picture: a 9×8 greyscale resize, each bit 1 where a pixel is
 * brighter than its right neighbour (row by row, the first bit the most significant). A re-encoded,
 * resized or lightly retouched copy of a photo differs in few bits; another photo in about half of them.
 * Answered as a signed 64-bit integer (the database's bigint).
 */
export async function differenceHash(image: Buffer): Promise<bigint> {
  const pixels = await sharp(image, { limitInputPixels: false })
    .rotate()
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      hash = (hash << 1n) | (pixels[row * 9 + col]! > pixels[row * 9 + col + 1]! ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** How many of their 64 bits two difference hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x > 0n) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp']);

const invalid = (problem: string) =>
  new AppError('SALES_PHOTO_INVALID', 422, { details: { field: 'photo', problem } });
const tooLarge = () =>
  new AppError('SALES_PHOTO_TOO_LARGE', 413, {
    details: { field: 'photo', maxBytes: salesLimits.photoBytes, maxPixels: salesLimits.photoPixels },
    params: { megabytes: salesLimits.photoBytes / 1024 / 1024 },
  });

/**
 * Checks an invoice photo by its content (PNG, JPEG or WebP by their magic bytes, then decoded by sharp
 * within the byte and pixel limits) and re-encodes it: upright, at most 2,000 px a side, WebP, no EXIF or
 * GPS data. The name and the declared type of the upload are never trusted.
 */
export async function preparePhoto(data: Buffer): Promise<SalePhoto> {
  if (data.length === 0) throw invalid('empty');
  if (data.length > salesLimits.photoBytes) throw tooLarge();
  const type = await fileTypeFromBuffer(data);
  if (!type || !ACCEPTED.has(type.mime)) throw invalid('type');
  let width: number;
  let height: number;
  try {
    const meta = await sharp(data, { failOn: 'error', limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw invalid('unreadable');
  }
  if (width < 1 || height < 1) throw invalid('unreadable');
  if (width * height > salesLimits.photoPixels) throw tooLarge();
  let webp: Buffer;
  try {
    webp = await renderWebp(data, {
      width: salesLimits.photoSide,
      height: salesLimits.photoSide,
      fit: 'inside',
      withoutEnlargement: true,
      quality: 82,
    });
  } catch {
    throw invalid('unreadable');
  }
  const out = await sharp(webp).metadata();
  return {
    dhash: await differenceHash(webp),
    webp,
    sha256: createHash('sha256').update(data).digest('hex'),
    width: out.width ?? 0,
    height: out.height ?? 0,
  };
}
