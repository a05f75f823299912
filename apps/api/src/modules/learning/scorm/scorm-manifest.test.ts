import { describe, it, expect } from 'vitest';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { extractScormFiles, readScormPackage } from './scorm-manifest';
import { ScormPackageError } from './scorm-package-error';

async function errorOf(run: () => unknown): Promise<ScormPackageError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ScormPackageError) return error;
    throw error;
  }
  throw new Error('expected a ScormPackageError, nothing was thrown');
}

const html = (title: string) => strToU8(`<!doctype html><title>${title}</title>`);

const scorm12Manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.retail" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="ORG-1">
    <organization identifier="ORG-1">
      <title>Vendas &amp; Atendimento</title>
      <item identifier="MODULE-1">
        <title>Módulo 1</title>
        <item identifier="ITEM-1" identifierref="RES-1" parameters="?lesson=1">
          <title>Lição 1</title>
          <adlcp:masteryscore>70</adlcp:masteryscore>
          <adlcp:datafromlms>mode=review</adlcp:datafromlms>
        </item>
        <item identifier="ITEM-2" identifierref="RES-2" isvisible="false">
          <title>Lição 2</title>
        </item>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="RES-1" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/>
      <file href="js/app.js"/>
      <dependency identifierref="SHARED"/>
    </resource>
    <resource identifier="RES-2" type="webcontent" adlcp:scormtype="asset" href="lesson%202.html">
      <file href="lesson 2.html"/>
    </resource>
    <resource identifier="SHARED" type="webcontent" adlcp:scormtype="asset">
      <file href="css/style.css"/>
    </resource>
  </resources>
</manifest>`;

const scorm2004Manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.notebooks" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="ORG-MAIN">
    <organization identifier="ORG-OTHER">
      <title>Outra</title>
      <item identifier="OTHER-ITEM" identifierref="RES-OTHER"><title>Outra lição</title></item>
    </organization>
    <organization identifier="ORG-MAIN">
      <title>Notebooks</title>
      <item identifier="SLIDES" identifierref="RES-SLIDES">
        <title>Slides</title>
        <adlcp:dataFromLMS>start=1</adlcp:dataFromLMS>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="P" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
    </organization>
  </organizations>
  <resources xml:base="content/">
    <resource identifier="RES-SLIDES" type="webcontent" adlcp:scormType="sco" href="start.html">
      <file href="start.html"/>
    </resource>
    <resource identifier="RES-OTHER" type="webcontent" adlcp:scormType="asset" href="other.html">
      <file href="other.html"/>
    </resource>
  </resources>
</manifest>`;

function zip(files: Record<string, string | Uint8Array>): Uint8Array {
  const entries: Zippable = {};
  for (const [name, content] of Object.entries(files)) {
    entries[name] = typeof content === 'string' ? strToU8(content) : content;
  }
  return zipSync(entries);
}

function scorm12Zip(extra: Record<string, string | Uint8Array> = {}): Uint8Array {
  return zip({
    'imsmanifest.xml': scorm12Manifest,
    'index.html': html('Lição 1'),
    'lesson 2.html': html('Lição 2'),
    'js/app.js': 'console.log(1)',
    'css/style.css': 'body{}',
    ...extra,
  });
}

function manifestWith(organizations: string, resources: string): string {
  return `<?xml version="1.0"?>
<manifest identifier="M" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schemaversion>1.2</schemaversion></metadata>
  ${organizations}
  <resources>${resources}</resources>
</manifest>`;
}

/** Rewrites the uncompressed size an entry declares in the central directory. */
function declareSize(archive: Uint8Array, name: string, size: number): Uint8Array {
  const patched = archive.slice();
  const view = new DataView(patched.buffer);
  const nameBytes = strToU8(name);
  for (let at = 0; at + 46 < patched.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const length = view.getUint16(at + 28, true);
    const stored = patched.subarray(at + 46, at + 46 + length);
    if (length === nameBytes.length && stored.every((byte, i) => byte === nameBytes[i])) {
      view.setUint32(at + 24, size, true);
      return patched;
    }
  }
  throw new Error(`no central directory entry for ${name}`);
}

