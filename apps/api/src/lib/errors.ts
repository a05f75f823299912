import type { ErrorCode } from '@trilha/contracts/errors';

/** An expected failure with a code from contracts; the error plugin turns it into the API error shape. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;
  /** Values interpolated into the translated message ({{minutes}} …). */
  readonly params?: Record<string, string | number>;

  constructor(
    code: ErrorCode,
    status: number,
    opts: { details?: unknown; params?: Record<string, string | number>; message?: string } = {},
  ) {
    super(opts.message ?? code);
    this.code = code;
    this.status = status;
    this.details = opts.details;
    this.params = opts.params;
  }
}

export const notFound = () => new AppError('NOT_FOUND', 404);
export const forbidden = () => new AppError('FORBIDDEN', 403);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 401);
