import { z } from 'zod';
import { okResponse, passwordGrantBody, refreshGrantBody, tokenResponse } from '@trilha/contracts/auth';
import { oauthErrorBody, errorBody } from '@trilha/contracts/errors';
import type { App } from '../../context';
import { errorMessage } from '../../lib/messages';
import type { PreHandler } from '../../plugins/auth';
import type { AuthService } from './auth.service';
import { OAuthError } from './oauth-error';
import { clearRefreshCookie, crossOrigin, readRefreshCookie, sendTokens } from './refresh-cookie';

const isForm = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';

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
      config: { access: 'public' },
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
          413: oauthErrorBody,
          403: oauthErrorBody,
          415: oauthErrorBody,
          429: oauthErrorBody,
          500: oauthErrorBody,
        },
      },
      // RFC 6749 section 4: the token endpoint takes form-encoded bodies only.
      preValidation: async (request) => {
        if (!isForm(request.headers['content-type']))
          throw new OAuthError('invalid_request', 'The body must be form-encoded', undefined, {
            status: 415,
          });
      },
      // The token endpoint answers RFC 6749 errors, not the API error shape, so it handles its own.
      // (Each branch returns the reply it sent, which Fastify reads as sent; the reply is thenable, not a
      // promise left floating.)
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
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
        // What the body parser refused (too large, unknown media type, unreadable body) is the caller's
        // mistake: 413 and 415 keep their status, anything else is a malformed request.
        let status = (err as { statusCode?: number }).statusCode ?? 500;
        if (status >= 400 && status < 500 && !isForm(request.headers['content-type'])) status = 415;
        if (status === 413 || status === 415) {
          return reply.status(status as 400).send({
            error: 'invalid_request',
            error_description: status === 413 ? 'Request body too large' : 'The body must be form-encoded',
          });
        }
        if (status >= 400 && status < 500) {
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
        const issued = await auth.passwordGrant(
          request.headers.authorization,
          body.data.username,
          body.data.password,
          meta,
        );
        return sendTokens(request, reply, issued);
      }
      if (grant_type === 'refresh_token') {
        const body = refreshGrantBody.safeParse(request.body);
        if (!body.success) throw new OAuthError('invalid_request', 'refresh_token is required');
        let token = body.data.refresh_token;
        const fromCookie = !token;
        if (fromCookie) {
          token = readRefreshCookie(request);
          if (!token) throw new OAuthError('invalid_request', 'refresh_token is required');
          // The cookie rides along with any request the browser makes; only the app's own pages may use it.
          if (crossOrigin(request))
            throw new OAuthError('invalid_request', 'Cross-origin refresh refused', undefined, {
              status: 403,
            });
        }
        const issued = await auth.refreshGrant(request.headers.authorization, token!, meta, fromCookie);
        return sendTokens(request, reply, issued);
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
    async (request, reply) => {
      await auth.logout(request.auth!.sessionId);
      clearRefreshCookie(request, reply);
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
    async (request, reply) => {
      const { userId, sessionId, sessionType } = request.auth!;
      const issued = await auth.reloadTokens(userId, sessionId, sessionType, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return sendTokens(request, reply, issued);
    },
  );
}
