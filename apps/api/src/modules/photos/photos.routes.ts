import type { FastifyRequest } from 'fastify';
import { errorBody } from '@trilha/contracts/errors';
import {
  auditPhoto,
  auditPhotoPage,
  auditPhotoQuery,
  photoIdParams,
  photoLimits,
  photoSettings,
  photoSettingsBody,
  photoType,
  photoTypeList,
  photoWeek,
  photoWeekQuery,
  rejectPhotoBody,
  storePhoto,
  storePhotoPage,
  storePhotoQuery,
} from '@trilha/contracts/photos';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { AppError } from '../../lib/errors';
import { multipartJsonWithFile } from '../../lib/multipart-json';
import type { PhotosService } from './photos.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  422: errorBody,
};
const tags = ['loyalty: photos'];
const adminTags = ['admin: photos'];

/**
 * A multipart send: the field `photo` (JSON, up to 4 kB, far above what its zod limits accept) and the
 * file `image`, read ahead of the idempotency guard so the key covers the image.
 */
const sendForm = multipartJsonWithFile({
  field: 'photo',
  file: 'image',
  maxFileBytes: photoLimits.imageBytes,
  maxFieldBytes: 4 * 1024,
  fileTooLarge: () =>
    new AppError('PHOTOS_IMAGE_TOO_LARGE', 413, {
      details: { field: 'image', maxBytes: photoLimits.imageBytes },
      params: { megabytes: photoLimits.imageBytes / 1024 / 1024 },
    }),
  jsonAllowed: false,
});

/** A photo's image is personal (the sender's or the auditor's): never kept. */
const imageFile = (key: string) => ({ key, mime: 'image/webp', cacheControl: 'private, no-store' });
const photoRef = (ref: string) => (/^\d{1,10}$/.test(ref) ? Number(ref) : undefined);

