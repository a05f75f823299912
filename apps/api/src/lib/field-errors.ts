import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { LanguageCode } from '@trilha/contracts/session';
import { errorCodes, type ErrorCode } from '@trilha/contracts/errors';
import { AppError } from './errors';
import { errorMessage } from './messages';

const known = new Set<string>(errorCodes);

export interface FieldIssue {
  path: string;
  code?: string;
  message?: string;
  issue?: string;
}

/** One field failure found by a service (a taken document …), in the VALIDATION_FAILED detail shape. */
export function fieldError(path: string, code: ErrorCode, status = 400): AppError {
  return new AppError(code, status, { details: [{ path, code }] });
}

/** The issues of a failed zod parse as a VALIDATION_FAILED error whose details carry the codes. */
export function validationFailed(issues: readonly z.core.$ZodIssue[]): AppError {
  const details: FieldIssue[] = issues.map((i) => ({
    path: i.path.join('.'),
    ...(known.has(i.message) ? { code: i.message } : { message: i.message }),
    issue: i.code,
  }));
  return new AppError('VALIDATION_FAILED', 400, { details });
}

/** Gives each field detail of an error its text in the caller's language, beside its code. */
export function localize(error: unknown, lang: LanguageCode): unknown {
  if (!(error instanceof AppError) || !Array.isArray(error.details)) return error;
  const details = (error.details as FieldIssue[]).map((d) =>
    d.code && known.has(d.code) ? { ...d, message: errorMessage(d.code, lang) } : d,
  );
  return new AppError(error.code, error.status, { details, params: error.params });
}

/**
 * Routes validated by the shared schemas set `attachValidation` and run this first: each field error comes
 * back translated, with its code beside it.
 */
export async function translateFieldErrors(request: FastifyRequest): Promise<void> {
  const error: unknown = request.validationError;
  if (!error) return;
  if (!hasZodFastifySchemaValidationErrors(error)) throw error;
  const details = error.validation.map((v) => {
    const code = known.has(v.message ?? '') ? v.message! : undefined;
    return {
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: code ? errorMessage(code, request.lang) : v.message,
      ...(code ? { code } : {}),
      issue: (v.params?.issue as { code?: string } | undefined)?.code,
    };
  });
  throw new AppError('VALIDATION_FAILED', 400, { details });
}
