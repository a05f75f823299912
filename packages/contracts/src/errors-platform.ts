/** Error codes of the platform's shared mechanisms (idempotency keys). */
export const platformErrorCodes = [
  /** This write needs an `Idempotency-Key` header, so that a retry cannot act twice. */
  'IDEMPOTENCY_KEY_REQUIRED',
  /** The `Idempotency-Key` header is empty, too long or holds characters other than visible ASCII. */
  'IDEMPOTENCY_KEY_INVALID',
  /** The key was already used for a different request (another route or body). */
  'IDEMPOTENCY_KEY_REUSED',
  /** The first request with this key is still being processed. */
  'IDEMPOTENCY_IN_PROGRESS',
] as const;
