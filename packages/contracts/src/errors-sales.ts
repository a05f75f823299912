/**
 * Error codes of sale reports (docs/sales.md); listed in errors.ts and translated in every errors.json
 * catalog. The spec's Portuguese texts are the pt-BR messages.
 */
export const salesErrorCodes = [
  /** The user has no active registration in the campaign. */
  'SALES_NOT_REGISTERED',
  /** The store is not one of the campaign's active stores. */
  'SALES_STORE_NOT_ELIGIBLE',
  /** The sale date is not one of the campaign's days in the store's time zone. */
  'SALES_DATE_OUTSIDE_CAMPAIGN',
  /** The sale date is after today in the store's time zone. */
  'SALES_DATE_IN_FUTURE',
  /** More than 15 calendar days have passed since the sale date (store's time zone). */
  'SALES_REPORT_TOO_LATE',
  /** The campaign has ended (or has not begun). */
  'SALES_CAMPAIGN_NOT_ACTIVE',
  /** The invoice number was already sent in this campaign. */
  'SALES_INVOICE_DUPLICATE',
  /** The store allows phones and cameras: the invoice photo is mandatory. */
  'SALES_PHOTO_REQUIRED',
  /** The photo is not a PNG, JPEG or WebP picture, or cannot be read. */
  'SALES_PHOTO_INVALID',
  /** The photo is over the byte or pixel limit. */
  'SALES_PHOTO_TOO_LARGE',
  /** A product is not one of the campaign's products. */
  'SALES_PRODUCT_NOT_IN_CAMPAIGN',
  /** The audit rejected the sale: the decision is final (approve or reject it again is refused). */
  'SALES_ALREADY_REJECTED',
] as const;
export type SalesErrorCode = (typeof salesErrorCodes)[number];
