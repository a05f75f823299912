import { z } from 'zod';
import { serialIdParam } from '@trilha/contracts/primitives';
import { errorBody } from '@trilha/contracts/errors';
import {
  selectClientBody,
  selectLanguageBody,
  sessionResponse,
  type SessionResponse,
} from '@trilha/contracts/session';
import type { App } from '../../context';
import type { PreHandler } from '../../plugins/auth';
import type { SessionService } from './session.service';

export function registerSessionRoutes(app: App, sessions: SessionService, requireAuth: PreHandler) {
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

  app.get(
    '/api/session',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['session'],
        summary: 'Session and user state',
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const json = await sessions.getJson(request.auth!.userId, request.auth!.sessionType);
      // Already serialized and validated by the service; skip the per-request schema serializer.
      return reply
        .type('application/json; charset=utf-8')
        .serializer((p) => p as string)
        .send(json as unknown as SessionResponse);
    },
  );

  app.get(
    '/api/clients/:id/logo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: "A client's logo (public: it brands screens before and after login)",
        params: z.object({ id: serialIdParam() }),
        response: { 200: z.any().describe('the image'), 404: errorBody },
      },
    },
    async (request, reply) => {
      const logo = await sessions.clientLogo(request.params.id);
      return reply
        .type(logo.type)
        .header('Cache-Control', 'public, max-age=3600')
        .serializer((p) => p as string)
        .send(logo.data);
    },
  );

  app.put(
    '/api/session/client',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['session'],
        summary: 'Choose the selected client',
        body: selectClientBody,
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (request) => {
      await sessions.selectClient(request.auth!.userId, request.body.clientId);
      return sessions.get(request.auth!.userId, request.auth!.sessionType);
    },
  );

  app.put(
    '/api/session/language',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['session'],
        summary: "Choose the user's language",
        body: selectLanguageBody,
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (request) => {
      await sessions.selectLanguage(request.auth!.userId, request.body.languageCode);
      return sessions.get(request.auth!.userId, request.auth!.sessionType);
    },
  );
}
