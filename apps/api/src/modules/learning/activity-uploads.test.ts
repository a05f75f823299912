import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  demoAssetDir,
  learningOf,
  learningWorld,
  makeCourse,
  type World,
} from '../../../test/learning-helpers';
import { multipart, pngOf } from '../../../test/profile-helpers';
import { createImportSlots } from '../../lib/uploads';
import { zipScormFolder } from './scorm/zip-folder';

/**
 * Bounded uploads and imports: hostile archives and files are refused with a 4xx that says why, while
 * the server keeps answering. The archives are built here, byte by byte, so each one is exactly the
 * attack it names (a 1 MB zip that unpacks to more than 1 GiB, sizes that lie, 10,001 entries …).
 */

interface Entry {
  name: string;
  /** Deflated bytes (method 8) or stored bytes (method 0). */
  data: Buffer;
  method: 0 | 8;
  crc: number;
  /** What the entry declares as its unpacked size. */
  size: number;
  /** Unix st_mode written in the external attributes (symlinks). */
  mode?: number;
}

function zipOf(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((e.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MIB = 1024 * 1024;
const zeros = Buffer.alloc(MIB);
const deflatedZeros = deflateRawSync(zeros, { level: 9 });
const zerosCrc = crc32(zeros);
const deflated = (name: string, text: string): Entry => {
  const raw = Buffer.from(text);
  return { name, data: deflateRawSync(raw), method: 8, crc: crc32(raw), size: raw.length };
};
const manifest = deflated(
  'imsmanifest.xml',
  `<?xml version="1.0"?><manifest identifier="bomb"><organizations default="o"><organization identifier="o"><title>x</title><item identifier="i" identifierref="r"><title>x</title></item></organization></organizations><resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource></resources></manifest>`,
);
const index = deflated('index.html', '<!doctype html><title>x</title>');

/** `files` MiB of text-like content (about 6:1) in as many files of a SCORM package: real work to inflate. */
function largePackage(files: number): Buffer {
  const words = ['venda', 'cliente', 'produto', 'loja', 'atendimento', 'pontos', 'meta', 'curso'];
  let seed = 7;
  const text: string[] = [];
  let length = 0;
  while (length < MIB) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const word = words[seed % words.length]!;
    text.push(word);
    length += word.length + 1;
  }
  const page = Buffer.from(text.join(' ')).subarray(0, MIB);
  const packed = deflateRawSync(page);
  return zipOf([
    manifest,
    index,
    ...Array.from({ length: files }, (_, i) => ({
      name: `pages/p${i}.txt`,
      data: packed,
      method: 8 as const,
      crc: crc32(page),
      size: MIB,
    })),
  ]);
}

let t: TestApp;
let w: World;

beforeAll(async () => {
  // The default limits: uploads up to 512 MB, packages up to 1 GiB unpacked.
  t = await buildTestApp();
  w = await learningWorld(t);
});
afterAll(async () => {
  await t?.close();
});

async function activity(kind: 'scorm' | 'html' | 'pdf', app = t, world = w) {
  const course = await makeCourse(app, world, {
    activities: [{ kind, title: `Atividade ${kind}` }],
    publish: false,
  });
  return course.modules[0]!.activities[0]!.id;
}

function upload(
  url: string,
  data: Buffer,
  name = 'pacote.zip',
  type = 'application/zip',
  app = t,
  world = w,
) {
  const body = multipart({ name, type, data });
  return app.app.inject({
    method: 'POST',
    url,
    headers: { ...world.as.manager, ...body.headers, 'accept-language': 'en-US' },
    payload: body.payload,
  });
}

/** Every file under the storage root (temporary uploads included). */
function storedFiles(app = t): string[] {
  const root = path.join(app.config.DATA_DIR, 'files');
  try {
    return (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((d) => d.isFile())
      .map((d) => path.join(d.parentPath, d.name));
  } catch {
    return [];
  }
}

/** Runs `work` while /api/health is asked every 20 ms; answers the slowest health answer in ms. */
async function slowestHealthDuring(work: () => Promise<void>): Promise<number> {
  // The first answer compiles the route's serializer: not what is measured.
  await t.app.inject({ url: '/api/health' });
  let slowest = 0;
  let done = false;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await poll;
  }
  return slowest;
}

describe('package imports are bounded', () => {
  it('refuses a 1 MB zip that unpacks to 1.1 GiB, before inflating it, while /api/health keeps answering', async () => {
    const id = await activity('scorm');
    const before = storedFiles();
    // 1,100 entries of 1 MiB of zeros: each about 1 kB packed, every one under the ratio floor.
    const bomb = zipOf([
      manifest,
      index,
      ...Array.from({ length: 1100 }, (_, i) => ({
        name: `media/part-${i}.bin`,
        data: deflatedZeros,
        method: 8 as const,
        crc: zerosCrc,
        size: MIB,
      })),
    ]);
    expect(bomb.length).toBeLessThan(2 * MIB);

    let answer: Awaited<ReturnType<typeof upload>> | undefined;
    const slowest = await slowestHealthDuring(async () => {
      answer = await upload(`/api/admin/learning/activities/${id}/file`, bomb);
    });

    expect(answer!.statusCode, answer!.body).toBe(413);
    expect(answer!.json().error).toMatchObject({
      code: 'UPLOAD_UNPACKED_TOO_LARGE',
      message: 'Package refused: once unpacked it exceeds the 1024 MB limit.',
      details: { megabytes: 1024 },
    });
    // Generous, for a busy shared machine: inflating this bomb on the request thread (as before) held
    // it for over 30 s in one piece; refused from its directory, it takes a few milliseconds.
    expect(slowest).toBeLessThan(2000);
    // Nothing of the bomb is left behind: no temporary upload, no half-extracted package.
    expect(storedFiles()).toEqual(before);
  });

  it('stops an entry that inflates past the size it declares (a bomb that lies) as soon as it does', async () => {
    const id = await activity('scorm');
    const lying = zipOf([
      manifest,
      index,
      { name: 'media/video.bin', data: deflatedZeros, method: 8, crc: zerosCrc, size: 1000 },
    ]);
    const answer = await upload(`/api/admin/learning/activities/${id}/file`, lying);
    expect(answer.statusCode, answer.body).toBe(413);
    expect(answer.json().error.code).toBe('UPLOAD_UNPACKED_TOO_LARGE');
  });

  it('refuses an entry compressed beyond what real content allows', async () => {
    const id = await activity('scorm');
    const packed = deflateRawSync(Buffer.alloc(20 * MIB), { level: 9 });
    const dense = zipOf([
      manifest,
      index,
      {
        name: 'media/blank.bin',
        data: packed,
        method: 8,
        crc: crc32(Buffer.alloc(20 * MIB)),
        size: 20 * MIB,
      },
    ]);
    const answer = await upload(`/api/admin/learning/activities/${id}/file`, dense);
    expect(answer.statusCode, answer.body).toBe(413);
    expect(answer.json().error).toMatchObject({
      code: 'UPLOAD_COMPRESSION_TOO_HIGH',
      details: { ratio: 100 },
    });
  });

  it('refuses more files than allowed', async () => {
    const id = await activity('html');
    const empty = { data: Buffer.alloc(0), method: 0 as const, crc: 0, size: 0 };
    const many = zipOf([
      deflated('index.html', '<!doctype html>'),
      ...Array.from({ length: 10_000 }, (_, i) => ({ name: `p/${i}.txt`, ...empty })),
    ]);
    const answer = await upload(`/api/admin/learning/activities/${id}/file`, many);
    expect(answer.statusCode, answer.body).toBe(413);
    expect(answer.json().error).toMatchObject({ code: 'UPLOAD_TOO_MANY_FILES', details: { count: 10_000 } });
    expect(answer.json().error.message).toContain('10000');
  });

  it.each([
    ['a path that climbs out of the package', '../../evil.html', 0o100644],
    ['an absolute path', '/etc/evil.html', 0o100644],
    ['a symbolic link', 'link.html', 0o120777],
  ])('refuses %s', async (_label, name, mode) => {
    const scormId = await activity('scorm');
    const htmlId = await activity('html');
    const raw = Buffer.from('/etc/passwd');
    const hostile = zipOf([
      manifest,
      index,
      { name, data: raw, method: 0, crc: crc32(raw), size: raw.length, mode },
    ]);

    const scorm = await upload(`/api/admin/learning/activities/${scormId}/file`, hostile);
    expect(scorm.statusCode, scorm.body).toBe(400);
    expect(scorm.json().error.code).toBe('LEARNING_SCORM_UNSAFE_PATH');
    const html = await upload(`/api/admin/learning/activities/${htmlId}/file`, hostile);
    expect(html.statusCode, html.body).toBe(400);
    expect(html.json().error.code).toBe('UPLOAD_UNSAFE_PATH');
  });

  it('keeps /api/health answering while a large real package (96 MiB unpacked) is imported', async () => {
    const id = await activity('scorm');
    const big = largePackage(96);

    let answer: Awaited<ReturnType<typeof upload>> | undefined;
    const slowest = await slowestHealthDuring(async () => {
      answer = await upload(`/api/admin/learning/activities/${id}/file`, big);
    });

    expect(answer!.statusCode, answer!.body).toBe(200);
    expect(answer!.json().modules[0].activities[0].scorm.fileCount).toBe(98);
    // Inflated on the request thread (as before) this package held it for about 3 s in one piece; on
    // zlib's thread pool the answers stay in milliseconds (a generous bound for a busy machine).
    expect(slowest).toBeLessThan(2000);
  });

  it('still imports a real package, streamed into storage', async () => {
    const id = await activity('scorm');
    const zip = Buffer.from(zipScormFolder(demoAssetDir('scorm/retail-basics-scorm12')));
    const answer = await upload(`/api/admin/learning/activities/${id}/file`, zip);
    expect(answer.statusCode, answer.body).toBe(200);
    const stored = answer.json().modules[0].activities[0];
    expect(stored.scorm).toMatchObject({ version: '1.2', launchHref: 'index.html' });
    expect(storedFiles().some((f) => f.includes('/tmp/uploads/'))).toBe(false);
  });
});

describe('refused uploads say why', () => {
  it('refuses a file over the upload limit while it streams, with the limit in the answer', async () => {
    // A small upload limit keeps this case cheap.
    const small = await buildTestApp({ MAX_UPLOAD_MB: '2' });
    try {
      const world = await learningWorld(small);
      const id = await activity('pdf', small, world);
      const before = storedFiles(small);
      const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * MIB, 0x20)]);
      const url = `/api/admin/learning/activities/${id}/file`;
      const answer = await upload(url, big, 'big.pdf', 'application/pdf', small, world);
      expect(answer.statusCode, answer.body).toBe(413);
      expect(answer.json().error).toMatchObject({
        code: 'UPLOAD_TOO_LARGE',
        message: 'The file is larger than the 2 MB limit.',
        details: { megabytes: 2 },
      });
      expect(storedFiles(small)).toEqual(before);
    } finally {
      await small.close();
    }
  });

  it('answers a multipart body cut short with a 400, never a 5xx', async () => {
    const id = await activity('pdf');
    const body = multipart({ name: 'a.pdf', type: 'application/pdf', data: Buffer.alloc(200_000, 0x25) });
    for (const url of [`/api/admin/learning/activities/${id}/file`, `/api/admin/learning/courses/1/cover`]) {
      const cut = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...w.as.manager, ...body.headers },
        payload: body.payload.subarray(0, 100_000),
      });
      expect(cut.statusCode, cut.body).toBe(400);
    }
  });

  it('refuses a file whose content is not of an accepted type, whatever its name', async () => {
    const id = await activity('pdf');
    const answer = await upload(
      `/api/admin/learning/activities/${id}/file`,
      await pngOf(20, 20),
      'apostila.pdf',
      'application/pdf',
    );
    expect(answer.statusCode, answer.body).toBe(415);
    expect(answer.json().error.code).toBe('UPLOAD_TYPE_NOT_ACCEPTED');
  });

  it('refuses a cover over the avatars pixel limit, and a corrupt one, as such', async () => {
    const { authoring } = learningOf(t);
    const course = await authoring.createCourse(w.actor, { title: 'Capa' });
    // A valid PNG header declaring 10,000 × 10,000 pixels (100 MP, over the 50 MP limit) and no pixels.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(10_000, 0);
    ihdr.writeUInt32BE(10_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const huge = Buffer.concat([
      signature,
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateRawSync(Buffer.alloc(64))),
      chunk('IEND', Buffer.alloc(0)),
    ]);

    const tooMany = await upload(
      `/api/admin/learning/courses/${course.id}/cover`,
      huge,
      'capa.png',
      'image/png',
    );
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json().error).toMatchObject({
      code: 'UPLOAD_IMAGE_TOO_MANY_PIXELS',
      details: { megapixels: 50 },
    });

    const corrupt = Buffer.concat([(await pngOf(40, 40)).subarray(0, 60), Buffer.alloc(40, 7)]);
    const broken = await upload(
      `/api/admin/learning/courses/${course.id}/cover`,
      corrupt,
      'capa.png',
      'image/png',
    );
    expect(broken.statusCode, broken.body).toBe(400);
    expect(broken.json().error.code).toBe('UPLOAD_INVALID_CONTENT');

    const fine = await upload(
      `/api/admin/learning/courses/${course.id}/cover`,
      await pngOf(400, 300),
      'capa.png',
      'image/png',
    );
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().coverUrl).toBeTruthy();
  });
});

