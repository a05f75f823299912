import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { serialIdParam } from '@trilha/contracts/primitives';
import { okResponse } from '@trilha/contracts/auth';
import { errorBody } from '@trilha/contracts/errors';
import {
  activityBody,
  adminCourse,
  adminCourseListPage,
  adminCourseListQuery,
  adminListQuery,
  adminTrail,
  adminTrailListPage,
  audienceBody,
  courseBody,
  courseReportPage,
  enrollmentPage,
  enrollUsersBody,
  enrollUsersResponse,
  idParams,
  learningTaxonomy,
  moduleBody,
  publishBody,
  taxonomyBody,
  taxonomyItem,
  taxonomyParams,
  trailBody,
  trailItemsBody,
  userAudience,
  userAudienceBody,
  userAudienceParams,
} from '@trilha/contracts/learning';
import type { App } from '../../context';
import { compiledResponses } from '../../lib/response-serializer';
import type { CoreDeps } from '../../features';
import { AppError } from '../../lib/errors';
import { filePart, readSmallUpload } from '../../lib/image-upload';
import { createImportSlots, IMPORT_RETRY_AFTER_SECONDS, packageLimitsOf } from '../../lib/uploads';
import type { Actor, AuthoringService } from './authoring.service';
import type { ReportService } from './report.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
/** An upload is also refused as too large (413), of a type not accepted (415) or while imports are busy (503). */
const uploadErrors = { ...errors, 413: errorBody, 415: errorBody, 503: errorBody };
const tags = ['admin: learning'];
const enrollmentParams = z.object({
  id: serialIdParam(),
  userId: serialIdParam(),
});

const COVER_MAX_BYTES = 10 * 1024 * 1024;

const fileRequired = () =>
  new AppError('LEARNING_FILE_REQUIRED', 400, { details: [{ path: 'file', issue: 'empty_file' }] });

/** A cover read into memory, refused as soon as it passes `maxBytes`. */
async function smallUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  return (await readSmallUpload(request, maxBytes, { missing: fileRequired })).data;
}

/** Every import slot and queue place taken: the client is told when to try again. */
function retryLater(reply: FastifyReply, error: unknown): never {
  if (error instanceof AppError && error.code === 'UPLOAD_BUSY') {
    reply.header('Retry-After', String(IMPORT_RETRY_AFTER_SECONDS));
  }
  throw error;
}

/**
 * The learning back office (/admin/learning): managers build trainings (`learning.author`) and read their
 * reports (`learning.reports`), superusers pass. Every route checks the capability in the selected client and the services scope every id to that client.
 */
