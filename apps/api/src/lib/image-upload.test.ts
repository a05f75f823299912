import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderWebp } from './image-upload';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .png()
    .toBuffer();

describe('renderWebp', () => {
  it('fills a box with cover, as WebP', async () => {
    const out = await renderWebp(await picture(400, 300), {
      width: 120,
      height: 68,
      fit: 'cover',
      position: 'attention',
      quality: 80,
    });
    expect(await sharp(out).metadata()).toMatchObject({ format: 'webp', width: 120, height: 68 });
  });

  it('fits inside without enlarging', async () => {
    const out = await renderWebp(await picture(200, 100), {
      width: 800,
      height: 800,
      fit: 'inside',
      withoutEnlargement: true,
      quality: 86,
    });
    expect(await sharp(out).metadata()).toMatchObject({ width: 200, height: 100 });
  });

  it('crops first, clamped to the picture', async () => {
    const out = await renderWebp(await picture(300, 200), {
      width: 64,
      height: 64,
      fit: 'cover',
      position: 'centre',
      quality: 82,
      crop: { x: 250, y: -10, width: 500, height: 500 },
    });
    expect(await sharp(out).metadata()).toMatchObject({ width: 64, height: 64 });
  });

  it('refuses bytes that are not a picture', async () => {
    await expect(
      renderWebp(Buffer.from('not an image'), { width: 10, height: 10, fit: 'cover', quality: 80 }),
    ).rejects.toThrow();
  });
});
