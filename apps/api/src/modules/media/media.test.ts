import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  demoAssetDir,
  learningWorld,
  makeCourse,
  threePagePdf,
  type World,
} from '../../../test/learning-helpers';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { zipScormFolder } from '../learning/scorm/zip-folder';
import { mediaCache } from './media';

const CONTENT = 'http://127.0.0.1:3001';
const AVATAR = `7-${'ab'.repeat(16)}`;
const SITE_ASSET = `${'cd'.repeat(16)}.webp`;

/** Deterministic bytes standing for an image (the route serves what is stored; it never decodes it). */
const imageBytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 13) % 256));

// The same routes on both storages: every caller goes through the port, so the S3 run proves that
// uploads, package imports, downloads and ranged reads work against a real S3 server.
describe.each(['local', 's3'] as const)('media and content routes on %s storage', (backend) => {
  let s3: TestS3Server | undefined;
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    if (backend === 's3') s3 = await startS3Server();
    t = await buildTestApp(s3?.env ?? {});
    w = await learningWorld(t);
    await t.deps.storage.put(`avatars/7/${'ab'.repeat(16)}.webp`, imageBytes);
    await t.deps.storage.put(`site-assets/${SITE_ASSET}`, imageBytes);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('is built on the configured storage', () => {
    expect(t.deps.storage.backend).toBe(backend);
  });

  it('serves an avatar on the media route and on its older URL, with its cache rule and nosniff', async () => {
    for (const url of [`/api/media/avatars/${AVATAR}`, `/api/profile/avatars/${AVATAR}`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.equals(imageBytes)).toBe(true);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['content-length']).toBe(String(imageBytes.length));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe(mediaCache.privateImmutable);
      expect(res.headers['accept-ranges']).toBe('bytes');
      // A raster image is shown inline.
      expect(res.headers['content-disposition']).toBeUndefined();
    }
    // A well-formed name with no file behind it, a malformed one, an unknown kind.
    expect((await t.app.inject({ url: `/api/media/avatars/7-${'ef'.repeat(16)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/media/avatars/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/media/secrets/${AVATAR}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/media/avatars/${'1'.repeat(65)}` })).statusCode).toBe(400);
  });

  it('serves a login image publicly, kept by any cache', async () => {
    for (const url of [`/api/media/site-assets/${SITE_ASSET}`, `/api/site-assets/${SITE_ASSET}`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe(mediaCache.publicImmutable);
      expect(res.headers['content-type']).toBe('image/webp');
    }
  });

  it('answers byte ranges: 206 with Content-Range, 416 outside the file, HEAD without a body', async () => {
    const url = `/api/media/avatars/${AVATAR}`;
    const part = await t.app.inject({ url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${imageBytes.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(imageBytes.subarray(100, 200))).toBe(true);

    const tail = await t.app.inject({ url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(imageBytes.subarray(-10))).toBe(true);

    const open = await t.app.inject({ url, headers: { range: 'bytes=2990-' } });
    expect(open.headers['content-range']).toBe(`bytes 2990-2999/${imageBytes.length}`);

    for (const range of ['bytes=3000-', 'bytes=5000-6000', 'bytes=20-10', 'bytes=-0', 'items=1-2']) {
      const refused = await t.app.inject({ url, headers: { range } });
      expect(refused.statusCode, range).toBe(416);
      expect(refused.headers['content-range'], range).toBe(`bytes */${imageBytes.length}`);
      expect(refused.headers['content-type'], range).toContain('application/json');
    }

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(imageBytes.length));
    expect(head.body).toBe('');
  });

  it('offers anything a browser could run as an attachment, never inline on the app origin', async () => {
    const files: Record<string, string> = {
      'page.html': 'text/html; charset=utf-8',
      'drawing.svg': 'image/svg+xml',
      'data.xml': 'application/xml',
      'doc.pdf': 'application/pdf',
      'clip.mp4': 'video/mp4',
      'photo.png': 'image/png',
    };
    for (const name of Object.keys(files))
      await t.deps.storage.put(`media-test/${name}`, Buffer.from('<x/>'));
    t.deps.media.add({
      name: `test-${backend}`,
      summary: 'files of this test',
      guards: [],
      resolve: async (_request, ref) =>
        files[ref]
          ? { key: `media-test/${ref}`, mime: files[ref], cacheControl: mediaCache.personal }
          : undefined,
    });
    for (const [name, mime] of Object.entries(files)) {
      const res = await t.app.inject({ url: `/api/media/test-${backend}/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type'], name).toBe(mime);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      const inline = name === 'clip.mp4' || name === 'photo.png';
      if (inline) {
        expect(res.headers['content-disposition'], name).toBeUndefined();
      } else {
        expect(res.headers['content-disposition'], name).toBe(`attachment; filename*=UTF-8''${name}`);
        expect(res.headers['content-security-policy'], name).toBe("sandbox; default-src 'none'");
      }
    }
  });

  it('serves an activity file, as an attachment, only to a learner who may read it', async () => {
    const course = await makeCourse(t, w, {
      activities: [{ kind: 'file', title: 'Guia', file: { data: threePagePdf(), name: 'guia.pdf' } }],
    });
    const id = course.modules[0]!.activities[0]!.id;
    for (const url of [`/api/media/activity-files/${id}`, `/api/learning/activities/${id}/download`]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
      const res = await t.app.inject({ url, headers: w.as.learner });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(threePagePdf())).toBe(true);
      expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${'guia.pdf'}`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toBe('application/pdf');
    }
    const part = await t.app.inject({
      url: `/api/media/activity-files/${id}`,
      headers: { ...w.as.learner, range: 'bytes=0-7' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-1.4');
    // The kind's own query is checked; anything else about the request too.
    const badTrail = await t.app.inject({
      url: `/api/media/activity-files/${id}?trailId=abc`,
      headers: w.as.learner,
    });
    expect(badTrail.statusCode).toBe(400);
    expect(badTrail.json().error.code).toBe('VALIDATION_FAILED');
    expect(
      (await t.app.inject({ url: `/api/media/activity-files/x${id}`, headers: w.as.learner })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/media/activity-files/999999', headers: w.as.learner })).statusCode,
    ).toBe(404);
  });

  it('keeps lesson content on the content origin, with ranges and the SCORM bridge', async () => {
    const pdf = await makeCourse(t, w, {
      activities: [{ kind: 'pdf', title: 'PDF', file: { data: threePagePdf(), name: 'a.pdf' } }],
    });
    const player = async (courseId: number) =>
      (
        await t.app.inject({ url: `/api/learning/courses/${courseId}/activities/1.1`, headers: w.as.learner })
      ).json() as { content: { url?: string; launchUrl?: string } };
    const url = (await player(pdf.id)).content.url!;
    expect(url.startsWith(`${CONTENT}/api/learning/content/`)).toBe(true);
    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(threePagePdf())).toBe(true);
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    const part = await t.app.inject({ url, headers: { range: 'bytes=5-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('1.4');
    expect(part.headers['content-range']).toBe(`bytes 5-7/${threePagePdf().length}`);
    const refused = await t.app.inject({ url, headers: { range: `bytes=${threePagePdf().length}-` } });
    expect(refused.statusCode).toBe(416);
    // Not on the app's origin.
    expect((await t.app.inject({ url: url.replace(CONTENT, 'http://localhost:3000') })).statusCode).toBe(302);

    const zip = Buffer.from(zipScormFolder(demoAssetDir('scorm/retail-basics-scorm12')));
    const scorm = await makeCourse(t, w, {
      activities: [{ kind: 'scorm', title: 'Pacote', file: { data: zip, name: 'pacote.zip' } }],
    });
    const launch = await t.app.inject({ url: (await player(scorm.id)).content.launchUrl! });
    expect(launch.statusCode).toBe(200);
    expect(launch.body).toContain('<script src="/api/learning/content-bridge/scorm-bridge.js"></script>');
  });
});
