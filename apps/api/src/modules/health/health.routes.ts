import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { App } from '../../context';
import type { Db } from '../../db/client';

const healthBody = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  uptimeSeconds: z.number(),
});

export function registerHealthRoutes(app: App, db: Db) {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthBody, 503: healthBody },
      },
    },
    async (request, reply) => {
      const uptimeSeconds = Math.round(process.uptime());
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const, uptimeSeconds };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', database: 'error', uptimeSeconds });
      }
    },
  );
}
