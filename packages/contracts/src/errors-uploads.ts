/**
 * Why an upload was refused; listed in errors.ts and translated in every errors.json catalog. The
 * values in `{{…}}` come back in the error's `details` (and in its message) so a form can say the limit.
 */
export const uploadErrorCodes = [
  'UPLOAD_EMPTY',
  'UPLOAD_TYPE_NOT_ACCEPTED',
  'UPLOAD_TOO_LARGE',
  'UPLOAD_INVALID_CONTENT',
  'UPLOAD_IMAGE_TOO_MANY_PIXELS',
  'UPLOAD_UNPACKED_TOO_LARGE',
  'UPLOAD_TOO_MANY_FILES',
  'UPLOAD_COMPRESSION_TOO_HIGH',
  'UPLOAD_UNSAFE_PATH',
  'UPLOAD_BUSY',
] as const;
export type UploadErrorCode = (typeof uploadErrorCodes)[number];
