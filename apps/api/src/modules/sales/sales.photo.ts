import sharp from 'sharp';
import { salesLimits } from '@trilha/contracts/sales';
import { AppError } from '../../lib/errors';
import { preparePhotoUpload, type PreparedPhoto } from '../../lib/image-upload';

/** The invoice photo as kept: a WebP of at most 2,000 px a side without metadata, and the original's hash. */
export interface SalePhoto extends PreparedPhoto {
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

/**
 * Checks an invoice photo by its content and re-encodes it (`preparePhotoUpload`: PNG, JPEG or WebP by
 * their magic bytes, decoded within the byte and pixel limits, upright, at most 2,000 px a side, WebP, no
 * EXIF or GPS data), with its difference hash for the audit's near-duplicate signal.
 */
export async function preparePhoto(data: Buffer): Promise<SalePhoto> {
  const photo = await preparePhotoUpload(data, {
    maxBytes: salesLimits.photoBytes,
    maxPixels: salesLimits.photoPixels,
    side: salesLimits.photoSide,
    invalid: (problem) => new AppError('SALES_PHOTO_INVALID', 422, { details: { field: 'photo', problem } }),
    tooLarge: () =>
      new AppError('SALES_PHOTO_TOO_LARGE', 413, {
        details: { field: 'photo', maxBytes: salesLimits.photoBytes, maxPixels: salesLimits.photoPixels },
        params: { megabytes: salesLimits.photoBytes / 1024 / 1024 },
      }),
  });
  return { ...photo, dhash: await differenceHash(photo.webp) };
}
