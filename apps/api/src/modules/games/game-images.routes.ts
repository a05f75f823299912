import { z } from 'zod';
import { errorBody } from '@trilha/contracts/errors';
import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import { AppError } from '../../lib/errors';
import { readSmallUpload } from '../../lib/image-upload';
import { mediaCache } from '../media/media';
import { GAME_IMAGE_MAX_BYTES, gameImageKey, type GameImages } from './game-images';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 413: errorBody, 415: errorBody };
/** The stored picture's address, for a game's `imageUrl` (a background, a face, a statement, a riddle). */
const gameImageResponse = z.object({ url: z.string() });

const fileRequired = () =>
  new AppError('UPLOAD_EMPTY', 400, { details: [{ path: 'file', issue: 'empty_file' }] });

/** Game pictures: the authors' upload (`learning.author`, as the activity editor) and their media kind. */
export function registerGameImageRoutes(app: App, deps: CoreDeps, images: GameImages) {
  // Public behind an unguessable name, like question images: the learner's view of a game names it.
  deps.media.add({
    name: 'game-images',
    summary: "A game's picture (WebP)",
    guards: [],
    resolve: async (_request, token) => {
      const key = gameImageKey(token);
      return key ? { key, mime: 'image/webp', cacheControl: mediaCache.publicImmutable } : undefined;
    },
  });

  app.post(
    '/api/admin/learning/game-images',
    {
      preHandler: deps.guards.requireCapability('learning.author'),
      schema: {
        tags: ['admin: learning'],
        summary:
          "Uploads a game's picture (PNG, JPEG, WebP or GIF, ≤ 5 MB), stored as a WebP of at most 1600 px; answers the URL for `imageUrl`",
        consumes: ['multipart/form-data'],
        response: { 200: gameImageResponse, ...errors },
      },
    },
    async (request) => {
      const { data } = await readSmallUpload(request, GAME_IMAGE_MAX_BYTES, { missing: fileRequired });
      return images.upload(request.tenant!.clientId, data);
    },
  );
}
