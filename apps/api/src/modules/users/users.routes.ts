import { z } from 'zod';
import { okResponse } from '@trilha/contracts/auth';
import { errorBody } from '@trilha/contracts/errors';
import type { App } from '../../context';
import type { PreHandler } from '../../plugins/auth';
import type { UsersService } from './users.service';

export function registerUsersAdminRoutes(app: App, usersService: UsersService, requireAuth: PreHandler) {
  const params = z.object({ id: z.coerce.number().int().positive() });
  const response = { 200: okResponse, 401: errorBody, 403: errorBody, 404: errorBody };

  app.post(
    '/api/admin/users/:id/block',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['admin: users'],
        summary: 'Block a user and end all their sessions',
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
      preHandler: requireAuth,
      schema: { tags: ['admin: users'], summary: 'Unblock a user', params, response },
    },
    async (request) => {
      await usersService.unblock(request.auth!.userId, request.params.id);
      return { ok: true as const };
    },
  );
}
