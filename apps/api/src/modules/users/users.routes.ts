import { z } from 'zod';
import { serialIdParam } from '@trilha/contracts/primitives';
import { okResponse } from '@trilha/contracts/auth';
import { errorBody } from '@trilha/contracts/errors';
import type { App } from '../../context';
import type { RequireCapability } from '../../plugins/tenant';
import type { UsersService } from './users.service';

/** Blocks across every client; a block in one client is the accounts back office's (accounts-admin). */
export function registerUsersAdminRoutes(
  app: App,
  usersService: UsersService,
  requireCapability: RequireCapability,
) {
  const params = z.object({ id: serialIdParam() });
  const superusers = requireCapability('users.block-everywhere', 'ADMIN_SUPERUSER_REQUIRED');
  const response = { 200: okResponse, 401: errorBody, 403: errorBody, 404: errorBody };

  app.post(
    '/api/admin/users/:id/block',
    {
      preHandler: superusers,
      schema: {
        tags: ['admin: users'],
        summary: 'Blocks a user in every client at once and ends all their sessions (superusers only)',
        params,
        response,
      },
    },
    async (request) => {
      await usersService.block(request.auth!.userId, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/users/:id/unblock',
    {
      preHandler: superusers,
      schema: {
        tags: ['admin: users'],
        summary: 'Lifts a block in every client, per-client blocks included (superusers only)',
        params,
        response,
      },
    },
    async (request) => {
      await usersService.unblock(request.auth!.userId, request.params.id);
      return { ok: true as const };
    },
  );
}
