/**
 * Error codes of the points transfer to the partner program (docs/transfers.md); listed in errors.ts and
 * translated in every errors.json catalog.
 */
export const transfersErrorCodes = [
  // The spec's errors (section 8)
  'TRANSFERS_REGISTRATION_INACTIVE',
  'TRANSFERS_ROLE_NOT_ALLOWED',
  'TRANSFERS_NO_POINTS',
  'TRANSFERS_DOCUMENT_IN_USE',
  // What else the server checks
  'TRANSFERS_INSUFFICIENT_POINTS',
  'TRANSFERS_DOCUMENT_INVALID',
  'TRANSFERS_UNAVAILABLE',
  // The partner's calls
  'TRANSFERS_PARTNER_UNAUTHORIZED',
  'TRANSFERS_RECIPIENT_NOT_FOUND',
] as const;
