/**
 * Error codes of the rewards area (ledgers, awards and badges, certificates); listed in errors.ts and
 * translated in every errors.json catalog.
 */
export const rewardsErrorCodes = [
  // Ledgers
  'REWARDS_INSUFFICIENT_POINTS',
  // Awards and badges
  // Certificates and credentials
] as const;
