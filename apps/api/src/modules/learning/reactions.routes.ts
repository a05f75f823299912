import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { errorBody } from '@trilha/contracts/errors';
import {
  learnerReaction,
  presentialReaction,
  presentialReactionParams,
  reactionAnswerBody,
  reactionAnswered,
  reactionEssayList,
  reactionEssayQuery,
  reactionParams,
  reactionResults,
  reactionTrailQuery,
} from '@trilha/contracts/learning';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { ReactionsService } from './reactions.service';
import type { ViewerLoader } from './viewer';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['learning: reactions'];
const adminTags = ['admin: reactions'];
const base = '/api/learning/activities/:id/reaction';
const admin = '/api/admin/learning/activities/:id/reaction/results';

/**
 * Reaction evaluations: the learner's questions and answer (gated like the other activity routes: the
 * client's courses or trails module, the course's visibility, enrollment and locks), the in-person
 * courses' entry (not built yet: it says so), and the results for the client's instructors and managers.
 */
export function registerReactionRoutes(
  app: App,
  deps: CoreDeps,
  s: { reactions: ReactionsService; viewers: ViewerLoader },
) {
  const { requireCapability, requireFlag, requireClient } = deps.guards;
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
        summary: 'A reaction evaluation in my language: whether it is open (the training ended) and answered',
        params: reactionParams,
        querystring: reactionTrailQuery,
        response: { 200: learnerReaction, ...errors },
      },
    },
    async (request) =>
      s.reactions.forLearner(await viewer(request), request.params.id, request.query.trailId, request.lang),
  );

  app.post(
    base,
    {
      preHandler,
      schema: {
        tags,
        summary: 'My answers to a reaction evaluation, once; they finish the activity',
        params: reactionParams,
        querystring: reactionTrailQuery,
        body: reactionAnswerBody,
        response: { 200: reactionAnswered, ...errors },
      },
    },
    async (request) =>
      s.reactions.answer(await viewer(request), request.params.id, request.query.trailId, request.body),
  );

  app.get(
    '/api/learning/presential-courses/:id/reactions/:order',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: "An in-person course's reaction evaluation (in-person courses are not available yet)",
        params: presentialReactionParams,
        response: { 200: presentialReaction, ...errors },
      },
    },
    // In-person courses come with their own issue: until then no course has a reaction here.
    async () => ({ available: false, reaction: null }),
  );

  // Results: instructors and managers of the selected client.
  const instructors = requireCapability('learning.instructor');

  app.get(
    admin,
    {
      preHandler: instructors,
      schema: {
        tags: adminTags,
        summary: 'A reaction evaluation’s results: per question how many answered, each option’s count',
        params: reactionParams,
        response: { 200: reactionResults, ...errors },
      },
    },
    async (request) => s.reactions.results(request.tenant!.clientId, request.params.id, request.lang),
  );

  app.get(
    `${admin}/essays`,
    {
      preHandler: instructors,
      schema: {
        tags: adminTags,
        summary: 'The texts written for one question (essays and justifications), oldest first, paged',
        params: reactionParams,
        querystring: reactionEssayQuery,
        response: { 200: reactionEssayList, ...errors },
      },
    },
    async (request) => s.reactions.essays(request.tenant!.clientId, request.params.id, request.query),
  );

  app.get(
    '/api/admin/learning/activities/:id/reaction/results.csv',
    {
      preHandler: instructors,
      schema: {
        tags: adminTags,
        summary: 'The responses as CSV: one line per response (no names), a column per question',
        params: reactionParams,
        response: { 200: z.string(), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const text = await s.reactions.csv(request.tenant!.clientId, request.params.id, request.lang);
      reply.header('Content-Disposition', `attachment; filename="reaction-${request.params.id}.csv"`);
      reply.type('text/csv; charset=utf-8');
      return text;
    },
  );
}
