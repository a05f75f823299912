import type { FastifyRequest } from 'fastify';
import { errorBody } from '@trilha/contracts/errors';
import {
  activityAuthorizationList,
  activityProgressBody,
  authorizationParams,
  authorizeBody,
  continueCourse,
  courseDetail,
  courseListPage,
  courseListQuery,
  enrollmentResponse,
  favoriteBody,
  favoriteResponse,
  idParams,
  learningFilterOptions,
  playerParams,
  playerPayload,
  progressQuery,
  progressResponse,
  scormCommitBody,
  trailCourseParams,
  trailDetail,
  trailListPage,
  trailListQuery,
  trailPlayerParams,
} from '@trilha/contracts/learning';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { compiledResponses } from '../../lib/response-serializer';
import type { AuthorizationService } from './authorization.service';
import type { CatalogService } from './catalog.service';
import type { PlayerService } from './player.service';
import type { ProgressService } from './progress.service';
import type { ViewerLoader } from './viewer';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['learning'];

/** The learner's routes: every one needs a session and a selected client; content is scoped by viewer. */
export function registerLearnerRoutes(
  app: App,
  deps: CoreDeps,
  s: {
    viewers: ViewerLoader;
    catalog: CatalogService;
    player: PlayerService;
    progress: ProgressService;
    authorizations: AuthorizationService;
  },
) {
  const { requireCapability, requireFlag } = deps.guards;
  const viewer = async (request: FastifyRequest) => ({
    ...(await s.viewers.load(request.auth!.userId, request.tenant!)),
    sessionId: request.auth!.sessionId,
  });
  // The client's modules gate the routes as they gate the screens: courses, trails (a course inside a trail
  // needs both), and what serves either (filters, progress) needs one of them.
  const courses = requireFlag('has_courses');
  const trails = requireFlag('has_trails');
  const preHandler = requireFlag('has_courses', 'has_trails');
  const gateOf = { course: courses, trail: trails } as const;

  app.get(
    '/api/learning/filters',
    {
      serializerCompiler: compiledResponses,
      preHandler,
      schema: {
        tags,
        summary: 'Choices of the list filters',
        response: { 200: learningFilterOptions, ...errors },
      },
    },
    async (request) => s.catalog.filterOptions(request.tenant!.clientId),
  );

  app.get(
    '/api/learning/courses',
    {
      serializerCompiler: compiledResponses,
      preHandler: courses,
      schema: {
        tags,
        summary: 'Online courses (filtered, paged)',
        querystring: courseListQuery,
        response: { 200: courseListPage, ...errors },
      },
    },
    async (request) => s.catalog.courseList(await viewer(request), request.query),
  );

  app.get(
    '/api/learning/courses/:id',
    {
      serializerCompiler: compiledResponses,
      preHandler: courses,
      schema: {
        tags,
        summary: 'A course with its modules and activities',
        params: idParams,
        response: { 200: courseDetail, ...errors },
      },
    },
    async (request) => s.catalog.courseDetail(await viewer(request), request.params.id),
  );

  app.get(
    '/api/learning/continue',
    {
      preHandler: courses,
      schema: {
        tags,
        summary: 'The unfinished course the learner worked on last, and where "continue" goes',
        response: { 200: continueCourse, ...errors },
      },
    },
    async (request) => s.catalog.continueCourse(await viewer(request)),
  );

  for (const kind of ['course', 'trail'] as const) {
    const base = kind === 'course' ? '/api/learning/courses/:id' : '/api/learning/trails/:id';
    app.put(
      `${base}/favorite`,
      {
        preHandler: gateOf[kind],
        schema: {
          tags,
          summary: `Favorite a ${kind}`,
          params: idParams,
          body: favoriteBody,
          response: { 200: favoriteResponse, ...errors },
        },
      },
      async (request) =>
        s.catalog.setFavorite(await viewer(request), kind, request.params.id, request.body.favorite),
    );
    app.post(
      `${base}/enrollment`,
      {
        preHandler: gateOf[kind],
        schema: {
          tags,
          summary: `Enroll in a ${kind}`,
          params: idParams,
          response: { 200: enrollmentResponse, ...errors },
        },
      },
      async (request) => s.catalog.enroll(await viewer(request), kind, request.params.id),
    );
    app.delete(
      `${base}/enrollment`,
      {
        preHandler: gateOf[kind],
        schema: {
          tags,
          summary: `Unenroll from a ${kind}`,
          params: idParams,
          response: { 200: enrollmentResponse, ...errors },
        },
      },
      async (request) => s.catalog.unenroll(await viewer(request), kind, request.params.id),
    );
  }

  app.get(
    '/api/learning/courses/:id/activities/:order',
    {
      serializerCompiler: compiledResponses,
      preHandler: courses,
      schema: {
        tags,
        summary: 'Activity player data',
        params: playerParams,
        response: { 200: playerPayload, ...errors },
      },
    },
    async (request) => s.player.payload(await viewer(request), request.params.id, request.params.order),
  );

  app.get(
    '/api/learning/trails',
    {
      serializerCompiler: compiledResponses,
      preHandler: trails,
      schema: {
        tags,
        summary: 'Learning trails (filtered, paged)',
        querystring: trailListQuery,
        response: { 200: trailListPage, ...errors },
      },
    },
    async (request) => s.catalog.trailList(await viewer(request), request.query),
  );

  app.get(
    '/api/learning/trails/:id',
    {
      serializerCompiler: compiledResponses,
      preHandler: trails,
      schema: {
        tags,
        summary: 'A trail with its ordered items',
        params: idParams,
        response: { 200: trailDetail, ...errors },
      },
    },
    async (request) => s.catalog.trailDetail(await viewer(request), request.params.id),
  );

  app.get(
    '/api/learning/trails/:trailId/courses/:id',
    {
      serializerCompiler: compiledResponses,
      preHandler: [trails, courses],
      schema: {
        tags,
        summary: 'A course inside a trail',
        params: trailCourseParams,
        response: { 200: courseDetail, ...errors },
      },
    },
    async (request) =>
      s.catalog.courseDetail(await viewer(request), request.params.id, request.params.trailId),
  );

  app.get(
    '/api/learning/trails/:trailId/courses/:id/activities/:order',
    {
      serializerCompiler: compiledResponses,
      preHandler: [trails, courses],
      schema: {
        tags,
        summary: 'Activity player data inside a trail',
        params: trailPlayerParams,
        response: { 200: playerPayload, ...errors },
      },
    },
    async (request) =>
      s.player.payload(
        await viewer(request),
        request.params.id,
        request.params.order,
        request.params.trailId,
      ),
  );

  app.post(
    '/api/learning/activities/:id/progress',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Report progress of an activity (the server decides completion)',
        params: idParams,
        querystring: progressQuery,
        body: activityProgressBody,
        response: { 200: progressResponse, ...errors },
      },
    },
    async (request) =>
      s.progress.report(await viewer(request), request.params.id, request.body, request.query.trailId),
  );

  app.post(
    '/api/learning/activities/:id/scorm/commit',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Commit SCORM runtime data',
        params: idParams,
        querystring: progressQuery,
        body: scormCommitBody,
        response: { 200: progressResponse, ...errors },
      },
    },
    async (request) =>
      s.progress.commit(await viewer(request), request.params.id, request.body, request.query.trailId),
  );

  const instructors = requireCapability('learning.instructor');
  app.get(
    '/api/learning/activities/:id/authorizations',
    {
      serializerCompiler: compiledResponses,
      preHandler: instructors,
      schema: {
        tags,
        summary: 'Users authorized for an activity',
        params: idParams,
        response: { 200: activityAuthorizationList, ...errors },
      },
    },
    async (request) => s.authorizations.list(request.tenant!.clientId, request.params.id),
  );
  app.post(
    '/api/learning/activities/:id/authorizations',
    {
      preHandler: instructors,
      schema: {
        tags,
        summary: 'Authorize a user for an activity',
        params: idParams,
        body: authorizeBody,
        response: { 200: activityAuthorizationList, ...errors },
      },
    },
    async (request) =>
      s.authorizations.authorize(
        request.tenant!.clientId,
        request.auth!.userId,
        request.params.id,
        request.body.userId,
      ),
  );
  app.delete(
    '/api/learning/activities/:id/authorizations/:userId',
    {
      preHandler: instructors,
      schema: {
        tags,
        summary: 'Withdraw a user authorization',
        params: authorizationParams,
        response: { 200: activityAuthorizationList, ...errors },
      },
    },
    async (request) =>
      s.authorizations.revoke(
        request.tenant!.clientId,
        request.auth!.userId,
        request.params.id,
        request.params.userId,
      ),
  );
}
