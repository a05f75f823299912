import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readScormPackage } from './scorm-manifest';
import { ScormPackageError } from './scorm-package-error';
import { listZipEntries, openZipEntry, type ZipSource } from './zip-reader';

async function errorOf(run: () => Promise<unknown>): Promise<ScormPackageError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ScormPackageError) return error;
    throw error;
  }
  throw new Error('expected a ScormPackageError, nothing was thrown');
}

const manifest = strToU8(
  '<manifest identifier="m"><organizations default="o"><organization identifier="o"><item identifier="i" identifierref="r"/></organization></organizations><resources><resource identifier="r" href="index.html"/></resources></manifest>',
);

/** Sets the Unix mode of an entry in the central directory (made by Unix, st_mode in the high half). */
function withMode(zip: Uint8Array, name: string, mode: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let at = 0; at + 46 < out.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const length = view.getUint16(at + 28, true);
    if (new TextDecoder().decode(out.subarray(at + 46, at + 46 + length)) !== name) continue;
    view.setUint16(at + 4, (3 << 8) | 20, true);
    view.setUint32(at + 38, (mode << 16) >>> 0, true);
  }
  return out;
}

describe('zip reader limits', () => {
  it('refuses a symbolic link entry before extracting anything', async () => {
    const zip = withMode(
      zipSync({
        'imsmanifest.xml': manifest,
        'index.html': strToU8('x'),
        'link.html': strToU8('/etc/passwd'),
      }),
      'link.html',
      0o120777,
    );
    const entries = await listZipEntries(zip, 100);
    expect(entries.find((e) => e.name === 'link.html')?.isSymlink).toBe(true);
    expect(entries.find((e) => e.name === 'index.html')?.isSymlink).toBe(false);
    expect((await errorOf(() => readScormPackage(zip))).code).toBe('SCORM_UNSAFE_PATH');
  });

  it('refuses an entry over 1 MiB compressed beyond the ratio, and accepts it under a looser one', async () => {
    const zip = zipSync({
      'imsmanifest.xml': manifest,
      'index.html': strToU8('x'),
      'blank.bin': new Uint8Array(4 * 1024 * 1024),
    });
    const error = await errorOf(() => readScormPackage(zip));
    expect(error.code).toBe('SCORM_RATIO_TOO_HIGH');
    expect(error.details).toMatchObject({ path: 'blank.bin', maxRatio: 100 });
    expect((await readScormPackage(zip, { maxRatio: 2000 })).files).toContain('blank.bin');
  });

  it('refuses a central directory padded past what any package needs, without reading it', async () => {
    const size = 200 * 1024 * 1024;
    const reads: number[] = [];
    const source: ZipSource = {
      size,
      async read(offset, length) {
        reads.push(length);
        const bytes = new Uint8Array(Math.min(length, size - offset));
        const end = size - 22;
        if (offset <= end && end < offset + bytes.length) {
          const view = new DataView(bytes.buffer);
          const at = end - offset;
          view.setUint32(at, 0x06054b50, true);
          view.setUint16(at + 8, 1000, true);
          view.setUint16(at + 10, 1000, true);
          view.setUint32(at + 12, 100 * 1024 * 1024, true);
          view.setUint32(at + 16, 0, true);
        }
        return bytes;
      },
    };
    expect((await errorOf(() => listZipEntries(source, 10_000))).code).toBe('SCORM_NOT_A_ZIP');
    expect(Math.max(...reads)).toBeLessThan(1024 * 1024);
  });

  it('inflates an entry as a stream of chunks and checks its CRC at the end', async () => {
    const data = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 31) % 251);
    const zip = zipSync({ 'a.bin': data });
    const [entry] = await listZipEntries(zip, 10);
    const chunks: number[] = [];
    for await (const chunk of openZipEntry(zip, entry!)) chunks.push((chunk as Buffer).length);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.reduce((a, b) => a + b, 0)).toBe(data.length);

    const broken = await errorOf(async () => {
      for await (const chunk of openZipEntry(zip, { ...entry!, crc32: entry!.crc32 ^ 1 })) void chunk;
    });
    expect(broken.code).toBe('SCORM_NOT_A_ZIP');
  });
});
