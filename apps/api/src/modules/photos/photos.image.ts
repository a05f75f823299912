import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { photoLimits } from '@trilha/contracts/photos';
import { AppError } from '../../lib/errors';
import { renderWebp } from '../../lib/image-upload';

/** A store photo as kept: a WebP of at most 2,000 px a side without metadata, and the original's hash. */
export interface PreparedImage {
  webp: Buffer;
  /** SHA-256 (hex) of the bytes the user sent. */
  sha256: string;
  width: number;
  height: number;
}

const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp']);

const invalid = (problem: string) =>
  new AppError('PHOTOS_IMAGE_INVALID', 422, { details: { field: 'image', problem } });
const tooLarge = () =>
  new AppError('PHOTOS_IMAGE_TOO_LARGE', 413, {
    details: { field: 'image', maxBytes: photoLimits.imageBytes, maxPixels: photoLimits.imagePixels },
    params: { megabytes: photoLimits.imageBytes / 1024 / 1024 },
  });

/**
 * The same pipeline as the invoice photo (docs/sales.md): judged by its content (PNG, JPEG or WebP by
 * the magic bytes, decoded by sharp within the byte and pixel limits), then turned upright, bounded to
 * 2,000 px a side and re-encoded as WebP with no EXIF or GPS data. The name and declared type are ignored.
 */
export async function prepareImage(data: Buffer): Promise<PreparedImage> {
  if (data.length === 0) throw invalid('empty');
  if (data.length > photoLimits.imageBytes) throw tooLarge();
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
  if (width * height > photoLimits.imagePixels) throw tooLarge();
  let webp: Buffer;
  try {
    webp = await renderWebp(data, {
      width: photoLimits.imageSide,
      height: photoLimits.imageSide,
      fit: 'inside',
      withoutEnlargement: true,
      quality: 82,
    });
  } catch {
    throw invalid('unreadable');
  }
  const out = await sharp(webp).metadata();
  return {
    webp,
    sha256: createHash('sha256').update(data).digest('hex'),
    width: out.width ?? 0,
    height: out.height ?? 0,
  };
}
