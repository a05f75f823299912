import { AVATAR_SIZE } from '@trilha/contracts/profile';
import { AppError } from '../../lib/errors';
import { renderWebp, type CropBox } from '../../lib/image-upload';

export type { CropBox };

/**
 * The stored avatar: the chosen square of the picture (the browser's crop, in the original's pixels),
 * turned upright, scaled to AVATAR_SIZE x AVATAR_SIZE and encoded as WebP without its metadata (no GPS
 * or camera data of the original survives).
 */
export async function renderAvatar(input: Buffer, crop?: CropBox): Promise<Buffer> {
  try {
    return await renderWebp(input, {
      width: AVATAR_SIZE,
      height: AVATAR_SIZE,
      fit: 'cover',
      position: 'centre',
      quality: 82,
      crop,
    });
  } catch {
    // The bytes looked like an image but cannot be decoded (truncated, corrupt).
    throw new AppError('PROFILE_AVATAR_INVALID', 400, {
      details: [{ path: 'file', code: 'PROFILE_AVATAR_INVALID' }],
    });
  }
}
