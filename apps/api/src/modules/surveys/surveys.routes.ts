import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { okResponse } from '@trilha/contracts/auth';
import { errorBody } from '@trilha/contracts/errors';
import {
  adminSurveyList,
  adminSurveyResponse,
  answerBody,
  essayList,
  essayListQuery,
  learnerSurveyList,
  learnerSurveyResponse,
  ownedSurveyList,
  surveyBody,
  surveyListQuery,
  surveyParams,
  surveyResults,
} from '@trilha/contracts/surveys';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { SurveyMember, SurveysService } from './surveys.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const adminTags = ['admin: surveys'];
const tags = ['surveys'];

/** Loads who the caller is in the selected client, with the audience facts the surveys are tested on. */
export type MemberLoader = (request: FastifyRequest) => Promise<SurveyMember>;

/**
 * The surveys' routes: the back office's builder (`learning.author`), the learner's list, survey and
 * answer (any member of the client; the audience decides), and the results (any member; the service lets
 * through the survey's owners and whoever has `learning.reports`).
 */
export function registerSurveysRoutes(
  app: App,
  deps: CoreDeps,
  surveys: SurveysService,
  member: MemberLoader,
) {
  const author = deps.guards.requireCapability('learning.author');
  const client = deps.guards.requireClient;
  const actor = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });

  app.get(
    '/api/admin/surveys',
    {
      preHandler: author,
      schema: {
        tags: adminTags,
        summary: "The client's surveys, newest first, with their response counts",
        querystring: surveyListQuery,
        response: { 200: adminSurveyList, ...errors },
      },
    },
    async (request) => surveys.list(request.tenant!.clientId, request.query),
  );

  app.post(
    '/api/admin/surveys',
    {
      preHandler: author,
      schema: {
        tags: adminTags,
        summary: 'Creates a survey',
        body: surveyBody,
        response: { 200: adminSurveyResponse, ...errors },
      },
    },
    async (request) => ({ survey: await surveys.create(actor(request), request.body) }),
  );

  app.get(
    '/api/admin/surveys/:id',
    {
      preHandler: author,
      schema: {
        tags: adminTags,
        summary: 'A survey',
        params: surveyParams,
        response: { 200: adminSurveyResponse, ...errors },
      },
    },
    async (request) => ({ survey: await surveys.get(request.tenant!.clientId, request.params.id) }),
  );

  app.put(
    '/api/admin/surveys/:id',
    {
      preHandler: author,
      schema: {
        tags: adminTags,
        summary:
          "Edits a survey (once answered, its questions' kinds and options stay: SURVEY_HAS_RESPONSES)",
        params: surveyParams,
        body: surveyBody,
        response: { 200: adminSurveyResponse, ...errors },
      },
    },
    async (request) => ({ survey: await surveys.update(actor(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/admin/surveys/:id',
    {
      preHandler: author,
      schema: {
        tags: adminTags,
        summary: 'Deletes a survey with its responses',
        params: surveyParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await surveys.remove(actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/surveys',
    {
      preHandler: client,
      schema: {
        tags,
        summary: 'The surveys open to the caller now (published, in their audience, within their dates)',
        response: { 200: learnerSurveyList, ...errors },
      },
    },
    async (request) => surveys.openTo(await member(request), request.lang),
  );

  app.get(
    '/api/surveys/owned',
    {
      preHandler: client,
      schema: {
        tags,
        summary: 'The surveys whose results the caller reads: those they own, or all with learning.reports',
        response: { 200: ownedSurveyList, ...errors },
      },
    },
    async (request) => surveys.owned(await member(request), request.lang),
  );

  app.get(
    '/api/surveys/:id',
    {
      preHandler: client,
      schema: {
        tags,
        summary:
          "A published survey of the caller's audience, in their language, and whether they answered it",
        params: surveyParams,
        response: { 200: learnerSurveyResponse, ...errors },
      },
    },
    async (request) => ({
      survey: await surveys.forLearner(await member(request), request.params.id, request.lang),
    }),
  );

  app.post(
    '/api/surveys/:id/answers',
    {
      preHandler: client,
      schema: {
        tags,
        summary:
          'Answers a survey, once per user (SURVEY_ALREADY_ANSWERED after); SURVEY_NOT_OPEN outside its dates',
        params: surveyParams,
        body: answerBody,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await surveys.answer(await member(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/surveys/:id/results',
    {
      preHandler: client,
      schema: {
        tags,
        summary: "A survey's results: per question the count of each option (owners and report readers)",
        params: surveyParams,
        response: { 200: surveyResults, ...errors },
      },
    },
    async (request) => surveys.results(await member(request), request.params.id, request.lang),
  );

  app.get(
    '/api/surveys/:id/results/texts',
    {
      preHandler: client,
      schema: {
        tags,
        summary: 'The texts written for one question (essays and justifications), oldest first, paged',
        params: surveyParams,
        querystring: essayListQuery,
        response: { 200: essayList, ...errors },
      },
    },
    async (request) => surveys.essays(await member(request), request.params.id, request.query),
  );

  app.get(
    '/api/surveys/:id/results.csv',
    {
      preHandler: client,
      schema: {
        tags,
        summary: 'The responses as CSV: one line per response, a column per question (and per justification)',
        params: surveyParams,
        response: { 200: z.string(), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const text = await surveys.csv(await member(request), request.params.id, request.lang);
      reply.header('Content-Disposition', `attachment; filename="survey-${request.params.id}.csv"`);
      reply.type('text/csv; charset=utf-8');
      return text;
    },
  );
}
