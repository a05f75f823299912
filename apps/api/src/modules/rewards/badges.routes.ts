import type { FastifyRequest } from 'fastify';
import { okResponse } from '@trilha/contracts/auth';
import { errorBody } from '@trilha/contracts/errors';
import {
  adminBadgeList,
  adminBadgeResponse,
  badgeBody,
  badgeCriterionChoices,
  badgeCriterionChoicesQuery,
  badgeGrantBody,
  badgeGrantResponse,
  awardBadgeChoices,
  badgeParams,
  myBadgesResponse,
} from '@trilha/contracts/rewards/badges';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { AppError } from '../../lib/errors';
import { readSmallUpload } from '../../lib/image-upload';
import { mediaCache } from '../media/media';
import { BADGE_IMAGE_MAX_BYTES, badgeImageKey, type BadgesService } from './badges.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const uploadErrors = { ...errors, 413: errorBody, 415: errorBody };
const tags = ['admin: badges'];

const fileRequired = () =>
  new AppError('UPLOAD_EMPTY', 400, { details: [{ path: 'file', issue: 'empty_file' }] });

/**
 * Badges: the program administrator's definitions (`rewards.manage`), manual grants, the artwork (served
 * by the media route's `badges` kind) and the learner's list.
 */
export function registerBadgesRoutes(app: App, deps: CoreDeps, badges: BadgesService) {
  const preHandler = deps.guards.requireCapability('rewards.manage');
  const actor = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });

  // Behind an unguessable name that changes with every upload, like avatars: no sign-in needed to show it.
  deps.media.add({
    name: 'badges',
    summary: "A badge's artwork (512×512 WebP)",
    guards: [],
    resolve: async (_request, token) => {
      const key = badgeImageKey(token);
      return key ? { key, mime: 'image/webp', cacheControl: mediaCache.publicImmutable } : undefined;
    },
  });

  app.get(
    '/api/admin/badges',
    {
      preHandler,
      schema: { tags, summary: "The client's badges", response: { 200: adminBadgeList, ...errors } },
    },
    async (request) => ({ badges: await badges.list(request.tenant!.clientId) }),
  );

  // The badges an author (`learning.author`, who does not manage badges) may attach to an award.
  app.get(
    '/api/admin/awards/badges',
    {
      preHandler: deps.guards.requireCapability('learning.author'),
      schema: {
        tags: ['admin: awards'],
        summary: "The client's active badges, to attach to an award",
        response: { 200: awardBadgeChoices, ...errors },
      },
    },
    async (request) => ({ badges: await badges.activeChoices(request.tenant!.clientId, request.lang) }),
  );

  app.get(
    '/api/admin/badges/choices',
    {
      preHandler,
      schema: {
        tags,
        summary: 'What a badge criterion can name: the courses, trails or categories of the client',
        querystring: badgeCriterionChoicesQuery,
        response: { 200: badgeCriterionChoices, ...errors },
      },
    },
    async (request) => ({
      items: await badges.criterionChoices(request.tenant!.clientId, request.query.kind),
    }),
  );

  app.post(
    '/api/admin/badges',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Creates a badge',
        body: badgeBody,
        response: { 200: adminBadgeResponse, ...errors },
      },
    },
    async (request) => ({ badge: await badges.create(actor(request), request.body) }),
  );

  app.get(
    '/api/admin/badges/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'A badge',
        params: badgeParams,
        response: { 200: adminBadgeResponse, ...errors },
      },
    },
    async (request) => ({ badge: await badges.get(request.tenant!.clientId, request.params.id) }),
  );

  app.put(
    '/api/admin/badges/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Edits a badge (inactive: no longer awarded nor offered; holders keep it)',
        params: badgeParams,
        body: badgeBody,
        response: { 200: adminBadgeResponse, ...errors },
      },
    },
    async (request) => ({ badge: await badges.update(actor(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/admin/badges/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Deletes a badge nobody holds (REWARDS_BADGE_HELD otherwise: deactivate it)',
        params: badgeParams,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await badges.remove(actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/badges/:id/image',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Uploads the artwork (PNG, JPEG or WebP; stored as a 512×512 WebP)',
        params: badgeParams,
        consumes: ['multipart/form-data'],
        response: { 200: adminBadgeResponse, ...uploadErrors },
      },
    },
    async (request) => {
      const { data } = await readSmallUpload(request, BADGE_IMAGE_MAX_BYTES, { missing: fileRequired });
      return { badge: await badges.setImage(actor(request), request.params.id, data) };
    },
  );

  app.post(
    '/api/admin/badges/:id/grant',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Gives the badge to a user of the client by hand',
        params: badgeParams,
        body: badgeGrantBody,
        response: { 200: badgeGrantResponse, ...errors },
      },
    },
    async (request) => badges.grantManually(actor(request), request.params.id, request.body),
  );

  app.get(
    '/api/rewards/badges',
    {
      preHandler: deps.guards.requireClient,
      schema: {
        tags: ['rewards'],
        summary: "The caller's badges and the ones still to earn, with what is missing",
        response: { 200: myBadgesResponse, ...errors },
      },
    },
    async (request) => badges.mine(request.tenant!.clientId, request.auth!.userId, request.lang),
  );
}
