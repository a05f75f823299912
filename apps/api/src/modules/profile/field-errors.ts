import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes } from '@trilha/contracts/errors';
import { AppError } from '../../lib/errors';
import { errorMessage } from '../../lib/messages';

const known = new Set<string>(errorCodes);

/**
 * The shared zod schemas name their failures with error codes ('PROFILE_ZIP_REQUIRED' …). Routes that
 * use them set `attachValidation` and run this first in their preHandler chain (after authentication),
 * so each field error comes back translated into the caller's language, with its code beside it.
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

/** One field failure in the same shape, for rules checked by a service (a taken e-mail …). */
export function fieldError(path: string, code: (typeof errorCodes)[number], status = 400): AppError {
  return new AppError(code, status, { details: [{ path, code }] });
}
