import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { LanguageCode } from '@trilha/contracts/session';
import { AppError } from '../lib/errors';
import { fieldIssuesOf, guardText, inputErrorOf, topLevelCode } from '../lib/field-errors';
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
  // Every schema, including one that forgot `text()`, refuses NUL before its own checks (field-errors.ts).
  app.setValidatorCompiler(guardText(validatorCompiler));
  app.decorateRequest('lang', 'pt-BR');
  app.addHook('onRequest', async (request) => {
    request.lang = languageFromHeader(request.headers['accept-language']);
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return sendError(request, reply, err.status, err.code, { details: err.details, params: err.params });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = fieldIssuesOf(err.validation, request.lang);
      return sendError(request, reply, 400, topLevelCode(details), { details });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return sendError(request, reply, 500, 'INTERNAL');
    }
    if (err.statusCode === 429) {
      return sendError(request, reply, 429, 'RATE_LIMITED');
    }
    const input = inputErrorOf(err);
    if (input) {
      request.log.warn({ err }, 'input refused by the database');
      return sendError(request, reply, 400, input);
    }
    // The body parser's refusals say what is wrong with the request, not "fill the required fields".
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 1_048_576;
      return sendError(request, reply, 413, 'REQUEST_TOO_LARGE', {
        params: { megabytes: Math.max(1, Math.round(limit / 1_048_576)) },
      });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(request, reply, 415, 'UNSUPPORTED_CONTENT_TYPE');
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