/** Store photos (docs/photos.md): the learner's routes, the photo types' editor and the audit. */
export function registerPhotosRoutes(app: App, deps: CoreDeps, photos: PhotosService) {
  const { requireClient, requireCapability, idempotencyRequired, idempotent } = deps.guards;
  const manage = requireCapability('campaigns.manage');
  const review = requireCapability('audit.review');
  const actor = (request: FastifyRequest) => ({
    userId: request.auth!.userId,
    clientId: request.tenant!.clientId,
  });

  app.get(
    '/api/loyalty/photo-types',
    {
      preHandler: requireClient,
      schema: { tags, summary: 'The active photo types', response: { 200: photoTypeList, ...errors } },
    },
    async (request) => photos.types(request.tenant!.clientId, true),
  );

  app.get(
    '/api/loyalty/photos/week',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'This week at a store (Monday to Sunday in its time zone): each type and its photo, if sent',
        querystring: photoWeekQuery,
        response: { 200: photoWeek, ...errors },
      },
    },
    async (request) => photos.week(actor(request), request.query.campaign, request.query.store),
  );

  app.post(
    '/api/loyalty/photos',
    {
      preHandler: [requireClient, sendForm.preHandler, idempotencyRequired],
      schema: {
        tags,
        summary:
          'Sends a store photo (multipart: field `photo` as JSON and file `image`; Idempotency-Key required)',
        consumes: ['multipart/form-data'],
        response: { 201: storePhoto, ...errors },
      },
    },
    async (request, reply) => {
      const body = (request.body as { photo: unknown }).photo;
      return reply
        .status(201)
        .send(await photos.send(actor(request), body, sendForm.fileOf(request) ?? null));
    },
  );

  app.get(
    '/api/loyalty/photos',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'My store photos, newest first, with my pending points',
        querystring: storePhotoQuery,
        response: { 200: storePhotoPage, ...errors },
      },
    },
    async (request) => photos.mine(actor(request), request.query),
  );

  // The images are served by the media route (/api/media/my-store-photos/<id> for the sender,
  // /api/media/store-photos/<id> for the auditor); the photos' URLs are aliases of it.
  deps.media.add({
    name: 'my-store-photos',
    summary: 'One of my store photos’ image (WebP), never cached',
    guards: [requireClient],
    resolve: async (request, ref) => {
      const id = photoRef(ref);
      if (id === undefined) return undefined;
      return imageFile(await photos.imageKey(request.tenant!.clientId, id, request.auth!.userId));
    },
  });
  app.get(
    '/api/loyalty/photos/:id/image',
    {
      preHandler: requireClient,
      schema: {
        tags,
        summary: 'One of my photos’ image (WebP), never cached (alias of /api/media/my-store-photos/:id)',
        params: photoIdParams,
      },
    },
    async (request, reply) => deps.media.send('my-store-photos', String(request.params.id), request, reply),
  );

  // The photo types (campaigns.manage)

  app.get(
    '/api/admin/loyalty/photo-types',
    {
      preHandler: manage,
      schema: { tags: adminTags, summary: 'Every photo type', response: { 200: photoTypeList, ...errors } },
    },
    async (request) => photos.types(request.tenant!.clientId, false),
  );

  app.post(
    '/api/admin/loyalty/photo-types',
    {
      preHandler: manage,
      schema: { tags: adminTags, summary: 'Creates a photo type', response: { 201: photoType, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await photos.saveType(actor(request), null, request.body)),
  );

  app.put(
    '/api/admin/loyalty/photo-types/:id',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Edits a photo type',
        params: photoIdParams,
        response: { 200: photoType, ...errors },
      },
    },
    async (request) => photos.saveType(actor(request), request.params.id, request.body),
  );

  app.get(
    '/api/admin/loyalty/photo-settings',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'The weekly streak badge and its number of weeks',
        response: { 200: photoSettings, ...errors },
      },
    },
    async (request) => photos.settings(request.tenant!.clientId),
  );

  app.put(
    '/api/admin/loyalty/photo-settings',
    {
      preHandler: manage,
      schema: {
        tags: adminTags,
        summary: 'Sets the badge given for N weeks in a row with an approved photo (null: none)',
        body: photoSettingsBody,
        response: { 200: photoSettings, ...errors },
      },
    },
    async (request) => photos.saveSettings(actor(request), request.body),
  );

  // The audit (audit.review)

  app.get(
    '/api/admin/photos',
    {
      preHandler: review,
      schema: {
        tags: adminTags,
        summary: 'The photo audit queue, pending first, with the same-image signal',
        querystring: auditPhotoQuery,
        response: { 200: auditPhotoPage, ...errors },
      },
    },
    async (request) => photos.queue(request.tenant!.clientId, request.query),
  );

  deps.media.add({
    name: 'store-photos',
    summary: 'A store photo’s image (WebP), for the auditor only, never cached',
    guards: [review],
    resolve: async (request, ref) => {
      const id = photoRef(ref);
      if (id === undefined) return undefined;
      return imageFile(await photos.imageKey(request.tenant!.clientId, id));
    },
  });
  app.get(
    '/api/admin/photos/:id/image',
    {
      preHandler: review,
      schema: {
        tags: adminTags,
        summary: 'A photo’s image (WebP), never cached (alias of /api/media/store-photos/:id)',
        params: photoIdParams,
      },
    },
    async (request, reply) => deps.media.send('store-photos', String(request.params.id), request, reply),
  );

  app.post(
    '/api/admin/photos/:id/approve',
    {
      preHandler: [review, idempotent],
      schema: {
        tags: adminTags,
        summary:
          'Approves a pending photo: the type’s points (expiring at the campaign’s end) and as many XP',
        params: photoIdParams,
        response: { 200: auditPhoto, ...errors },
      },
    },
    async (request) => photos.approve(actor(request), request.params.id),
  );

  app.post(
    '/api/admin/photos/:id/reject',
    {
      preHandler: [review, idempotent],
      schema: {
        tags: adminTags,
        summary: 'Rejects a pending photo with a reason; its week is free again for that store and type',
        params: photoIdParams,
        body: rejectPhotoBody,
        response: { 200: auditPhoto, ...errors },
      },
    },
    async (request) => photos.reject(actor(request), request.params.id, request.body.reason),
  );
}
