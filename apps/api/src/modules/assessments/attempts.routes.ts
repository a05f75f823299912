import type { FastifyRequest } from 'fastify';
import {
  activityAttemptsParams,
  adminAttemptDetail,
  adminAttemptListQuery,
  adminAttemptPage,
  adminAttemptParams,
  answerBody,
  assessedCourseDetail,
  assessedCourseListQuery,
  assessedCoursePage,
  answerParams,
  answerSaved,
  attemptParams,
  attemptResult,
  attemptReview,
  attemptTrailQuery,
  attemptView,
  courseBlockListQuery,
  courseBlockPage,
  courseBlockParams,
  courseParams,
  essayGradesBody,
  testOverview,
  unblockBody,
  unblockResponse,
} from '@trilha/contracts/assessments/attempts';
import { errorBody } from '@trilha/contracts/errors';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { validationFailed } from '../../lib/field-errors';
import { compiledResponses } from '../../lib/response-serializer';
import type { ViewerLoader } from '../learning/viewer';
import type { AttemptsService } from './attempts.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const learnerTags = ['learning: tests'];
const adminTags = ['admin: assessments'];
const base = '/api/learning/activities/:id/attempts';
const admin = '/api/admin/assessments';

/** Tests and quizzes: the learner's attempts, and the back office's attempts, essay grades and unblocks. */
export function registerAttemptRoutes(
  app: App,
  deps: CoreDeps,
  s: { attempts: AttemptsService; viewers: ViewerLoader },
) {
  const { requireCapability, requireFlag } = deps.guards;
  // A test is an activity of a course: its routes are gated like the progress routes.
  const preHandler = requireFlag('has_courses', 'has_trails');
  const viewer = async (request: FastifyRequest) => ({
    ...(await s.viewers.load(request.auth!.userId, request.tenant!)),
    sessionId: request.auth!.sessionId,
  });

  app.get(
    base,
    {
      serializerCompiler: compiledResponses,
      preHandler,
      schema: {
        tags: learnerTags,
        summary: "A test's rules and the learner's attempts",
        params: activityAttemptsParams,
        querystring: attemptTrailQuery,
        response: { 200: testOverview, ...errors },
      },
    },
    async (request) => s.attempts.overview(await viewer(request), request.params.id, request.query.trailId),
  );

  app.post(
    base,
    {
      serializerCompiler: compiledResponses,
      preHandler,
      schema: {
        tags: learnerTags,
        summary: 'Start an attempt, or resume the open one (same questions, the time left)',
        params: activityAttemptsParams,
        querystring: attemptTrailQuery,
        response: { 200: attemptView, ...errors },
      },
    },
    async (request) =>
      s.attempts.start(await viewer(request), request.params.id, request.query.trailId, request.lang),
  );

  app.put(
    `${base}/:attemptId/answers/:index`,
    {
      serializerCompiler: compiledResponses,
      preHandler,
      schema: {
        tags: learnerTags,
        summary: 'Save the answer to one question (after the deadline the attempt closes instead)',
        params: answerParams,
        body: answerBody,
        response: { 200: answerSaved, ...errors },
      },
    },
    async (request) =>
      s.attempts.saveAnswer(
        await viewer(request),
        request.params.id,
        request.params.attemptId,
        request.params.index,
        request.body.answer,
      ),
  );

  app.post(
    `${base}/:attemptId/submit`,
    {
      serializerCompiler: compiledResponses,
      preHandler,
      schema: {
        tags: learnerTags,
        summary: 'Submit an attempt: graded once, the same result every time',
        params: attemptParams,
        response: { 200: attemptResult, ...errors },
      },
    },
    async (request) => s.attempts.submit(await viewer(request), request.params.id, request.params.attemptId),
  );

  app.get(
    `${base}/:attemptId/review`,
    {
      serializerCompiler: compiledResponses,
      preHandler,
      schema: {
        tags: learnerTags,
        summary: 'Review of a submitted attempt, as the author allows',
        params: attemptParams,
        response: { 200: attemptReview, ...errors },
      },
    },
    async (request) =>
      s.attempts.review(await viewer(request), request.params.id, request.params.attemptId, request.lang),
  );

  // Back office: instructors and managers of the selected client.
  const instructors = requireCapability('learning.instructor');
  const actor = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });

  app.get(
    `${admin}/activities/:id/attempts`,
    {
      serializerCompiler: compiledResponses,
      preHandler: instructors,
      schema: {
        tags: adminTags,
        summary: 'Attempts at a test (paged; by status and learner)',
        params: activityAttemptsParams,
        querystring: adminAttemptListQuery,
        response: { 200: adminAttemptPage, ...errors },
      },
    },
    async (request) => s.attempts.adminList(request.tenant!.clientId, request.params.id, request.query),
  );

  app.get(
    `${admin}/attempts/:attemptId`,
    {
      serializerCompiler: compiledResponses,
      preHandler: instructors,
      schema: {
        tags: adminTags,
        summary: 'One attempt: questions, answers, right answers, score and time',
        params: adminAttemptParams,
        response: { 200: adminAttemptDetail, ...errors },
      },
    },
    async (request) =>
      s.attempts.adminDetail(request.tenant!.clientId, request.params.attemptId, request.lang),
  );

  app.post(
    `${admin}/attempts/:attemptId/grades`,
    {
      serializerCompiler: compiledResponses,
      preHandler: instructors,
      schema: {
        tags: adminTags,
        summary: "Grade an attempt's essays",
        params: adminAttemptParams,
        body: essayGradesBody,
        response: { 200: adminAttemptDetail, ...errors },
      },
    },
    async (request) =>
      s.attempts.gradeEssays(actor(request), request.params.attemptId, request.body, request.lang),
  );

  app.get(
    `${admin}/courses`,
    {
      serializerCompiler: compiledResponses,
      preHandler: instructors,
      schema: {
        tags: adminTags,
        summary: 'The courses of the client that have tests (paged; by title)',
        querystring: assessedCourseListQuery,
        response: { 200: assessedCoursePage, ...errors },
      },
    },
    async (request) => s.attempts.assessedCourses(request.tenant!.clientId, request.query),
  );

  app.get(
    `${admin}/courses/:id`,
    {
      serializerCompiler: compiledResponses,
      preHandler: instructors,
      schema: {
        tags: adminTags,
        summary: 'One course with its tests, attempts waiting for a grade and learners blocked',
        params: courseParams,
        response: { 200: assessedCourseDetail, ...errors },
      },
    },
    async (request) => s.attempts.assessedCourse(request.tenant!.clientId, request.params.id),
  );

  app.get(
    `${admin}/courses/:id/blocks`,
    {
      serializerCompiler: compiledResponses,
      preHandler: instructors,
      schema: {
        tags: adminTags,
        summary: 'Learners blocked in a course by a block test',
        params: courseParams,
        querystring: courseBlockListQuery,
        response: { 200: courseBlockPage, ...errors },
      },
    },
    async (request) =>
      s.attempts.blocks(
        request.tenant!.clientId,
        request.params.id,
        request.query.page,
        request.query.pageSize,
      ),
  );

  app.post(
    `${admin}/courses/:id/users/:userId/unblock`,
    {
      serializerCompiler: compiledResponses,
      preHandler: instructors,
      schema: {
        tags: adminTags,
        summary: 'Unblock a learner in a course, with a reason (audited)',
        params: courseBlockParams,
        // The body (`unblockBody`, a reason) is checked in the handler, after the guard: a caller without
        // the capability gets 403 whatever it sent.
        response: { 200: unblockResponse, ...errors },
      },
    },
    async (request) => {
      const body = unblockBody.safeParse(request.body ?? {});
      if (!body.success) throw validationFailed(body.error.issues);
      return s.attempts.unblock(actor(request), request.params.id, request.params.userId, body.data.reason);
    },
  );
}
