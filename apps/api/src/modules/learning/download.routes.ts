import { idParams, progressQuery } from '@trilha/contracts/learning';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { safeKey, type Storage } from '../../lib/storage';
import { AppError } from '../../lib/errors';
import type { ProgressService } from './progress.service';
import type { ViewerLoader } from './viewer';

/**
 * GET /api/learning/activities/:id/download?trailId — the activity's file as an attachment, for the
 * signed-in learner (the web fetches it with the session's token). The server serving the file is the
 * evidence of a download: it is recorded before the bytes leave, and completes `download` activities.
 */
export function registerDownloadRoutes(
  app: App,
  deps: CoreDeps,
  s: { viewers: ViewerLoader; progress: ProgressService; storage: Storage },
) {
  app.get(
    '/api/learning/activities/:id/download',
    {
      // Files of courses (and of courses inside trails): the client must have either module.
      preHandler: deps.guards.requireFlag('has_courses', 'has_trails'),
      schema: {
        tags: ['learning'],
        summary: 'Download the file of an activity (counted as downloaded)',
        params: idParams,
        querystring: progressQuery,
      },
    },
    async (request, reply) => {
      const viewer = await s.viewers.load(request.auth!.userId, request.tenant!);
      const { file } = await s.progress.download(viewer, request.params.id, request.query.trailId);
      const key = safeKey(file.key);
      if (!(await s.storage.exists(key))) throw new AppError('NOT_FOUND', 404);
      const size = await s.storage.size(key);
      reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`);
      // An attachment is never rendered here: no script of an uploaded file runs in the app's origin.
      reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'no-store');
      reply.header('Content-Length', String(size));
      reply.type(file.mime);
      return reply.send(s.storage.stream(key));
    },
  );
}
