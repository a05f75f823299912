import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { serialIdParam } from '@trilha/contracts/primitives';
import { okResponse } from '@trilha/contracts/auth';
import { errorBody } from '@trilha/contracts/errors';
import {
  activityPage,
  AVATAR_MAX_BYTES,
  avatarResponse,
  changePasswordBody,
  deletionRequestBody,
  inboxPage,
  pageQuery,
  phoneCodeRequestBody,
  phoneCodeVerifyBody,
  phoneStatusResponse,
  profileContactBody,
  profilePersonalBody,
  profilePreferencesBody,
  profileProfessionalBody,
  profileResponse,
} from '@trilha/contracts/profile';
import { unreadCountResponse } from '@trilha/contracts/inbox';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { AppError } from '../../lib/errors';
import { readSmallUpload } from '../../lib/image-upload';
import { checkUpload } from '../../lib/uploads';
import { mediaCache } from '../media/media';
import type { CropBox } from './avatar';
import { translateFieldErrors } from '../../lib/field-errors';
import type { AccountsPort } from './ports';
import type { ProfileService } from './profile.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['profile'];

/** The profile is the signed-in user's own, within their selected client (inbox, activity are per client). */
export function registerProfileRoutes(
  app: App,
  deps: CoreDeps,
  profile: ProfileService,
  accounts: AccountsPort,
) {
  const { requireClient } = deps.guards;
  const guarded = [requireClient, translateFieldErrors];
  const who = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });

  app.get(
    '/api/profile',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'The signed-in user’s profile',
        response: { 200: profileResponse, ...errors },
      },
    },
    async (request) => profile.get(request.auth!.userId, request.tenant!.clientId, request.hostname),
  );

  const sections = [
    ['personal', profilePersonalBody, profile.updatePersonal],
    ['contact', profileContactBody, profile.updateContact],
    ['professional', profileProfessionalBody, profile.updateProfessional],
    ['preferences', profilePreferencesBody, profile.updatePreferences],
  ] as const;
  for (const [section, body, update] of sections) {
    app.put(
      `/api/profile/${section}`,
      {
        preHandler: guarded,
        attachValidation: true,
        schema: {
          tags,
          summary: `Saves the ${section} data`,
          body,
          response: { 200: profileResponse, ...errors },
        },
      },
      async (request) => {
        const { userId, clientId } = who(request);
        await (update as (u: number, c: number, b: unknown) => Promise<void>)(userId, clientId, request.body);
        return profile.get(userId, clientId, request.hostname);
      },
    );
  }

  app.post(
    '/api/profile/avatar',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'Uploads an avatar (multipart: optional cropX, cropY, cropWidth, cropHeight, then file)',
        consumes: ['multipart/form-data'],
        response: { 200: avatarResponse, ...errors },
      },
    },
    async (request) => {
      const { userId, clientId } = who(request);
      const avatarTooLarge = () =>
        new AppError('PROFILE_AVATAR_TOO_LARGE', 400, {
          params: { megabytes: AVATAR_MAX_BYTES / 1024 / 1024 },
          details: [{ path: 'file', issue: 'file_too_large', maxBytes: AVATAR_MAX_BYTES }],
        });
      const { data, fields } = await readSmallUpload(request, AVATAR_MAX_BYTES, {
        missing: () =>
          new AppError('VALIDATION_FAILED', 400, { details: [{ path: 'file', issue: 'empty_file' }] }),
        failed: avatarTooLarge,
        tooLarge: avatarTooLarge,
      });
      await checkUpload(data, ['image'], AVATAR_MAX_BYTES, 'file');
      const avatarUrl = await profile.setAvatar(userId, clientId, data, cropOf(fields));
      return { avatarUrl };
    },
  );

  app.delete(
    '/api/profile/avatar',
    {
      preHandler: requireClient,
      schema: { tags, summary: 'Removes the avatar', response: { 200: avatarResponse, ...errors } },
    },
    async (request) => {
      const { userId, clientId } = who(request);
      await profile.removeAvatar(userId, clientId);
      return { avatarUrl: null };
    },
  );

  // Avatars are served by the media route (/api/media/avatars/<token>); the URLs the profile hands out
  // keep their older form as an alias of it.
  deps.media.add({
    name: 'avatars',
    summary: 'An avatar image (the URL is unguessable and changes with every upload)',
    guards: [],
    resolve: async (_request, token) => {
      const key = profile.avatarKey(token);
      return key ? { key, mime: 'image/webp', cacheControl: mediaCache.privateImmutable } : undefined;
    },
  });
  app.get(
    '/api/profile/avatars/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'An avatar image (alias of /api/media/avatars/:token)',
        params: z.object({ token: z.string().max(64) }),
      },
    },
    async (request, reply) => deps.media.send('avatars', request.params.token, request, reply),
  );

  app.post(
    '/api/profile/password',
    {
      preHandler: guarded,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Changes the password; every other session ends',
        body: changePasswordBody,
        response: { 200: z.object({ ok: z.literal(true), endedSessions: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const { userId, clientId } = who(request);
      const ended = await profile.changePassword(
        userId,
        request.auth!.sessionId,
        clientId,
        request.body,
        request.hostname,
      );
      return { ok: true as const, endedSessions: ended };
    },
  );

  app.post(
    '/api/profile/phone/code',
    {
      preHandler: guarded,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Sends a phone verification code (starts the cooldown)',
        body: phoneCodeRequestBody,
        response: { 200: phoneStatusResponse, ...errors, 429: errorBody },
      },
    },
    async (request) => {
      const { userId } = who(request);
      const current = await profile.phoneOf(userId);
      if (!current.phone) throw new AppError('PROFILE_PHONE_MISSING', 400);
      await accounts.issueCode(userId, 'phone_verify', request.body.channel, request.lang);
      const { phoneVerified, phoneCooldown } = await profile.phoneOf(userId);
      return { phoneVerified, phoneCooldown };
    },
  );

  app.post(
    '/api/profile/phone/verify',
    {
      preHandler: guarded,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Checks a phone verification code',
        body: phoneCodeVerifyBody,
        response: { 200: phoneStatusResponse, ...errors },
      },
    },
    async (request) => {
      const { userId, clientId } = who(request);
      await accounts.verifyCode(userId, 'phone_verify', request.body.code);
      const status = await profile.phoneOf(userId);
      if (status.phoneVerified) await profile.record(userId, clientId, 'phone_verified');
      await deps.services.sessions.invalidate(userId);
      return { phoneVerified: status.phoneVerified, phoneCooldown: status.phoneCooldown };
    },
  );

  app.post(
    '/api/profile/deletion-request',
    {
      preHandler: guarded,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Asks for the account to be deleted (confirmed by typing one’s name); ends every session',
        body: deletionRequestBody,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      const { userId, clientId } = who(request);
      await profile.requestDeletion(userId, clientId, request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/profile/inbox',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'Internal messages, newest first',
        querystring: pageQuery,
        response: { 200: inboxPage, ...errors },
      },
    },
    async (request) => {
      const { userId, clientId } = who(request);
      return profile.inbox(userId, clientId, request.query.page, request.query.pageSize);
    },
  );

  app.get(
    '/api/profile/inbox/unread-count',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'Unread internal messages',
        response: { 200: unreadCountResponse, ...errors },
      },
    },
    async (request) => {
      const { userId, clientId } = who(request);
      return { count: await profile.unreadCount(userId, clientId) };
    },
  );

  app.post(
    '/api/profile/inbox/:id/read',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'Marks a message read',
        params: z.object({ id: serialIdParam() }),
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      const { userId, clientId } = who(request);
      await profile.markRead(userId, clientId, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/profile/inbox/read-all',
    {
      preHandler: requireClient,
      schema: { tags, summary: 'Marks every message read', response: { 200: okResponse, ...errors } },
    },
    async (request) => {
      const { userId, clientId } = who(request);
      await profile.markAllRead(userId, clientId);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/profile/activity',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'The user’s activity feed',
        querystring: pageQuery,
        response: { 200: activityPage, ...errors },
      },
    },
    async (request) => profile.activity(request.auth!.userId, request.query.page, request.query.pageSize),
  );
}

/** The crop square chosen in the browser, in the original image's pixels; absent or partial means none. */
function cropOf(fields: Record<string, unknown>): CropBox | undefined {
  const read = (name: string) => {
    const field = fields[name] as { value?: unknown } | undefined;
    const n = Number(field?.value);
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const [x, y, width, height] = ['cropX', 'cropY', 'cropWidth', 'cropHeight'].map(read);
  if (x === undefined || y === undefined || !width || !height) return undefined;
  return { x, y, width, height };
}
