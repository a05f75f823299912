import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { extractScormFiles, readScormPackage } from './scorm-manifest';
import { zipScormFolder } from './zip-folder';

const demoFolder = (name: string) =>
  fileURLToPath(new URL(`../../../../demo-assets/scorm/${name}/`, import.meta.url));

describe('zipScormFolder', () => {
  it.each([
    ['retail-basics-scorm12', '1.2', 'Atendimento ao cliente no varejo'],
    ['product-knowledge-scorm2004', '2004', 'Conhecimento de produto: notebooks'],
  ])(
    'zips the demo package %s into a SCORM %s package that launches index.html',
    async (folder, version, title) => {
      const pkg = await readScormPackage(zipScormFolder(demoFolder(folder)));

      expect(pkg.version).toBe(version);
      expect(pkg.title).toBe(title);
      expect(pkg.basePath).toBe('');
      expect(pkg.launchHref).toBe('index.html');
      expect(pkg.resources[0]?.scormType).toBe('sco');
      for (const resource of pkg.resources) {
        for (const file of resource.files) expect(pkg.files).toContain(file);
      }
      expect(pkg.files).toEqual(
        expect.arrayContaining(['imsmanifest.xml', 'index.html', 'assets/lesson.css', 'assets/lesson.js']),
      );
    },
  );

  it('puts the folder contents at the root, skips dotfiles, and zips the same bytes every time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scorm-folder-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'imsmanifest.xml'), '<manifest/>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'run()');
    writeFileSync(join(dir, '.DS_Store'), 'junk');

    const zip = zipScormFolder(dir);

    expect((await extractScormFiles(zip, '')).map((file) => file.path)).toEqual([
      'assets/app.js',
      'imsmanifest.xml',
    ]);
    expect(zipScormFolder(dir)).toEqual(zip);
  });
});
