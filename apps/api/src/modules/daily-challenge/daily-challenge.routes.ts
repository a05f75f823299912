import type { FastifyRequest } from 'fastify';
import {
  dailyAnswerBody,
  dailyCalendar,
  dailyCalendarQuery,
  dailyChallengeToday,
  dailyDayQuery,
  dailyScheduleBody,
} from '@trilha/contracts/daily-challenge';
import { errorBody } from '@trilha/contracts/errors';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { DailyChallengeService } from './daily-challenge.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['daily challenge'];

/**
 * The daily challenge (docs/daily-challenge.md): the learner's day (any member of the selected client) and
 * the managers' calendar (capability `learning.author`, the question bank's).
 */
export function registerDailyChallengeRoutes(app: App, deps: CoreDeps, service: DailyChallengeService) {
  const { requireClient, requireCapability } = deps.guards;
  const manage = requireCapability('learning.author');
  const learner = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
    lang: request.lang,
  });
  const actor = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });

  app.get(
    '/api/daily-challenge/today',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary:
          "Today's challenge in the caller's time zone (no answer key before answering), the answer and the streak",
        response: { 200: dailyChallengeToday, ...errors },
      },
    },
    async (request) => service.today(learner(request)),
  );

  app.post(
    '/api/daily-challenge/today/answer',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: "Answers today's challenge, once a day: graded, credited when right, the streak kept",
        body: dailyAnswerBody,
        response: { 200: dailyChallengeToday, ...errors },
      },
    },
    async (request) => service.answer(learner(request), request.body),
  );

  app.get(
    '/api/admin/daily-challenges',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'The challenges of a month, with each day’s question stem',
        querystring: dailyCalendarQuery,
        response: { 200: dailyCalendar, ...errors },
      },
    },
    async (request) =>
      service.calendar(request.tenant!.clientId, request.query.month ?? service.currentMonth()),
  );

  app.put(
    '/api/admin/daily-challenges',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Schedules a bank question for a day not answered yet; answers the month',
        querystring: dailyDayQuery,
        body: dailyScheduleBody,
        response: { 200: dailyCalendar, ...errors },
      },
    },
    async (request) => service.schedule(actor(request), request.query.day, request.body),
  );

  app.delete(
    '/api/admin/daily-challenges',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Clears a day not answered yet (it is drawn from the bank again); answers the month',
        querystring: dailyDayQuery,
        response: { 200: dailyCalendar, ...errors },
      },
    },
    async (request) => service.clear(actor(request), request.query.day),
  );
}
