import { photoLimits } from '@trilha/contracts/photos';
import { AppError } from '../../lib/errors';
import { preparePhotoUpload, type PreparedPhoto } from '../../lib/image-upload';

/** A store photo as kept: a WebP of at most 2,000 px a side without metadata, and the original's hash. */
export type PreparedImage = PreparedPhoto;

/**
 * The same pipeline as the invoice photo (docs/sales.md, `preparePhotoUpload`): judged by its content,
 * turned upright, bounded to 2,000 px a side and re-encoded as WebP with no EXIF or GPS data.
 */
export function prepareImage(data: Buffer): Promise<PreparedImage> {
  return preparePhotoUpload(data, {
    maxBytes: photoLimits.imageBytes,
    maxPixels: photoLimits.imagePixels,
    side: photoLimits.imageSide,
    invalid: (problem) => new AppError('PHOTOS_IMAGE_INVALID', 422, { details: { field: 'image', problem } }),
    tooLarge: () =>
      new AppError('PHOTOS_IMAGE_TOO_LARGE', 413, {
        details: { field: 'image', maxBytes: photoLimits.imageBytes, maxPixels: photoLimits.imagePixels },
        params: { megabytes: photoLimits.imageBytes / 1024 / 1024 },
      }),
  });
}
