import { idParams, progressQuery } from '@trilha/contracts/learning';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { safeKey } from '../../lib/storage';
import { mediaCache } from '../media/media';
import type { ProgressService } from './progress.service';
import type { ViewerLoader } from './viewer';

const activityId = /^[1-9]\d{0,9}$/;

/**
 * The activity's file as an attachment, for the signed-in learner (the web fetches it with the session's
 * token): the media route's `activity-files` kind (`/api/media/activity-files/:id?trailId`), and its
 * older URL GET /api/learning/activities/:id/download?trailId, which the player links to. The server
 * serving the file is the evidence of a download: it is recorded before the bytes leave, and completes
 * `download` activities.
 */
export function registerDownloadRoutes(
  app: App,
  deps: CoreDeps,
  s: { viewers: ViewerLoader; progress: ProgressService },
) {
  // Files of courses (and of courses inside trails): the client must have either module.
  const guards = [deps.guards.requireFlag('has_courses', 'has_trails')];
  deps.media.add({
    name: 'activity-files',
    summary: 'The file of an activity, as a download (counted as downloaded)',
    guards,
    query: progressQuery,
    resolve: async (request, ref, query) => {
      if (!activityId.test(ref) || Number(ref) > 2_147_483_647) return undefined;
      const trailId = query.trailId as number | undefined;
      const viewer = await s.viewers.load(request.auth!.userId, request.tenant!);
      const { file } = await s.progress.download(viewer, Number(ref), trailId);
      return {
        key: safeKey(file.key),
        mime: file.mime,
        cacheControl: mediaCache.personal,
        downloadName: file.name,
      };
    },
  });

  app.get(
    '/api/learning/activities/:id/download',
    {
      preHandler: guards,
      schema: {
        tags: ['learning'],
        summary:
          'Download the file of an activity (counted as downloaded; alias of /api/media/activity-files/:id)',
        params: idParams,
        querystring: progressQuery,
      },
    },
    async (request, reply) => deps.media.send('activity-files', String(request.params.id), request, reply),
  );
}