describe('import slots', () => {
  it('answers 503 UPLOAD_BUSY with Retry-After when every slot and queue place is taken', async () => {
    const busy = await buildTestApp({ MAX_CONCURRENT_IMPORTS: '1', MAX_QUEUED_IMPORTS: '0' });
    try {
      const world = await learningWorld(busy);
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push(await activity('scorm', busy, world));
      const big = largePackage(64);
      const url = (id: number) => `/api/admin/learning/activities/${id}/file`;
      const answers = await Promise.all(
        ids.map((id) => upload(url(id), big, 'pacote.zip', 'application/zip', busy, world)),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses[0]).toBe(200);
      const refused = answers.find((a) => a.statusCode === 503);
      expect(refused, statuses.join()).toBeDefined();
      expect(refused!.headers['retry-after']).toBe('30');
      expect(refused!.json().error.code).toBe('UPLOAD_BUSY');
      expect(refused!.json().error.message).toContain('Try again');
    } finally {
      await busy.close();
    }
  });

  it('runs at most N imports at once, queues a few and turns the rest away with UPLOAD_BUSY (503)', async () => {
    const slots = createImportSlots(2, 1);
    const release: (() => void)[] = [];
    let peak = 0;
    const job = () =>
      slots.run(async () => {
        peak = Math.max(peak, slots.running);
        await new Promise<void>((resolve) => release.push(resolve));
      });
    const first = job();
    const second = job();
    const queued = job();
    await expect(job()).rejects.toMatchObject({ code: 'UPLOAD_BUSY', status: 503 });
    expect(slots.running).toBe(2);
    expect(slots.waiting).toBe(1);

    release.shift()!();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(slots.running).toBe(2);
    expect(slots.waiting).toBe(0);
    while (release.length > 0) release.shift()!();
    await Promise.all([second, queued]);
    expect(peak).toBe(2);
    expect(slots.running).toBe(0);
  });
});
