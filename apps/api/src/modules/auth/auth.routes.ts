import { z } from 'zod';
import { okResponse, passwordGrantBody, refreshGrantBody, tokenResponse } from '@trilha/contracts/auth';
import { oauthErrorBody, errorBody } from '@trilha/contracts/errors';
import type { App } from '../../context';
import { errorMessage } from '../../lib/messages';
import type { PreHandler } from '../../plugins/auth';
import type { AuthService } from './auth.service';
import { OAuthError } from './oauth-error';

const tokenBody = z.object({
  grant_type: z.string().max(64).describe('password | refresh_token'),
  username: z.string().optional().describe('password grant: username, e-mail or document'),
  password: z.string().optional(),
  refresh_token: z.string().optional(),
});

export function registerAuthRoutes(app: App, auth: AuthService, requireAuth: PreHandler) {
  app.post(
    '/o/token/',
    {
      schema: {
        tags: ['auth'],
        summary: 'OAuth 2.0 token endpoint (password and refresh_token grants)',
        description:
          'Form-encoded body; client credentials by HTTP Basic. Errors follow RFC 6749 section 5.2, with our error code in `code`.',
        body: tokenBody,
        response: {
          200: tokenResponse,
          400: oauthErrorBody,
          401: oauthErrorBody,
          429: oauthErrorBody,
          500: oauthErrorBody,
        },
      },
      // The token endpoint answers RFC 6749 errors, not the API error shape, so it handles its own.
      errorHandler: (err, request, reply) => {
        reply.header('Cache-Control', 'no-store');
        if (err instanceof OAuthError) {
          if (err.status === 401) reply.header('WWW-Authenticate', 'Basic realm="token"');
          if (err.retryAfter) reply.header('Retry-After', String(err.retryAfter));
          return reply.status(err.status as 400).send({
            error: err.error,
            error_description: err.code ? errorMessage(err.code, request.lang, err.params) : err.description,
            ...(err.code ? { code: err.code } : {}),
            ...(err.retryAfter ? { retry_after: err.retryAfter } : {}),
          });
        }
        if ((err as { validation?: unknown }).validation) {
          return reply
            .status(400)
            .send({ error: 'invalid_request', error_description: 'Malformed token request' });
        }
        request.log.error({ err }, 'token endpoint failure');
        return reply.status(500).send({ error: 'invalid_request', error_description: 'Server error' });
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
      const meta = { ip: request.ip, userAgent: request.headers['user-agent'], host: request.hostname };
      const { grant_type } = request.body;
      if (grant_type === 'password') {
        const body = passwordGrantBody.safeParse(request.body);
        if (!body.success) throw new OAuthError('invalid_request', 'username and password are required');
        return auth.passwordGrant(
          request.headers.authorization,
          body.data.username,
          body.data.password,
          meta,
        );
      }
      if (grant_type === 'refresh_token') {
        const body = refreshGrantBody.safeParse(request.body);
        if (!body.success) throw new OAuthError('invalid_request', 'refresh_token is required');
        return auth.refreshGrant(request.headers.authorization, body.data.refresh_token, meta);
      }
      throw new OAuthError('unsupported_grant_type', 'Unsupported grant type');
    },
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'End the current session (every token of its family)',
        response: { 200: okResponse, 401: errorBody },
      },
    },
    async (request) => {
      await auth.logout(request.auth!.sessionId);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/accounts/reload_user_tokens/',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'New tokens for the current session',
        response: { 200: tokenResponse, 401: errorBody },
      },
    },
    async (request) => {
      const { userId, sessionId, sessionType } = request.auth!;
      return auth.reloadTokens(userId, sessionId, sessionType, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
    },
  );
}