export function registerAuthoringRoutes(
  app: App,
  deps: CoreDeps,
  authoring: AuthoringService,
  reports: ReportService,
) {
  const preHandler = deps.guards.requireCapability('learning.author');
  const reportsGuard = deps.guards.requireCapability('learning.reports');
  const maxBytes = deps.config.MAX_UPLOAD_MB * 1024 * 1024;
  const packageLimits = packageLimitsOf(deps.config);
  const importSlots = createImportSlots(deps.config.MAX_CONCURRENT_IMPORTS, deps.config.MAX_QUEUED_IMPORTS);
  const actor = (request: FastifyRequest): Actor => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });
  const multipart = { consumes: ['multipart/form-data'] };

  app.get(
    '/api/admin/learning/taxonomy',
    {
      serializerCompiler: compiledResponses,
      preHandler,
      schema: {
        tags,
        summary: 'Areas, groups, tags and categories',
        response: { 200: learningTaxonomy, ...errors },
      },
    },
    async (request) => authoring.taxonomy(request.tenant!.clientId),
  );
  app.post(
    '/api/admin/learning/taxonomy/:kind',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add an area, group, tag or category',
        params: taxonomyParams,
        body: taxonomyBody,
        response: { 200: taxonomyItem, ...errors },
      },
    },
    async (request) => authoring.addTaxonomy(actor(request), request.params.kind, request.body.name),
  );
  app.put(
    '/api/admin/learning/users/:userId/audience',
    {
      preHandler,
      schema: {
        tags,
        summary: "A user's areas and groups",
        params: userAudienceParams,
        body: userAudienceBody,
        response: { 200: userAudience, ...errors },
      },
    },
    async (request) => authoring.setUserAudience(actor(request), request.params.userId, request.body),
  );

  // Courses
  app.get(
    '/api/admin/learning/courses',
    {
      serializerCompiler: compiledResponses,
      preHandler,
      schema: {
        tags,
        summary: 'Courses of the client',
        querystring: adminCourseListQuery,
        response: { 200: adminCourseListPage, ...errors },
      },
    },
    async (request) => authoring.listCourses(request.tenant!.clientId, request.query),
  );
  app.post(
    '/api/admin/learning/courses',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Create a course',
        body: courseBody,
        response: { 200: adminCourse, ...errors },
      },
    },
    async (request) => authoring.createCourse(actor(request), request.body),
  );
  app.get(
    '/api/admin/learning/courses/:id',
    {
      serializerCompiler: compiledResponses,
      preHandler,
      schema: {
        tags,
        summary: 'A course for editing',
        params: idParams,
        response: { 200: adminCourse, ...errors },
      },
    },
    async (request) => authoring.adminCourse(request.tenant!.clientId, request.params.id),
  );
  app.put(
    '/api/admin/learning/courses/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Edit a course',
        params: idParams,
        body: courseBody,
        response: { 200: adminCourse, ...errors },
      },
    },
    async (request) => authoring.updateCourse(actor(request), request.params.id, request.body),
  );
  app.post(
    '/api/admin/learning/courses/:id/cover',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Upload the cover (image; resized to 1200×675)',
        params: idParams,
        ...multipart,
        response: { 200: adminCourse, ...uploadErrors },
      },
    },
    async (request) =>
      authoring.setCourseCover(
        actor(request),
        request.params.id,
        await smallUpload(request, COVER_MAX_BYTES),
      ),
  );
  app.put(
    '/api/admin/learning/courses/:id/publish',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Publish or unpublish',
        params: idParams,
        body: publishBody,
        response: { 200: adminCourse, ...errors },
      },
    },
    async (request) => authoring.publishCourse(actor(request), request.params.id, request.body.published),
  );
  app.put(
    '/api/admin/learning/courses/:id/audience',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Who may see the course',
        params: idParams,
        body: audienceBody,
        response: { 200: adminCourse, ...errors },
      },
    },
    async (request) => authoring.setCourseAudience(actor(request), request.params.id, request.body),
  );
  app.post(
    '/api/admin/learning/courses/:id/modules',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add a module',
        params: idParams,
        body: moduleBody,
        response: { 200: adminCourse, ...errors },
      },
    },
    async (request) => authoring.addModule(actor(request), request.params.id, request.body),
  );
  app.put(
    '/api/admin/learning/modules/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Edit or move a module',
        params: idParams,
        body: moduleBody,
        response: { 200: adminCourse, ...errors },
      },
    },
    async (request) => authoring.updateModule(actor(request), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/learning/modules/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Delete a module and its activities',
        params: idParams,
        response: { 200: adminCourse, ...errors },
      },
    },
    async (request) => authoring.deleteModule(actor(request), request.params.id),
  );
  app.post(
    '/api/admin/learning/modules/:id/activities',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add an activity',
        params: idParams,
        body: activityBody,
        response: { 200: adminCourse, ...errors },
      },
    },
    async (request) => authoring.addActivity(actor(request), request.params.id, request.body),
  );
  app.put(
    '/api/admin/learning/activities/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Edit or move an activity',
        params: idParams,
        body: activityBody,
        response: { 200: adminCourse, ...errors },
      },
    },
    async (request) => authoring.updateActivity(actor(request), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/learning/activities/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Delete an activity',
        params: idParams,
        response: { 200: adminCourse, ...errors },
      },
    },
    async (request) => authoring.deleteActivity(actor(request), request.params.id),
  );
  app.post(
    '/api/admin/learning/activities/:id/file',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Upload the content of an activity (SCORM zip, PDF, media, HTML, file …)',
        params: idParams,
        ...multipart,
        response: { 200: adminCourse, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const part = await filePart(request, maxBytes, fileRequired);
      // The file streams from the request into storage; packages unpack within their limits, a few at once.
      return authoring
        .uploadActivityFile(actor(request), request.params.id, part.file, part.filename, {
          limits: packageLimits,
          slots: importSlots,
        })
        .catch((error: unknown) => retryLater(reply, error));
    },
  );

  // Enrollments and report
  app.get(
    '/api/admin/learning/courses/:id/enrollments',
    {
      serializerCompiler: compiledResponses,
      preHandler,
      schema: {
        tags,
        summary: 'Enrolled users',
        params: idParams,
        querystring: adminListQuery,
        response: { 200: enrollmentPage, ...errors },
      },
    },
    async (request) => reports.enrollments(request.tenant!.clientId, request.params.id, request.query),
  );
  app.post(
    '/api/admin/learning/courses/:id/enrollments',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Enroll users',
        params: idParams,
        body: enrollUsersBody,
        response: { 200: enrollUsersResponse, ...errors },
      },
    },
    async (request) => reports.enrollUsers(actor(request), request.params.id, request.body.userIds),
  );
  app.delete(
    '/api/admin/learning/courses/:id/enrollments/:userId',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove an enrollment',
        params: enrollmentParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => reports.removeEnrollment(actor(request), request.params.id, request.params.userId),
  );
  app.get(
    '/api/admin/learning/courses/:id/report',
    {
      serializerCompiler: compiledResponses,
      preHandler: reportsGuard,
      schema: {
        tags,
        summary: 'Progress report',
        params: idParams,
        querystring: adminListQuery,
        response: { 200: courseReportPage, ...errors },
      },
    },
    async (request) => reports.report(request.tenant!.clientId, request.params.id, request.query),
  );
  app.get(
    '/api/admin/learning/courses/:id/report.csv',
    {
      preHandler: reportsGuard,
      schema: {
        tags,
        summary: 'Progress report as CSV (UTF-8 with BOM)',
        params: idParams,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, body } = await reports.csv(request.tenant!.clientId, request.params.id, request.lang);
      reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
      reply.type('text/csv; charset=utf-8');
      return body;
    },
  );

  // Trails
  app.get(
    '/api/admin/learning/trails',
    {
      serializerCompiler: compiledResponses,
      preHandler,
      schema: {
        tags,
        summary: 'Trails of the client',
        querystring: adminListQuery,
        response: { 200: adminTrailListPage, ...errors },
      },
    },
    async (request) => authoring.listTrails(request.tenant!.clientId, request.query),
  );
  app.post(
    '/api/admin/learning/trails',
    {
      preHandler,
      schema: { tags, summary: 'Create a trail', body: trailBody, response: { 200: adminTrail, ...errors } },
    },
    async (request) => authoring.createTrail(actor(request), request.body),
  );
  app.get(
    '/api/admin/learning/trails/:id',
    {
      serializerCompiler: compiledResponses,
      preHandler,
      schema: {
        tags,
        summary: 'A trail for editing',
        params: idParams,
        response: { 200: adminTrail, ...errors },
      },
    },
    async (request) => authoring.adminTrail(request.tenant!.clientId, request.params.id),
  );
  app.put(
    '/api/admin/learning/trails/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Edit a trail',
        params: idParams,
        body: trailBody,
        response: { 200: adminTrail, ...errors },
      },
    },
    async (request) => authoring.updateTrail(actor(request), request.params.id, request.body),
  );
  app.put(
    '/api/admin/learning/trails/:id/items',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The ordered items of a trail',
        params: idParams,
        body: trailItemsBody,
        response: { 200: adminTrail, ...errors },
      },
    },
    async (request) => authoring.setTrailItems(actor(request), request.params.id, request.body),
  );
  app.post(
    '/api/admin/learning/trails/:id/cover',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Upload the trail cover',
        params: idParams,
        ...multipart,
        response: { 200: adminTrail, ...uploadErrors },
      },
    },
    async (request) =>
      authoring.setTrailCover(actor(request), request.params.id, await smallUpload(request, COVER_MAX_BYTES)),
  );
  app.put(
    '/api/admin/learning/trails/:id/publish',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Publish or unpublish a trail',
        params: idParams,
        body: publishBody,
        response: { 200: adminTrail, ...errors },
      },
    },
    async (request) => authoring.publishTrail(actor(request), request.params.id, request.body.published),
  );
  app.put(
    '/api/admin/learning/trails/:id/audience',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Who may see the trail',
        params: idParams,
        body: audienceBody,
        response: { 200: adminTrail, ...errors },
      },
    },
    async (request) => authoring.setTrailAudience(actor(request), request.params.id, request.body),
  );
}
