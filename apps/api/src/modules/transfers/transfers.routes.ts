import type { FastifyRequest } from 'fastify';
import { errorBody } from '@trilha/contracts/errors';
import {
  incomingTransfer,
  incomingTransferBody,
  transfer,
  transferBody,
  transferIdParams,
  transferListQuery,
  transferPage,
} from '@trilha/contracts/transfers';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { AppError } from '../../lib/errors';
import type { TransfersService } from './transfers.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
  503: errorBody,
};
const tags = ['loyalty: transfers'];

/** The partner's calls per minute per address: far above a real partner's rate, a guard against guessing. */
const partnerLimit = { max: 600, timeWindow: 60_000 };

/** The learner's transfers to the partner program, and the partner's transfers to us (docs/transfers.md). */
export function registerTransfersRoutes(app: App, deps: CoreDeps, transfers: TransfersService) {
  const { requireClient, idempotencyRequired } = deps.guards;
  const actor = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
    roles: request.tenant!.roles,
  });

  app.post(
    '/api/transfers',
    {
      preHandler: [requireClient, idempotencyRequired],
      schema: {
        tags,
        summary:
          'Sends points to a partner account: holds them until the partner confirms (Idempotency-Key required)',
        body: transferBody,
        response: { 201: transfer, ...errors },
      },
    },
    async (request, reply) => {
      const result = await transfers.request(
        actor(request),
        request.body,
        String(request.headers['idempotency-key']),
      );
      return reply.status(result.replayed ? 200 : 201).send(result.transfer);
    },
  );

  app.get(
    '/api/transfers',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'My transfers to the partner program, newest first',
        querystring: transferListQuery,
        response: { 200: transferPage, ...errors },
      },
    },
    async (request) => transfers.mine(actor(request), request.query),
  );

  app.get(
    '/api/transfers/:id',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'One of my transfers',
        params: transferIdParams,
        response: { 200: transfer, ...errors },
      },
    },
    async (request) => transfers.mineOne(actor(request), request.params.id),
  );

  app.post(
    '/api/transfers/incoming',
    {
      // The partner's own call: authenticated by the shared secret below, not by a user's session.
      config: { access: 'public', rateLimit: partnerLimit },
      preHandler: async (request) => {
        if (!transfers.partnerAuthorized(request.headers.authorization)) {
          throw new AppError('TRANSFERS_PARTNER_UNAUTHORIZED', 401);
        }
      },
      schema: {
        tags,
        summary:
          "The partner program sends points to one of our users (the partner's token; idempotent by its id)",
        security: [],
        body: incomingTransferBody,
        response: { 200: incomingTransfer, 201: incomingTransfer, ...errors },
      },
    },
    async (request, reply) => {
      const result = await transfers.receive(request.body);
      return reply.status(result.replayed ? 200 : 201).send(result);
    },
  );
}