describe('readScormPackage', () => {
  it('reads a SCORM 1.2 package: structure, launch item with its parameters, files', async () => {
    const pkg = await readScormPackage(scorm12Zip());

    expect(pkg.version).toBe('1.2');
    expect(pkg.identifier).toBe('com.example.retail');
    expect(pkg.title).toBe('Vendas & Atendimento');
    expect(pkg.basePath).toBe('');
    expect(pkg.defaultOrganization).toBe('ORG-1');
    expect(pkg.launchHref).toBe('index.html?lesson=1');
    expect(pkg.launchPath).toBe('index.html');
    expect(pkg.launchItem).toBe('ITEM-1');
    expect(pkg.files).toEqual([
      'css/style.css',
      'imsmanifest.xml',
      'index.html',
      'js/app.js',
      'lesson 2.html',
    ]);

    const [organization] = pkg.organizations;
    expect(organization?.identifier).toBe('ORG-1');
    const [module] = organization?.items ?? [];
    expect(module).toMatchObject({ identifier: 'MODULE-1', title: 'Módulo 1', resourceHref: null });
    expect(module?.children).toEqual([
      {
        identifier: 'ITEM-1',
        title: 'Lição 1',
        resourceIdentifier: 'RES-1',
        resourceHref: 'index.html',
        parameters: '?lesson=1',
        isVisible: true,
        masteryScore: 70,
        scaledPassingScore: null,
        completionThreshold: null,
        dataFromLms: 'mode=review',
        children: [],
      },
      {
        identifier: 'ITEM-2',
        title: 'Lição 2',
        resourceIdentifier: 'RES-2',
        resourceHref: 'lesson%202.html',
        parameters: null,
        isVisible: false,
        masteryScore: null,
        scaledPassingScore: null,
        completionThreshold: null,
        dataFromLms: null,
        children: [],
      },
    ]);
    expect(pkg.resources).toEqual([
      {
        identifier: 'RES-1',
        type: 'webcontent',
        scormType: 'sco',
        href: 'index.html',
        path: 'index.html',
        files: ['index.html', 'js/app.js'],
        dependencies: ['SHARED'],
      },
      {
        identifier: 'RES-2',
        type: 'webcontent',
        scormType: 'asset',
        href: 'lesson%202.html',
        path: 'lesson 2.html',
        files: ['lesson 2.html'],
        dependencies: [],
      },
      {
        identifier: 'SHARED',
        type: 'webcontent',
        scormType: 'asset',
        href: null,
        path: null,
        files: ['css/style.css'],
        dependencies: [],
      },
    ]);
  });

  it('reads a SCORM 2004 package: default organization, xml:base, scormType, dataFromLMS', async () => {
    const pkg = await readScormPackage(
      zip({
        'imsmanifest.xml': scorm2004Manifest,
        'content/start.html': html('Slides'),
        'content/other.html': html('Outra'),
      }),
    );

    expect(pkg.version).toBe('2004');
    expect(pkg.title).toBe('Notebooks');
    expect(pkg.defaultOrganization).toBe('ORG-MAIN');
    expect(pkg.organizations.map((organization) => organization.identifier)).toEqual([
      'ORG-OTHER',
      'ORG-MAIN',
    ]);
    expect(pkg.launchItem).toBe('SLIDES');
    expect(pkg.launchHref).toBe('content/start.html');
    expect(pkg.organizations[1]?.items[0]).toMatchObject({
      dataFromLms: 'start=1',
      resourceHref: 'content/start.html',
    });
    expect(
      pkg.resources.map((resource) => [resource.identifier, resource.scormType, resource.files]),
    ).toEqual([
      ['RES-SLIDES', 'sco', ['content/start.html']],
      ['RES-OTHER', 'asset', ['content/other.html']],
    ]);
  });

  it('reads the passing score of a SCORM 2004 primary objective and the completion threshold', async () => {
    const item = (inner: string) =>
      `<?xml version="1.0"?><manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
        xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
        <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
        <organizations default="O"><organization identifier="O"><title>T</title>
          <item identifier="I" identifierref="R"><title>T</title>${inner}</item>
        </organization></organizations>
        <resources><resource identifier="R" type="webcontent" adlcp:scormType="sco" href="a.html">
          <file href="a.html"/></resource></resources></manifest>`;
    const read = async (inner: string) =>
      (await readScormPackage(zip({ 'imsmanifest.xml': item(inner), 'a.html': html('a') }))).organizations[0]!
        .items[0]!;
    const byMeasure =
      await read(`<adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.8"/>
      <imsss:sequencing><imsss:objectives><imsss:primaryObjective objectiveID="P" satisfiedByMeasure="true">
        <imsss:minNormalizedMeasure>0.75</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives>
      </imsss:sequencing>`);
    expect(byMeasure).toMatchObject({ scaledPassingScore: 0.75, completionThreshold: 0.8 });
    // Not satisfied by measure, completion not by measure: the content rules both.
    const contentRules =
      await read(`<adlcp:completionThreshold completedByMeasure="false" minProgressMeasure="0.8"/>
      <imsss:sequencing><imsss:objectives><imsss:primaryObjective objectiveID="P">
        <imsss:minNormalizedMeasure>0.75</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives>
      </imsss:sequencing>`);
    expect(contentRules).toMatchObject({ scaledPassingScore: null, completionThreshold: null });
    // 3rd edition: the threshold as text; a primary objective by measure without a value passes at 1.0.
    const third = await read(`<adlcp:completionThreshold>0.5</adlcp:completionThreshold>
      <imsss:sequencing><imsss:objectives><imsss:primaryObjective satisfiedByMeasure="true"/></imsss:objectives>
      </imsss:sequencing>`);
    expect(third).toMatchObject({ scaledPassingScore: 1, completionThreshold: 0.5 });
  });

  it('reports the SCOs of the default organization, whether it declares sequencing, and its size', async () => {
    const v12 = await readScormPackage(scorm12Zip());
    expect({ scos: v12.scoCount, sequencing: v12.sequencing }).toEqual({ scos: 1, sequencing: false });
    const bytes = [
      strToU8(scorm12Manifest),
      html('Lição 1'),
      html('Lição 2'),
      strToU8('console.log(1)'),
      strToU8('body{}'),
    ];
    expect(v12.totalBytes).toBe(bytes.reduce((sum, part) => sum + part.length, 0));
    const v2004 = await readScormPackage(
      zip({ 'imsmanifest.xml': scorm2004Manifest, 'content/start.html': html('Slides') }),
    );
    expect(v2004.sequencing).toBe(/sequencing/.test(scorm2004Manifest));
    const multi = scorm12Manifest.replace(
      'adlcp:scormtype="asset" href="lesson%202.html"',
      'adlcp:scormtype="sco" href="lesson%202.html"',
    );
    expect((await readScormPackage(scorm12Zip({ 'imsmanifest.xml': multi }))).scoCount).toBe(2);
    const sequenced = scorm2004Manifest.replace(
      '</organization>',
      '<imsss:sequencing><imsss:controlMode choice="false" flow="true"/></imsss:sequencing></organization>',
    );
    expect(
      (await readScormPackage(zip({ 'imsmanifest.xml': sequenced, 'content/start.html': html('Slides') })))
        .sequencing,
    ).toBe(true);
  });

  it.each([
    ['ADL SCORM', '1.1'],
    ['IMS Common Cartridge', '1.1.0'],
    ['AICC', '4.0'],
  ])('refuses a manifest declaring %s %s, which it cannot run', async (schema, version) => {
    const manifest = scorm12Manifest.replace(
      '<schema>ADL SCORM</schema><schemaversion>1.2</schemaversion>',
      `<schema>${schema}</schema><schemaversion>${version}</schemaversion>`,
    );
    const error = await errorOf(() => readScormPackage(scorm12Zip({ 'imsmanifest.xml': manifest })));
    expect(error.code).toBe('SCORM_UNSUPPORTED_SCHEMA');
    expect(error.details).toEqual({ schema: `${schema} ${version}` });
  });

  it('refuses a Common Cartridge without a schema version, told by its namespace', async () => {
    const manifest = scorm12Manifest
      .replace(/<metadata>.*<\/metadata>/, '')
      .replace(
        'http://www.imsproject.org/xsd/imscp_rootv1p1p2',
        'http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1',
      );
    expect((await errorOf(() => readScormPackage(scorm12Zip({ 'imsmanifest.xml': manifest })))).code).toBe(
      'SCORM_UNSUPPORTED_SCHEMA',
    );
  });

  it.each([
    ['2004 3rd Edition', '2004'],
    ['CAM 1.3', '2004'],
    ['2004 4th Edition', '2004'],
    ['1.2', '1.2'],
  ])('reads schemaversion "%s" as SCORM %s', async (schemaVersion, expected) => {
    const manifest = scorm2004Manifest.replace('2004 4th Edition', schemaVersion);
    const pkg = await readScormPackage(
      zip({ 'imsmanifest.xml': manifest, 'content/start.html': html('Slides') }),
    );
    expect(pkg.version).toBe(expected);
  });

  it('tells the version from the namespaces when the manifest has no schemaversion', async () => {
    const without2004 = scorm2004Manifest.replace(/<metadata>.*<\/metadata>/, '');
    const without12 = scorm12Manifest.replace(/<metadata>.*<\/metadata>/, '');
    expect(
      (await readScormPackage(zip({ 'imsmanifest.xml': without2004, 'content/start.html': 'x' }))).version,
    ).toBe('2004');
    expect((await readScormPackage(scorm12Zip({ 'imsmanifest.xml': without12 }))).version).toBe('1.2');
  });

  it('reads a manifest with a byte order mark', async () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...strToU8(scorm12Manifest)]);
    expect((await readScormPackage(scorm12Zip({ 'imsmanifest.xml': withBom }))).title).toBe(
      'Vendas & Atendimento',
    );
  });

  it('accepts a package zipped inside a single top-level folder and returns it as the base path', async () => {
    const archive = zip({
      'Curso Varejo/imsmanifest.xml': scorm12Manifest,
      'Curso Varejo/index.html': html('Lição 1'),
      'Curso Varejo/js/app.js': 'console.log(1)',
      '__MACOSX/Curso Varejo/._index.html': 'junk',
      'Curso Varejo/.DS_Store': 'junk',
    });

    const pkg = await readScormPackage(archive);

    expect(pkg.basePath).toBe('Curso Varejo/');
    expect(pkg.launchHref).toBe('index.html?lesson=1');
    expect(pkg.files).toEqual(['imsmanifest.xml', 'index.html', 'js/app.js']);
    const extracted = await extractScormFiles(archive, pkg.basePath);
    expect(extracted.map((file) => file.path)).toEqual(['imsmanifest.xml', 'index.html', 'js/app.js']);
    expect(new TextDecoder().decode(extracted.find((file) => file.path === 'js/app.js')?.bytes)).toBe(
      'console.log(1)',
    );
  });

  it('refuses a zip without imsmanifest.xml', async () => {
    expect((await errorOf(() => readScormPackage(zip({ 'index.html': html('x') })))).code).toBe(
      'SCORM_NO_MANIFEST',
    );
    expect((await errorOf(() => readScormPackage(zip({})))).code).toBe('SCORM_NO_MANIFEST');
  });

  it('does not look for the manifest below a top-level folder when there are several', async () => {
    const archive = zip({ 'a/imsmanifest.xml': scorm12Manifest, 'a/index.html': 'x', 'b/other.html': 'y' });
    expect((await errorOf(() => readScormPackage(archive))).code).toBe('SCORM_NO_MANIFEST');
  });

  it('refuses a manifest without an organization', async () => {
    const manifest = manifestWith(
      '<organizations/>',
      '<resource identifier="R" type="webcontent" adlcp:scormtype="sco" href="index.html"/>',
    );
    const error = await errorOf(() =>
      readScormPackage(zip({ 'imsmanifest.xml': manifest, 'index.html': 'x' })),
    );
    expect(error.code).toBe('SCORM_NO_ORGANIZATION');
  });

  it('refuses an organization whose items launch nothing', async () => {
    const manifest = manifestWith(
      '<organizations default="O"><organization identifier="O"><title>T</title>' +
        '<item identifier="I" identifierref="SHARED"><title>I</title></item>' +
        '<item identifier="J" identifierref="UNKNOWN"><title>J</title></item>' +
        '<item identifier="K" identifierref="REMOTE"><title>K</title></item></organization></organizations>',
      '<resource identifier="SHARED" type="webcontent" adlcp:scormtype="asset"><file href="a.css"/></resource>' +
        '<resource identifier="REMOTE" type="webcontent" adlcp:scormtype="sco" href="https://example.com/x"/>',
    );
    const error = await errorOf(() => readScormPackage(zip({ 'imsmanifest.xml': manifest, 'a.css': 'x' })));
    expect(error.code).toBe('SCORM_NO_LAUNCHABLE_RESOURCE');
  });

  it('refuses malformed XML and a root element other than <manifest>', async () => {
    const broken = scorm12Manifest.replace('</organizations>', '');
    const error = await errorOf(() => readScormPackage(scorm12Zip({ 'imsmanifest.xml': broken })));
    expect(error.code).toBe('SCORM_INVALID_MANIFEST');
    expect(error.details).toMatchObject({ line: expect.any(Number) });

    const wrongRoot = '<?xml version="1.0"?><package><title>x</title></package>';
    expect((await errorOf(() => readScormPackage(scorm12Zip({ 'imsmanifest.xml': wrongRoot })))).code).toBe(
      'SCORM_INVALID_MANIFEST',
    );
  });

  it('refuses a package whose launch file is not in the zip', async () => {
    const archive = zip({ 'imsmanifest.xml': scorm12Manifest, 'lesson 2.html': html('Lição 2') });
    const error = await errorOf(() => readScormPackage(archive));
    expect(error.code).toBe('SCORM_MISSING_FILE');
    expect(error.details).toEqual({ path: 'index.html' });
  });

  it.each([
    '../evil.html',
    'content/../../evil.html',
    '/etc/cron.d/evil',
    'C:\\Windows\\evil.dll',
    '..\\evil.html',
  ])('refuses the zip-slip entry %s', async (name) => {
    const archive = scorm12Zip({ [name]: 'evil' });
    expect((await errorOf(() => readScormPackage(archive))).code).toBe('SCORM_UNSAFE_PATH');
    expect((await errorOf(() => extractScormFiles(archive, ''))).code).toBe('SCORM_UNSAFE_PATH');
  });

  it('refuses a manifest href that climbs out of the package', async () => {
    const manifest = scorm12Manifest.replace('href="index.html">', 'href="../../index.html">');
    expect((await errorOf(() => readScormPackage(scorm12Zip({ 'imsmanifest.xml': manifest })))).code).toBe(
      'SCORM_UNSAFE_PATH',
    );
  });

  it.each([
    ['random bytes', new Uint8Array(4096).map((_, i) => (i * 7919) % 251)],
    ['an empty file', new Uint8Array(0)],
    ['a PDF', strToU8('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')],
  ])('refuses %s as not a zip', async (_label, bytes) => {
    expect((await errorOf(() => readScormPackage(bytes))).code).toBe('SCORM_NOT_A_ZIP');
  });

  it('refuses a zip whose entries fail their checksum', async () => {
    const archive = zipSync({ 'imsmanifest.xml': [strToU8(scorm12Manifest), { level: 0 }] });
    const at = archive.indexOf('<'.charCodeAt(0), 30);
    archive[at + 10] = archive[at + 10]! ^ 0xff;
    expect((await errorOf(() => readScormPackage(archive))).code).toBe('SCORM_NOT_A_ZIP');
  });
});

