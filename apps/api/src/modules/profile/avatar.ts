import { AVATAR_SIZE } from '@trilha/contracts/profile';
import { AppError } from '../../lib/errors';
import { readImage } from '../../lib/uploads';

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The stored avatar: the chosen square of the picture (the browser's crop, in the original's pixels),
 * turned upright, scaled to AVATAR_SIZE x AVATAR_SIZE and encoded as WebP without its metadata (no GPS
 * or camera data of the original survives).
 */
export async function renderAvatar(input: Buffer, crop?: CropBox): Promise<Buffer> {
  try {
    let image = readImage(input).rotate();
    if (crop) {
      const meta = await readImage(await image.toBuffer()).metadata();
      const W = meta.width ?? 0;
      const H = meta.height ?? 0;
      const left = Math.max(0, Math.min(W - 1, Math.round(crop.x)));
      const top = Math.max(0, Math.min(H - 1, Math.round(crop.y)));
      const width = Math.max(1, Math.min(W - left, Math.round(crop.width)));
      const height = Math.max(1, Math.min(H - top, Math.round(crop.height)));
      image = readImage(await image.toBuffer()).extract({ left, top, width, height });
    }
    return await image
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // The bytes looked like an image but cannot be decoded (truncated, corrupt).
    throw new AppError('PROFILE_AVATAR_INVALID', 400, {
      details: [{ path: 'file', code: 'PROFILE_AVATAR_INVALID' }],
    });
  }
}
