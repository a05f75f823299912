/**
 * Error codes of the reward store (docs/store.md); listed in errors.ts and translated in every
 * errors.json catalog.
 */
export const storeErrorCodes = [
  // Redemption (the spec's errors)
  'STORE_INSUFFICIENT_POINTS',
  'STORE_OUT_OF_STOCK',
  'STORE_CATEGORY_LIMIT_REACHED',
  'STORE_REDEEM_FAILED',
  // Redemption: what else the server checks
  'STORE_COURSE_REQUIRED',
  'STORE_LEVEL_REQUIRED',
  'STORE_ITEM_NOT_AVAILABLE',
  'STORE_VARIANT_REQUIRED',
  'STORE_ADDRESS_REQUIRED',
  // Back office
  'STORE_REF_INVALID',
  'STORE_IN_USE',
  'STORE_NOT_DIGITAL',
  'STORE_ORDER_TRANSITION_INVALID',
  'STORE_ORDER_AWAITING_AUDIT',
  'STORE_EXPORT_TOO_LARGE',
  'STORE_CSV_TOO_MANY_ROWS',
] as const;