describe('size limits', () => {
  const big = new Uint8Array(1024 * 1024); // 1 MiB of zeros deflates to about a kilobyte

  it('refuses a package whose declared uncompressed size is over the limit before inflating it', async () => {
    const archive = scorm12Zip({ 'media/video.bin': big });
    expect(archive.length).toBeLessThan(64 * 1024);

    const error = await errorOf(() => readScormPackage(archive, { maxTotalBytes: 512 * 1024 }));
    expect(error.code).toBe('SCORM_TOO_LARGE');
    expect((await errorOf(() => extractScormFiles(archive, '', { maxTotalBytes: 512 * 1024 }))).code).toBe(
      'SCORM_TOO_LARGE',
    );
    expect((await readScormPackage(archive, { maxTotalBytes: 2 * 1024 * 1024 })).files).toContain(
      'media/video.bin',
    );
  });

  it('refuses more entries than allowed', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 30; i++) many[`pages/p${i}.html`] = 'x';
    const archive = scorm12Zip(many);
    expect((await errorOf(() => readScormPackage(archive, { maxEntries: 20 }))).code).toBe(
      'SCORM_TOO_MANY_FILES',
    );
    expect((await errorOf(() => extractScormFiles(archive, '', { maxEntries: 20 }))).code).toBe(
      'SCORM_TOO_MANY_FILES',
    );
    expect(await extractScormFiles(archive, '', { maxEntries: 40 })).toHaveLength(35);
  });

  it('stops inflating an entry that produces more than it declares', async () => {
    const archive = declareSize(scorm12Zip({ 'media/video.bin': big }), 'media/video.bin', 1000);
    const error = await errorOf(() => extractScormFiles(archive, ''));
    expect(error.code).toBe('SCORM_TOO_LARGE');
    expect(error.details).toEqual({ entry: 'media/video.bin', declaredSize: 1000 });
  });
});

describe('extractScormFiles', () => {
  it('returns every file of the package with its bytes, without directories or archiver junk', async () => {
    const archive = zipSync({
      'imsmanifest.xml': strToU8(scorm12Manifest),
      'index.html': html('Lição 1'),
      js: { 'app.js': strToU8('console.log(1)') },
      '.DS_Store': strToU8('junk'),
      'images/logo.png': [new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { level: 0 }],
    });

    const files = await extractScormFiles(archive, '');

    expect(files.map((file) => file.path)).toEqual([
      'images/logo.png',
      'imsmanifest.xml',
      'index.html',
      'js/app.js',
    ]);
    expect(Array.from(files[0]!.bytes)).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(new TextDecoder().decode(files[2]!.bytes)).toBe('<!doctype html><title>Lição 1</title>');
  });

  it('refuses a base path that climbs out of the package', async () => {
    expect((await errorOf(() => extractScormFiles(scorm12Zip(), '../'))).code).toBe('SCORM_UNSAFE_PATH');
  });
});
