/**
 * Error codes of the rewards area (ledgers, awards and badges, certificates); listed in errors.ts and
 * translated in every errors.json catalog.
 */
export const rewardsErrorCodes = [
  // Ledgers
  'REWARDS_INSUFFICIENT_POINTS',
  // Awards and badges
  // Certificates and credentials
  'CERTIFICATE_NOT_FOUND',
  'CERTIFICATE_ALREADY_REVOKED',
  'CERTIFICATE_TEMPLATE_INVALID_COLOR',
  'CERTIFICATE_TEMPLATE_TITLE_TOO_LONG',
  'CERTIFICATE_TEMPLATE_TOO_MANY_SIGNATURES',
  'CERTIFICATE_LOGO_MISSING',
  'CREDENTIAL_NOT_AVAILABLE',
] as const;
