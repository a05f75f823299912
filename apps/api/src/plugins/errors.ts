import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { LanguageCode } from '@trilha/contracts/session';
import { AppError } from '../lib/errors';
import { errorMessage, languageFromHeader } from '../lib/messages';
import type { App } from '../context';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of answers: the signed-in user's, else the Accept-Language header's. */
    lang: LanguageCode;
  }
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  opts: { details?: unknown; params?: Record<string, string | number> } = {},
) {
  return reply.status(status).send({
    error: {
      code,
      message: errorMessage(code, request.lang ?? 'pt-BR', opts.params),
      ...(opts.details === undefined ? {} : { details: opts.details }),
    },
  });
}

export function registerErrorHandling(app: App) {
  app.decorateRequest('lang', 'pt-BR');
  app.addHook('onRequest', async (request) => {
    request.lang = languageFromHeader(request.headers['accept-language']);
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return sendError(request, reply, err.status, err.code, { details: err.details, params: err.params });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message,
        issue: v.params?.issue ? (v.params.issue as { code?: string }).code : undefined,
      }));
      return sendError(request, reply, 400, 'VALIDATION_FAILED', { details });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return sendError(request, reply, 500, 'INTERNAL');
    }
    if (err.statusCode === 429) {
      return sendError(request, reply, 429, 'RATE_LIMITED');
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const code =
        err.statusCode === 404 ? 'NOT_FOUND' : err.statusCode === 413 ? 'VALIDATION_FAILED' : 'BAD_REQUEST';
      return sendError(request, reply, err.statusCode, code);
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(request, reply, 500, 'INTERNAL');
  });
}
