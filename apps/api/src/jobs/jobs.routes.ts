import { jobsOverview, retryJobParams, type FailedJob } from '@trilha/contracts/jobs';
import { okResponse } from '@trilha/contracts/auth';
import { errorBody } from '@trilha/contracts/errors';
import type { App } from '../context';
import { AppError } from '../lib/errors';
import type { RequireCapability } from '../plugins/tenant';
import type { JobQueue } from './job-queue';

/** The last error of a dead job as text: the message pg-boss kept, never the job's data (it may hold ids). */
function errorText(output: unknown): string | null {
  if (!output) return null;
  if (typeof output === 'string') return output.slice(0, 500);
  if (typeof output === 'object' && 'message' in output && typeof output.message === 'string') {
    return output.message.slice(0, 500);
  }
  return null;
}

/** The back office's view of the job queue (superusers): queues, dead jobs, and sending one again. */
export function registerJobsRoutes(app: App, deps: { jobs: JobQueue; requireCapability: RequireCapability }) {
  const requireSuperuser = deps.requireCapability('jobs.manage');

  app.get(
    '/api/admin/jobs',
    {
      preHandler: requireSuperuser,
      schema: {
        tags: ['admin: jobs'],
        summary: 'Queues of the durable job queue and the jobs that failed every retry (superusers only)',
        response: { 200: jobsOverview, 401: errorBody, 403: errorBody },
      },
    },
    async () => {
      const [queues, dead] = await Promise.all([deps.jobs.summary(), deps.jobs.failures(100)]);
      const failures: FailedJob[] = dead.map((j) => ({
        id: j.id,
        queue: j.queue,
        retryCount: j.retryCount,
        createdOn: j.createdOn.toISOString(),
        error: errorText(j.error),
      }));
      return { queues, failures };
    },
  );

  app.post(
    '/api/admin/jobs/:queue/:id/retry',
    {
      preHandler: requireSuperuser,
      schema: {
        tags: ['admin: jobs'],
        summary: 'Sends a dead job back to its queue (superusers only)',
        params: retryJobParams,
        response: { 200: okResponse, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const found = await deps.jobs.retryDead(request.params.queue, request.params.id);
      if (!found) throw new AppError('NOT_FOUND', 404);
      return { ok: true as const };
    },
  );
}
