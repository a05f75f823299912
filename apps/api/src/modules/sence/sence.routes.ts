import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBody } from '@trilha/contracts/errors';
import { serialIdParam } from '@trilha/contracts/primitives';
import { senceLatest, senceStart, startSenceBody } from '@trilha/contracts/sence';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { redirectPath, type SenceService } from './sence.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const tags = ['sence'];

/** The return URLs carry the client and the state the session was opened with. */
const returnQuery = z.object({
  client: serialIdParam(),
  state: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/** Any field the authority posts is short; what we read of it, bounded. */
const field = z.string().max(200).optional();
const returnForm = z.object({
  IdSesionAlumno: field,
  IdSesionSence: field,
  GlosaError: field,
  CodSence: field,
  CodigoCurso: field,
  RunAlumno: field,
  FechaHora: field,
  ZonaHoraria: field,
  LineaCapacitacion: field,
});

/**
 * The SENCE routes (docs/sence.md): a signed-in member of the selected client opens a session and reads
 * their latest; the authority posts the learner's browser back to the two public return URLs, which
 * record the answer and send the browser on to the app's SENCE screen (303).
 */
export function registerSenceRoutes(app: App, deps: CoreDeps, sence: SenceService) {
  const { requireClient } = deps.guards;
  const caller = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });

  app.post(
    '/api/sence/sessions',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'Opens a SENCE session: the authority’s login form to post, with our return URLs',
        body: startSenceBody,
        response: { 201: senceStart, 429: errorBody, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await sence.start(caller(request), request.body)),
  );

  app.get(
    '/api/sence/sessions/latest',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'The caller’s latest SENCE session in the selected client',
        response: { 200: senceLatest, ...errors },
      },
    },
    async (request) => sence.latest(caller(request)),
  );

  for (const kind of ['success', 'error'] as const) {
    app.post(
      `/api/sence/return/${kind}`,
      {
        config: { access: 'public' },
        bodyLimit: 16_384,
        schema: {
          tags,
          security: [],
          summary:
            kind === 'success'
              ? 'The authority posts a successful entry here; the browser goes on to the app'
              : 'The authority posts a failed entry (its error code) here; the browser goes on to the app',
          querystring: returnQuery,
          body: returnForm.optional(),
          response: { 303: z.null().optional(), 400: errorBody },
        },
      },
      async (request, reply) => {
        const next = await sence.handleReturn(
          kind,
          { clientId: request.query.client, state: request.query.state },
          request.body ?? {},
        );
        return reply.redirect(redirectPath(next), 303);
      },
    );
  }
}
