/**
 * Error codes of the profile, institutional and accounts back-office areas; listed in errors.ts and
 * translated in every errors.json catalog. The PROFILE_FIELD_* and *_REQUIRED codes are also the messages
 * of the shared zod schemas, so a field error reads the same in the browser and in the API's answer.
 */
export const profileErrorCodes = [
  'PROFILE_FIELD_REQUIRED',
  'PROFILE_FIELD_INVALID',
  'PROFILE_TEXT_TOO_LONG',
  'PROFILE_ADDRESS_REQUIRED',
  'PROFILE_NUMBER_REQUIRED',
  'PROFILE_NEIGHBORHOOD_REQUIRED',
  'PROFILE_STATE_REQUIRED',
  'PROFILE_CITY_REQUIRED',
  'PROFILE_ZIP_REQUIRED',
  'PROFILE_EMAIL_INVALID',
  'PROFILE_EMAIL_MISMATCH',
  'PROFILE_EMAIL_TAKEN',
  'PROFILE_PHONE_INVALID',
  'PROFILE_PASSWORD_CHANGE_FAILED',
  'PROFILE_PASSWORD_WEAK',
  'PROFILE_DELETION_NAME_MISMATCH',
  'PROFILE_DELETION_PENDING',
  'PROFILE_AVATAR_INVALID',
  'PROFILE_AVATAR_TOO_LARGE',
  'PROFILE_PHONE_MISSING',
  'ADMIN_ROLES_NOT_ALLOWED',
  'ADMIN_SELF_ACTION',
  'ADMIN_DELETION_ALREADY_PROCESSED',
  'ADMIN_NOT_AWAITING_APPROVAL',
  'ADMIN_TARGET_NOT_BELOW',
  'ADMIN_SUPERUSER_REQUIRED',
  'SUPPORT_TICKET_NOT_SENT',
] as const;
export type ProfileErrorCode = (typeof profileErrorCodes)[number];
