import type { FastifyRequest } from 'fastify';
import { errorBody } from '@trilha/contracts/errors';
import { loyaltyIdParams } from '@trilha/contracts/loyalty';
import {
  levelRequest,
  levelRequestPage,
  levelRequestQuery,
  myLevel,
  rejectLevelRequestBody,
} from '@trilha/contracts/loyalty-levels';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { Actor, LevelsService } from './loyalty-levels.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};

/**
 * Levels (docs/loyalty.md, "Levels"): the learner's level and progress (any member of the selected
 * client), and the back office's queue of level-change requests (`campaigns.manage`).
 */
export function registerLevelRoutes(app: App, deps: CoreDeps, levels: LevelsService) {
  const { requireClient, requireCapability } = deps.guards;
  const manage = requireCapability('campaigns.manage');
  const actor = (request: FastifyRequest): Actor => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });

  app.get(
    '/api/loyalty/my-level',
    {
      preHandler: requireClient,
      schema: {
        tags: ['loyalty'],
        summary: 'My level, my XP in my running campaign, the next level and what each level gives',
        response: { 200: myLevel, ...errors },
      },
    },
    async (request) => levels.myLevel(actor(request)),
  );

  app.get(
    '/api/admin/loyalty/level-requests',
    {
      preHandler: manage,
      schema: {
        tags: ['admin: loyalty'],
        summary:
          'Level-change requests by status, oldest first, with the sales each member has pending audit',
        querystring: levelRequestQuery,
        response: { 200: levelRequestPage, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      return levels.requests(request.tenant!.clientId, q.status, q.page, q.pageSize);
    },
  );

  app.post(
    '/api/admin/loyalty/level-requests/:id/approve',
    {
      preHandler: manage,
      schema: {
        tags: ['admin: loyalty'],
        summary: "Approves a level-change request once the member's sales are audited",
        params: loyaltyIdParams,
        response: { 200: levelRequest, ...errors },
      },
    },
    async (request) => levels.approve(actor(request), request.params.id),
  );

  app.post(
    '/api/admin/loyalty/level-requests/:id/reject',
    {
      preHandler: manage,
      schema: {
        tags: ['admin: loyalty'],
        summary: 'Rejects a level-change request with a reason',
        params: loyaltyIdParams,
        body: rejectLevelRequestBody,
        response: { 200: levelRequest, ...errors },
      },
    },
    async (request) => levels.reject(actor(request), request.params.id, request.body.reason),
  );
}
