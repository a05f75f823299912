/**
 * Error codes of the loyalty program (docs/loyalty.md); listed in errors.ts and translated in every
 * errors.json catalog.
 */
export const loyaltyErrorCodes = [
  // Registration to a campaign (the spec's 'Loja não participante da campanha' and what else is checked)
  'LOYALTY_CAMPAIGN_NOT_ACTIVE',
  'LOYALTY_STORE_NOT_PARTICIPATING',
  'LOYALTY_COUNTRY_NOT_IN_GROUP',
  'LOYALTY_ALREADY_REGISTERED',
  // Back office
  'LOYALTY_CAMPAIGN_FROZEN',
  'LOYALTY_REF_INVALID',
  'LOYALTY_IN_USE',
  'LOYALTY_DUPLICATE',
  'LOYALTY_LEVELS_INVALID',
  'LOYALTY_IMPORT_INVALID',
  // Level-change requests
  'LOYALTY_LEVEL_SALES_PENDING',
  'LOYALTY_LEVEL_REQUEST_DECIDED',
] as const;
