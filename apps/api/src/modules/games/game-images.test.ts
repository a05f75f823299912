import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityBody } from '@trilha/contracts/learning';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { learningWorld, makeCourse, type World } from '../../../test/learning-helpers';
import { multipart, pngOf } from '../../../test/profile-helpers';

/**
 * Game pictures (docs/games.md, "Images"): an author uploads one, it is checked by content, bounded,
 * re-encoded and served by the media route behind an unguessable name that a game's `imageUrl` names.
 */
let t: TestApp;
let a: World;
let b: World;

beforeAll(async () => {
  t = await buildTestApp();
  a = await learningWorld(t);
  b = await learningWorld(t);
});
afterAll(async () => {
  await t?.close();
});

const url = '/api/admin/learning/game-images';
const upload = (data: Buffer, headers: Record<string, string> = a.as.manager, type = 'image/png') => {
  const form = multipart({ name: 'picture.png', type, data });
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
};
const fetchImage = (path: string) => t.app.inject({ method: 'GET', url: path });

/** A 1×1 PNG whose header declares `width` × `height` pixels (a decompression bomb's header). */
async function pngDeclaring(width: number, height: number) {
  const png = Buffer.from(await pngOf(1, 1));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe("a game's picture", () => {
  it('is stored as a WebP of at most 1600 px without metadata and served publicly by its URL', async () => {
    const res = await upload(await pngOf(2400, 1200));
    expect(res.statusCode, res.body).toBe(200);
    const path = res.json().url as string;
    expect(path).toMatch(new RegExp(`^/api/media/game-images/${a.client.id}-[0-9a-f]{32}$`));
    const image = await fetchImage(path);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 800]);

    // A JPEG with camera data and a small GIF: both accepted, the metadata gone, never enlarged.
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c92a2a' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Camera', Copyright: 'someone' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const fromJpeg = await upload(jpeg, a.as.manager, 'image/jpeg');
    expect(fromJpeg.statusCode, fromJpeg.body).toBe(200);
    const jpegMeta = await sharp((await fetchImage(fromJpeg.json().url)).rawPayload).metadata();
    expect([jpegMeta.width, jpegMeta.height, jpegMeta.exif]).toEqual([640, 480, undefined]);
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2b8a3e' } })
      .gif()
      .toBuffer();
    // The declared type is not what decides: the content is.
    expect((await upload(gif, a.as.manager, 'application/octet-stream')).statusCode).toBe(200);
  });

  it('names a drag-and-drop background and a face the learner sees in the game', async () => {
    const background = (await upload(await pngOf(1200, 800))).json().url as string;
    const icon = (await upload(await pngOf(200, 200))).json().url as string;
    const course = await makeCourse(t, a, {
      activities: [
        {
          kind: 'drag_and_drop',
          title: 'Planta da loja',
          settings: {
            layout: 'image',
            imageUrl: background,
            zones: [
              { id: 'caixa', label: 'Caixa', rect: { x: 0, y: 0, width: 50, height: 50 } },
              { id: 'vitrine', label: 'Vitrine', rect: { x: 50, y: 50, width: 50, height: 50 } },
            ],
            items: [
              { id: 'pix', face: { text: 'Pix', imageUrl: icon }, zoneId: 'caixa' },
              { id: 'manequim', face: { text: 'Manequim' }, zoneId: 'vitrine' },
            ],
          },
        } as ActivityBody,
      ],
    });
    const id = course.modules[0]!.activities[0]!.id;
    const game = await t.app.inject({ url: `/api/learning/activities/${id}/game`, headers: a.as.learner });
    expect(game.statusCode, game.body).toBe(200);
    const view = game.json().view as { imageUrl: string; items: { face: { imageUrl?: string } }[] };
    expect(view.imageUrl).toBe(background);
    expect(view.items.map((i) => i.face.imageUrl)).toContain(icon);
    expect((await fetchImage(view.imageUrl)).statusCode).toBe(200);
  });

  it('refuses what is not an image, too many bytes or pixels, and a missing file, with the reason', async () => {
    const text = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      a.as.manager,
      'image/svg+xml',
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('UPLOAD_TYPE_NOT_ACCEPTED');
    const pdf = await upload(
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
      a.as.manager,
      'image/png',
    );
    expect(pdf.statusCode).toBe(415);

    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('UPLOAD_TOO_LARGE');

    const bomb = await upload(await pngDeclaring(10_000, 10_000));
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().error.code).toBe('UPLOAD_IMAGE_TOO_MANY_PIXELS');

    const empty = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...a.as.manager, 'content-type': 'application/json' },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('is uploaded by course authors only', async () => {
    const png = await pngOf(100, 100);
    const learner = await upload(png, a.as.learner);
    expect(learner.statusCode).toBe(403);
    expect((await upload(png, {})).statusCode).toBe(401);
  });

  it("is named per client: a guessed or another client's name finds nothing", async () => {
    const mine = (await upload(await pngOf(100, 100))).json().url as string;
    const theirs = (await upload(await pngOf(100, 100), b.as.manager)).json().url as string;
    expect(theirs).toMatch(new RegExp(`^/api/media/game-images/${b.client.id}-`));
    // The name of one client's file under the other client's id is not a file.
    const swapped = mine.replace(`/${a.client.id}-`, `/${b.client.id}-`);
    expect((await fetchImage(swapped)).statusCode).toBe(404);
    expect((await fetchImage(`/api/media/game-images/${a.client.id}-${'0'.repeat(32)}`)).statusCode).toBe(
      404,
    );
    for (const bad of ['x', `${a.client.id}-../../etc`, `${a.client.id}-ABCDEF`])
      expect((await fetchImage(`/api/media/game-images/${encodeURIComponent(bad)}`)).statusCode).toBe(404);
  });
});
