/**
 * Error codes of store photos (docs/photos.md); listed in errors.ts and translated in every errors.json
 * catalog.
 */
export const photosErrorCodes = [
  /** A photo of this type was already sent for this store this week (Monday to Sunday, store's zone). */
  'PHOTOS_ALREADY_SENT_THIS_WEEK',
  /** The user has no active registration in the campaign. */
  'PHOTOS_NOT_REGISTERED',
  /** The campaign is not running now. */
  'PHOTOS_CAMPAIGN_NOT_ACTIVE',
  /** The store is not one of the campaign's active stores. */
  'PHOTOS_STORE_NOT_ELIGIBLE',
  /** The photo type is not one of the client's active types. */
  'PHOTOS_TYPE_UNKNOWN',
  /** No picture was sent. */
  'PHOTOS_IMAGE_REQUIRED',
  /** The picture is not a readable PNG, JPEG or WebP. */
  'PHOTOS_IMAGE_INVALID',
  /** The picture is over the byte or pixel limit. */
  'PHOTOS_IMAGE_TOO_LARGE',
  /** The photo was already rejected. */
  'PHOTOS_ALREADY_REJECTED',
  /** Another photo type of the client has this code. */
  'PHOTOS_TYPE_CODE_TAKEN',
] as const;
export type PhotosErrorCode = (typeof photosErrorCodes)[number];
