import { randomBytes } from 'node:crypto';
import { renderWebp } from '../../lib/image-upload';
import type { Storage } from '../../lib/storage';
import { imageRefusal, sniffUpload, tooLarge, uploadRefused } from '../../lib/uploads';

/**
 * Pictures of games (docs/games.md, "Images"): a drag-and-drop background, a card, item or side face, a
 * statement's or a riddle's picture. Stored as a WebP of at most 1600 px on its longer side, without the
 * original's metadata, behind an unguessable name: a learner sees it inside the game, and it is no
 * secret once the game is shown.
 */

/** Largest upload; the pixel limit is the one every picture upload has (lib/uploads.ts `readImage`). */
export const GAME_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Longer side of the stored picture, in pixels. */
export const GAME_IMAGE_MAX_SIDE = 1600;
const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
const IMAGE_TOKEN = /^(\d{1,10})-([0-9a-f]{32})$/;

/** The storage key behind a game image's token (`<client>-<32 hex>`); undefined for a malformed one. */
export function gameImageKey(token: string): string | undefined {
  const m = IMAGE_TOKEN.exec(token);
  return m ? `game-images/c${m[1]}/${m[2]}.webp` : undefined;
}

export function createGameImages(storage: Storage) {
  /**
   * Stores a picture (PNG, JPEG, WebP or GIF by its content, whatever its name or declared type says)
   * and answers the URL a game's `imageUrl` names.
   */
  async function upload(clientId: number, data: Buffer): Promise<{ url: string }> {
    if (data.length === 0) throw uploadRefused('UPLOAD_EMPTY', 400);
    if (data.length > GAME_IMAGE_MAX_BYTES) throw tooLarge(GAME_IMAGE_MAX_BYTES);
    const { mime } = await sniffUpload(data, ['image']);
    if (!IMAGE_MIMES.has(mime)) throw uploadRefused('UPLOAD_TYPE_NOT_ACCEPTED', 415);
    let webp: Buffer;
    try {
      webp = await renderWebp(data, {
        width: GAME_IMAGE_MAX_SIDE,
        height: GAME_IMAGE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
        quality: 85,
      });
    } catch (error) {
      throw imageRefusal(error);
    }
    const name = randomBytes(16).toString('hex');
    await storage.put(`game-images/c${clientId}/${name}.webp`, webp);
    return { url: `/api/media/game-images/${clientId}-${name}` };
  }

  return { upload };
}
export type GameImages = ReturnType<typeof createGameImages>;
