import type { FastifyRequest } from 'fastify';
import { errorBody } from '@trilha/contracts/errors';
import {
  rankingMe,
  rankingMeQuery,
  rankingPage,
  rankingQuery,
  rankingVisibility,
  rankingVisibilityBody,
} from '@trilha/contracts/ranking';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { RankingService } from './ranking.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['ranking'];

/**
 * The ranking's routes (docs/ranking.md): any member of the selected client when the client has the
 * ranking (`has_ranking`; without it the routes answer 404).
 */
export function registerRankingRoutes(app: App, deps: CoreDeps, ranking: RankingService) {
  const member = deps.guards.requireFlag('has_ranking');
  const caller = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });

  app.get(
    '/api/ranking',
    {
      preHandler: member,
      schema: {
        tags,
        summary: 'The ranking of the client or one of the caller’s areas, paged, best first',
        querystring: rankingQuery,
        response: { 200: rankingPage, ...errors },
      },
    },
    async (request) => ranking.page(caller(request), request.query),
  );

  app.get(
    '/api/ranking/me',
    {
      preHandler: member,
      schema: {
        tags,
        summary: 'The caller’s position and the five users above and below',
        querystring: rankingMeQuery,
        response: { 200: rankingMe, ...errors },
      },
    },
    async (request) => ranking.me(caller(request), request.query),
  );

  app.get(
    '/api/profile/ranking-visibility',
    {
      preHandler: member,
      schema: {
        tags,
        summary: 'Whether the caller is shown by initials in the ranking',
        response: { 200: rankingVisibility, ...errors },
      },
    },
    async (request) => ranking.visibility(caller(request)),
  );

  app.put(
    '/api/profile/ranking-visibility',
    {
      preHandler: member,
      schema: {
        tags,
        summary: 'Shows the caller by initials in the ranking, or by name again',
        body: rankingVisibilityBody,
        response: { 200: rankingVisibility, ...errors },
      },
    },
    async (request) => ranking.setVisibility(caller(request), request.body.hideName),
  );
}
