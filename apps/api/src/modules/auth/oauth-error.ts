import type { ErrorCode, OauthErrorBody } from '@trilha/contracts/errors';

const statusOf: Record<OauthErrorBody['error'], number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  slow_down: 429,
};

/** An RFC 6749 section 5.2 error of the token endpoint. */
export class OAuthError extends Error {
  readonly status: number;
  readonly retryAfter?: number;
  readonly params?: Record<string, string | number>;
  constructor(
    readonly error: OauthErrorBody['error'],
    readonly description: string,
    readonly code?: ErrorCode,
    opts: { retryAfter?: number; params?: Record<string, string | number>; status?: number } = {},
  ) {
    super(description);
    this.status = opts.status ?? statusOf[error];
    this.retryAfter = opts.retryAfter;
    this.params = opts.params;
  }
}
