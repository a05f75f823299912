import {
  googleExchangeBody,
  webserviceLoginBody,
  webserviceTokenBody,
  webserviceTokenResponse,
} from '@trilha/contracts/accounts';
import { tokenResponse } from '@trilha/contracts/auth';
import { errorBody } from '@trilha/contracts/errors';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { AppError } from '../../lib/errors';
import { sendTokens } from '../auth/refresh-cookie';
import type { RateLimiter } from './rate-limit';
import type { SigninService } from './signin.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };
const tags = ['accounts'];

/** Webservice (partner system) sign-in and Google sign-in (OpenID Connect). */
export function registerSigninRoutes(app: App, deps: CoreDeps, signin: SigninService, limiter: RateLimiter) {
  const meta = (request: { ip: string; headers: Record<string, unknown>; hostname: string }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
    host: request.hostname,
  });
  const perAddress = (ip: string, what: string) =>
    limiter.hit([{ key: `${what}:addr:${ip}`, max: deps.config.RECOVERY_MAX_PER_ADDRESS * 4 }]);

  app.post(
    '/api/accounts/webservice/tokens',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A partner system gets a one-time login link for one of its users',
        description:
          'Server to server: HTTP Basic with the client id and secret of a confidential OAuth app that has the `webservice` grant.',
        security: [{ basic: [] }],
        body: webserviceTokenBody,
        response: { 201: webserviceTokenResponse, ...errors },
      },
    },
    async (request, reply) => {
      const issued = await signin.issueWebserviceToken(request.headers.authorization, request.body);
      return reply.status(201).header('Cache-Control', 'no-store').send(issued);
    },
  );

  app.post(
    '/api/accounts/webservice-login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Exchanges a webservice-login token (once) for a session of type webservice',
        body: webserviceLoginBody,
        response: { 200: tokenResponse, ...errors },
      },
    },
    async (request, reply) => {
      await perAddress(request.ip, 'webservice');
      return sendTokens(request, reply, await signin.webserviceLogin(request.body.token, meta(request)));
    },
  );

  app.get(
    '/api/accounts/google/start',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Starts Google sign-in: redirects the browser to the OpenID provider',
        response: { 302: errorBody.optional(), 404: errorBody },
      },
    },
    async (request, reply) => {
      const config = await deps.services.site.forHost(request.hostname);
      if (!config.oauth2.google || !signin.googleEnabled()) {
        // A browser that navigated here (the login screen's button) gets the app's translated screen with
        // a way back to login, never a JSON body; API clients keep the 404. The link that led here is
        // relative to the app, so the app's screen is on this same origin.
        if (request.headers.accept?.includes('text/html')) {
          return reply.redirect('/login-redirect-v2?error=ACCOUNTS_GOOGLE_UNAVAILABLE', 302);
        }
        throw new AppError('NOT_FOUND', 404);
      }
      let url: string;
      try {
        url = await signin.googleStart();
      } catch (err) {
        request.log.warn({ err }, 'google sign-in could not start');
        url = `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}/login-redirect-v2?error=ACCOUNTS_GOOGLE_FAILED`;
      }
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/api/accounts/google/callback',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The OpenID provider sends the browser back here; it goes on to the app with the result',
        response: { 302: errorBody.optional() },
      },
    },
    async (request, reply) => {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      return reply.redirect(await signin.googleCallback(search), 302);
    },
  );

  app.post(
    '/api/accounts/google/exchange',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Exchanges the one-time result of a Google sign-in for the session tokens',
        body: googleExchangeBody,
        response: { 200: tokenResponse, ...errors },
      },
    },
    async (request, reply) => {
      await perAddress(request.ip, 'google');
      return sendTokens(request, reply, await signin.googleExchange(request.body.code, meta(request)));
    },
  );
}
