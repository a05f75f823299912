import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminCapabilities,
  adminRolesBody,
  adminUserParams,
  adminUsersPage,
  adminUsersQuery,
  deletionRequestsPage,
  deletionRequestsQuery,
  loginConfigBody,
  outboxPage,
  outboxQuery,
  siteAssetResponse,
} from '@trilha/contracts/accounts-admin';
import { okResponse } from '@trilha/contracts/auth';
import { errorBody } from '@trilha/contracts/errors';
import { loginConfig } from '@trilha/contracts/site';
import { roleName } from '@trilha/contracts/session';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { AppError } from '../../lib/errors';
import { readSmallUpload } from '../../lib/image-upload';
import { checkUpload } from '../../lib/uploads';
import { mediaCache } from '../media/media';
import { translateFieldErrors } from '../../lib/field-errors';
import type { AccountsAdminService } from './accounts-admin.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  503: errorBody,
};
const tags = ['admin: accounts'];
const SITE_ASSET_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The accounts back office. Every route authorizes by a capability of the permission matrix in the selected
 * client (superusers pass) and the service scopes every read and write to that client.
 */
export function registerAccountsAdminRoutes(app: App, deps: CoreDeps, service: AccountsAdminService) {
  const { requireCapability } = deps.guards;
  const accountAdmins = requireCapability('users.manage');
  const configAdmins = requireCapability('settings.manage');
  const actor = (request: FastifyRequest) => request.auth!.userId;
  const tenant = (request: FastifyRequest) => request.tenant!;
  const userAction = (
    path: string,
    summary: string,
    run: (request: FastifyRequest<{ Params: { id: number } }>) => Promise<unknown>,
  ) =>
    app.post(
      `/api/admin/accounts/users/:id/${path}`,
      {
        preHandler: accountAdmins,
        schema: { tags, summary, params: adminUserParams, response: { 200: okResponse, ...errors } },
      },
      async (request) => {
        await run(request);
        return { ok: true as const };
      },
    );

  app.get(
    '/api/admin/accounts/capabilities',
    {
      preHandler: accountAdmins,
      schema: {
        tags,
        summary: 'What the admin may do in the selected client',
        response: { 200: adminCapabilities, ...errors },
      },
    },
    async (request) => service.capabilities(tenant(request)),
  );

  app.get(
    '/api/admin/accounts/users',
    {
      preHandler: accountAdmins,
      schema: {
        tags,
        summary:
          'Accounts of the selected client: search by name, e-mail or document; filter by status and role',
        querystring: adminUsersQuery,
        response: { 200: adminUsersPage, ...errors },
      },
    },
    async (request) => service.listUsers(tenant(request), request.query),
  );

  userAction('approve', 'Approves an account awaiting approval', (r) =>
    service.approve(tenant(r), actor(r), r.params.id),
  );
  userAction('block', 'Blocks an account and ends its sessions', (r) =>
    service.block(tenant(r), actor(r), r.params.id),
  );
  userAction('unblock', 'Unblocks an account', (r) => service.unblock(tenant(r), actor(r), r.params.id));
  userAction('set-password-link', 'E-mails the user a link to set a new password', (r) =>
    service.sendSetPasswordLink(tenant(r), actor(r), r.params.id, r.lang),
  );

  app.put(
    '/api/admin/accounts/users/:id/roles',
    {
      preHandler: [accountAdmins, translateFieldErrors],
      attachValidation: true,
      schema: {
        tags,
        summary: "Sets the user's roles in the selected client",
        params: adminUserParams,
        body: adminRolesBody,
        response: { 200: z.object({ roles: z.array(roleName) }), ...errors },
      },
    },
    async (request) => ({
      roles: await service.setRoles(tenant(request), actor(request), request.params.id, request.body.roles),
    }),
  );

  app.get(
    '/api/admin/accounts/deletion-requests',
    {
      preHandler: accountAdmins,
      schema: {
        tags,
        summary: 'Account deletion requests made in the selected client',
        querystring: deletionRequestsQuery,
        response: { 200: deletionRequestsPage, ...errors },
      },
    },
    async (request) => service.listDeletionRequests(tenant(request), request.query),
  );

  app.post(
    '/api/admin/accounts/deletion-requests/:id/process',
    {
      preHandler: requireCapability('users.process-deletions'),
      schema: {
        tags,
        summary: "Processes a deletion request: the account's personal data is anonymized",
        params: adminUserParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await service.processDeletion(tenant(request), actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/accounts/outbox',
    {
      preHandler: requireCapability('communications.manage'),
      schema: {
        tags,
        summary: 'Messages the platform sent (e-mail, SMS, WhatsApp)',
        querystring: outboxQuery,
        response: { 200: outboxPage, ...errors },
      },
    },
    async (request) => service.outbox(tenant(request), request.query),
  );

  app.get(
    '/api/admin/accounts/login-config',
    {
      preHandler: configAdmins,
      schema: {
        tags,
        summary: "The login configuration of the selected client's site",
        response: { 200: loginConfig, ...errors },
      },
    },
    async (request) => service.loginConfig(tenant(request)),
  );

  app.put(
    '/api/admin/accounts/login-config',
    {
      preHandler: [configAdmins, translateFieldErrors],
      attachValidation: true,
      schema: {
        tags,
        summary: "Saves the login configuration of the selected client's site",
        body: loginConfigBody,
        response: { 200: loginConfig, ...errors },
      },
    },
    async (request) => service.saveLoginConfig(tenant(request), actor(request), request.body),
  );

  app.post(
    '/api/admin/accounts/site-assets',
    {
      preHandler: configAdmins,
      schema: {
        tags,
        summary: 'Uploads a logo or background image (multipart: kind=logo|background, then file)',
        consumes: ['multipart/form-data'],
        response: { 200: siteAssetResponse, ...errors },
      },
    },
    async (request) => {
      const assetTooLarge = () =>
        new AppError('VALIDATION_FAILED', 400, {
          details: [{ path: 'file', issue: 'file_too_large', maxBytes: SITE_ASSET_MAX_BYTES }],
        });
      const { data, fields } = await readSmallUpload(request, SITE_ASSET_MAX_BYTES, {
        missing: () =>
          new AppError('VALIDATION_FAILED', 400, { details: [{ path: 'file', issue: 'empty_file' }] }),
        failed: assetTooLarge,
        tooLarge: assetTooLarge,
      });
      await checkUpload(data, ['image'], SITE_ASSET_MAX_BYTES, 'file');
      const kind =
        (fields.kind as { value?: unknown } | undefined)?.value === 'background' ? 'background' : 'logo';
      return { url: await service.saveSiteAsset(data, kind) };
    },
  );

  // Login logos and backgrounds are served by the media route (/api/media/site-assets/<name>); the URLs
  // saved in login configurations keep their older form as an alias of it.
  deps.media.add({
    name: 'site-assets',
    summary: 'A logo or background of a login screen (public: it shows before sign-in)',
    guards: [],
    resolve: async (_request, name) => {
      const key = service.siteAssetKey(name);
      return key ? { key, mime: 'image/webp', cacheControl: mediaCache.publicImmutable } : undefined;
    },
  });
  app.get(
    '/api/site-assets/:name',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: 'A logo or background of a login screen (alias of /api/media/site-assets/:name)',
        params: z.object({ name: z.string().max(64) }),
      },
    },
    async (request, reply) => deps.media.send('site-assets', request.params.name, request, reply),
  );
}
