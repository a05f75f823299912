import type { FastifyRequest } from 'fastify';
import { okResponse } from '@trilha/contracts/auth';
import { errorBody } from '@trilha/contracts/errors';
import {
  awardBody,
  awardParams,
  awardResponse,
  earnedQuery,
  earnedResponse,
  rewardSettings,
  rewardSettingsBody,
} from '@trilha/contracts/rewards/awards';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { AwardsService } from './awards.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * Awards: the authors' editor of what finishing an activity, course or trail gives (`learning.author`),
 * the learner's "what did I earn", and the client's reward settings (`rewards.manage`).
 */
export function registerAwardsRoutes(app: App, deps: CoreDeps, awards: AwardsService) {
  const author = deps.guards.requireCapability('learning.author');
  const manager = deps.guards.requireCapability('rewards.manage');
  const actor = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });

  app.get(
    '/api/admin/awards/:targetType/:targetId',
    {
      preHandler: author,
      schema: {
        tags: ['admin: awards'],
        summary: 'What finishing an activity, course or trail gives (null: nothing)',
        params: awardParams,
        response: { 200: awardResponse, ...errors },
      },
    },
    async (request) => ({
      award: await awards.get(request.tenant!.clientId, request.params.targetType, request.params.targetId),
    }),
  );

  app.put(
    '/api/admin/awards/:targetType/:targetId',
    {
      preHandler: author,
      schema: {
        tags: ['admin: awards'],
        summary: 'Sets what finishing it gives (points, XP, a badge, a certificate for courses and trails)',
        params: awardParams,
        body: awardBody,
        response: { 200: awardResponse, ...errors },
      },
    },
    async (request) => ({
      award: await awards.save(
        actor(request),
        request.params.targetType,
        request.params.targetId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/admin/awards/:targetType/:targetId',
    {
      preHandler: author,
      schema: {
        tags: ['admin: awards'],
        summary: 'Removes the award (grants already given stay)',
        params: awardParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await awards.remove(actor(request), request.params.targetType, request.params.targetId);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/rewards/earned',
    {
      preHandler: deps.guards.requireClient,
      schema: {
        tags: ['rewards'],
        summary: 'What finishing it gave the caller: none, pending (poll again) or granted',
        querystring: earnedQuery,
        response: { 200: earnedResponse, ...errors },
      },
    },
    async (request) =>
      awards.earned(
        request.tenant!.clientId,
        request.auth!.userId,
        request.query.targetType,
        request.query.targetId,
        request.lang,
      ),
  );

  app.get(
    '/api/admin/rewards/settings',
    {
      preHandler: manager,
      schema: {
        tags: ['admin: rewards'],
        summary: "The client's term for learning points and certificate reminder",
        response: { 200: rewardSettings, ...errors },
      },
    },
    async (request) => awards.settings(request.tenant!.clientId),
  );

  app.put(
    '/api/admin/rewards/settings',
    {
      preHandler: manager,
      schema: {
        tags: ['admin: rewards'],
        summary: "Sets the client's term for learning points and certificate reminder",
        body: rewardSettingsBody,
        response: { 200: rewardSettings, ...errors },
      },
    },
    async (request) => awards.saveSettings(actor(request), request.body),
  );
}
