import type { FastifyRequest } from 'fastify';
import {
  gameAttemptParams,
  gameAttemptStarted,
  gameInfo,
  gameMovesBody,
  gameMovesResponse,
  gameParams,
  gameSubmitted,
  gameTrailQuery,
} from '@trilha/contracts/learning';
import { errorBody } from '@trilha/contracts/errors';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { ViewerLoader } from '../learning/viewer';
import type { GamesService } from './games.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['learning: games'];
const base = '/api/learning/activities/:id/game';

/** Games: the learner's view of a game, attempts, moves checked one by one, and the submit. */
export function registerGameRoutes(
  app: App,
  deps: CoreDeps,
  s: { games: GamesService; viewers: ViewerLoader },
) {
  const { requireFlag } = deps.guards;
  // A game is an activity of a course: its routes are gated like the progress routes.
  const preHandler = requireFlag('has_courses', 'has_trails');
  const viewer = async (request: FastifyRequest) => ({
    ...(await s.viewers.load(request.auth!.userId, request.tenant!)),
    sessionId: request.auth!.sessionId,
  });

  app.get(
    base,
    {
      preHandler,
      schema: {
        tags,
        summary: "A game as the learner sees it (no solution) and the learner's record",
        params: gameParams,
        querystring: gameTrailQuery,
        response: { 200: gameInfo, ...errors },
      },
    },
    async (request) => s.games.info(await viewer(request), request.params.id, request.query.trailId),
  );

  app.post(
    `${base}/attempts`,
    {
      preHandler,
      schema: {
        tags,
        summary: 'Start an attempt: its id, seed and view (an open attempt ends as lost)',
        params: gameParams,
        querystring: gameTrailQuery,
        response: { 200: gameAttemptStarted, ...errors },
      },
    },
    async (request) => s.games.start(await viewer(request), request.params.id, request.query.trailId),
  );

  app.post(
    `${base}/attempts/:attemptId/moves`,
    {
      preHandler,
      schema: {
        tags,
        summary: "New moves, checked against the solution in turn: each one's feedback and the state",
        params: gameAttemptParams,
        body: gameMovesBody,
        response: { 200: gameMovesResponse, ...errors },
      },
    },
    async (request) =>
      s.games.move(await viewer(request), request.params.id, request.params.attemptId, request.body.moves),
  );

  app.post(
    `${base}/attempts/:attemptId/submit`,
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Submit every move of the attempt: replayed on the server, closed once, the same result after',
        params: gameAttemptParams,
        body: gameMovesBody,
        response: { 200: gameSubmitted, ...errors },
      },
    },
    async (request) =>
      s.games.submit(await viewer(request), request.params.id, request.params.attemptId, request.body.moves),
  );
}
