import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  chunkSizeReport,
  deferBootStyles,
  precompress,
  preloadFirstScreen,
  type BudgetOptions,
} from '../../vite.config';

/** Code gzip cannot shrink much (random base64): `kb` kB of text, about 0.76 `kb` kB gzipped. */
const incompressible = (kb: number) => `/*${randomBytes(kb * 768).toString('base64')}*/`;
const gz = (code: string) => gzipSync(code, { level: 9 }).length;

interface FakeChunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  moduleIds?: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

function chunk(fileName: string, code: string, extra: Partial<FakeChunk> = {}): FakeChunk {
  return {
    type: 'chunk',
    fileName,
    code,
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    imports: [],
    ...extra,
  };
}

/** An app like ours: an entry with a vendor chunk, the login page with a library chunk, catalogs. */
function fakeBundle() {
  const chunks = [
    chunk('assets/index.js', incompressible(20), { isEntry: true, imports: ['assets/vendor.js'] }),
    chunk('assets/vendor.js', incompressible(40)),
    chunk('assets/login-page.js', incompressible(5), {
      isDynamicEntry: true,
      facadeModuleId: '/repo/apps/web/src/features/session/pages/login-page.tsx',
      imports: ['assets/lib-form.js', 'assets/vendor.js'],
      viteMetadata: { importedCss: new Set(['assets/login-page.css']) },
    }),
    chunk('assets/lib-form.js', incompressible(10)),
    // The app shell, a lazily loaded layout with a library of its own (menus).
    chunk('assets/authenticated-layout.js', incompressible(6), {
      isDynamicEntry: true,
      facadeModuleId: '/repo/apps/web/src/app/layouts/authenticated-layout.tsx',
      imports: ['assets/lib-menu.js', 'assets/vendor.js'],
    }),
    chunk('assets/lib-menu.js', incompressible(7)),
    chunk('assets/profile-page.js', incompressible(8), {
      isDynamicEntry: true,
      facadeModuleId: '/repo/apps/web/src/features/profile/pages/profile-page.tsx',
    }),
    // A library a page loads on demand (the HLS player): not a page chunk, whatever its size.
    chunk('assets/hls.js', incompressible(90), {
      isDynamicEntry: true,
      facadeModuleId: '/repo/node_modules/hls.js/dist/hls.mjs',
    }),
    // A contract the first screen's API answer is checked with, and zod, loaded on demand.
    chunk('assets/site.js', incompressible(1), {
      isDynamicEntry: true,
      facadeModuleId: '/repo/packages/contracts/src/site.ts',
      moduleIds: ['/repo/packages/contracts/src/site.ts', '/repo/packages/contracts/src/branding.ts'],
      imports: ['assets/lib-zod.js'],
    }),
    chunk('assets/lib-zod.js', incompressible(20)),
    chunk('assets/common.js', incompressible(2), {
      isDynamicEntry: true,
      facadeModuleId: '/repo/packages/i18n/locales/pt-BR/common.json',
    }),
    chunk('assets/common-fr.js', incompressible(2), {
      isDynamicEntry: true,
      facadeModuleId: '/repo/packages/i18n/locales/fr/common.json',
    }),
  ];
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

const loginRoute = {
  name: 'login',
  page: 'src/features/session/pages/login-page.tsx',
  catalogs: ['pt-BR/common.json'],
};

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trilha-build-test-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function runReport(options: BudgetOptions, bundle = fakeBundle()) {
  const dir = tempDir();
  const messages: string[] = [];
  const plugin = chunkSizeReport(options);
  const context = {
    info: (message: string) => messages.push(message),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  const run = () =>
    (plugin.generateBundle as unknown as (this: unknown, o: unknown, b: unknown) => void).call(
      context,
      { dir },
      bundle,
    );
  return { run, messages, dir, bundle };
}

describe('chunk size report and budget', () => {
  it('counts what the login route loads: entry, its imports, the page, its imports, its catalogs', () => {
    const { run, messages, dir, bundle } = runReport({ routes: [loginRoute], routeKb: 1000, pageKb: 60 });
    run();
    const expected = [
      'assets/index.js',
      'assets/vendor.js',
      'assets/login-page.js',
      'assets/lib-form.js',
      'assets/common.js',
    ].reduce((sum, file) => sum + gz(bundle[file]!.code), 0);
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'bundle-report.json'), 'utf8')) as {
      routes: { route: string; gzip: number; files: string[] }[];
    };
    expect(report.routes[0]).toMatchObject({ route: 'login', gzip: expected });
    // Neither another page, nor a language not shown, nor an on-demand library is counted.
    expect(report.routes[0]!.files).not.toContain('assets/profile-page.js');
    expect(report.routes[0]!.files).not.toContain('assets/common-fr.js');
    expect(report.routes[0]!.files).not.toContain('assets/hls.js');
    // Nor the shell, which the login route does not show.
    expect(report.routes[0]!.files).not.toContain('assets/authenticated-layout.js');
    expect(messages.join('\n')).toContain(`route login: ${(expected / 1024).toFixed(1)} kB gzip`);
  });

  it('fails the build when the route loads more than its budget', () => {
    const { run } = runReport({ routes: [loginRoute], routeKb: 40, pageKb: 60 });
    expect(run).toThrow(/route login loads [\d.]+ kB gzip \(budget 40 kB\)/);
  });

  it('holds each route to its own budget when it has one', () => {
    const profileRoute = {
      name: 'profile',
      page: 'src/features/profile/pages/profile-page.tsx',
      catalogs: [],
      budgetKb: 30,
    };
    const { run } = runReport({ routes: [loginRoute, profileRoute], routeKb: 1000, pageKb: 60 });
    expect(run).toThrow(/route profile loads [\d.]+ kB gzip \(budget 30 kB\)/);
    const roomy = runReport({
      routes: [loginRoute, { ...profileRoute, budgetKb: 100 }],
      routeKb: 40,
      pageKb: 60,
    });
    expect(roomy.run).toThrow(/route login loads [\d.]+ kB gzip \(budget 40 kB\)/);
    expect(roomy.run).not.toThrow(/route profile/);
  });

  it('fails the build when a page chunk is over its own budget, but not for an on-demand library', () => {
    const { run } = runReport({ routes: [loginRoute], routeKb: 1000, pageKb: 5 });
    expect(run).toThrow(/page chunk assets\/profile-page\.js is [\d.]+ kB gzip \(budget 5 kB\)/);
    const lenient = runReport({ routes: [loginRoute], routeKb: 1000, pageKb: 20 });
    expect(lenient.run).not.toThrow();
  });

  it('fails when the budgeted page is not in the build (a renamed page must not pass silently)', () => {
    const { run } = runReport({
      routes: [{ ...loginRoute, page: 'src/features/session/pages/renamed.tsx' }],
      routeKb: 1000,
      pageKb: 60,
    });
    expect(run).toThrow(/route login: no chunk/);
  });

  it('counts the lazily loaded layouts a route shows its page in, with their imports', () => {
    const profileRoute = {
      name: 'profile',
      page: 'src/features/profile/pages/profile-page.tsx',
      layouts: ['src/app/layouts/authenticated-layout.tsx'],
      catalogs: [],
    };
    const { run, dir, bundle } = runReport({ routes: [profileRoute], routeKb: 1000, pageKb: 60 });
    run();
    const expected = [
      'assets/index.js',
      'assets/vendor.js',
      'assets/profile-page.js',
      'assets/authenticated-layout.js',
      'assets/lib-menu.js',
    ].reduce((sum, file) => sum + gz(bundle[file]!.code), 0);
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'bundle-report.json'), 'utf8')) as {
      routes: { route: string; gzip: number }[];
    };
    expect(report.routes[0]).toMatchObject({ route: 'profile', gzip: expected });

    const renamed = runReport({
      routes: [{ ...profileRoute, layouts: ['src/app/layouts/renamed-layout.tsx'] }],
      routeKb: 1000,
      pageKb: 60,
    });
    expect(renamed.run).toThrow(/route profile: no chunk for src\/app\/layouts\/renamed-layout\.tsx/);
  });
});

describe('precompressed files', () => {
  it('writes .br and .gz beside each text file of the build, and leaves small and binary files alone', () => {
    const dir = tempDir();
    const script = `export const text = ${JSON.stringify('abc '.repeat(1000))};`;
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets/app-1a2b.js'), script);
    fs.writeFileSync(path.join(dir, 'assets/app-1a2b.js.map'), '{}'.padEnd(2000));
    fs.writeFileSync(path.join(dir, 'assets/logo-1a2b.png'), randomBytes(2000));
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${' '.repeat(1000)}`);
    fs.writeFileSync(path.join(dir, 'tiny.svg'), '<svg/>');
    const plugin = precompress();
    const bundle = { 'assets/app-1a2b.js': {}, 'assets/app-1a2b.js.map': {}, 'assets/logo-1a2b.png': {} };
    (plugin.writeBundle as unknown as (this: unknown, o: unknown, b: unknown) => void).call(
      {},
      { dir },
      bundle,
    );

    const js = path.join(dir, 'assets/app-1a2b.js');
    expect(brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(fs.statSync(`${js}.br`).size).toBeLessThan(script.length / 10);
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'index.html.gz'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets/app-1a2b.js.map.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'assets/logo-1a2b.png.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'tiny.svg.br'))).toBe(false);
  });
});

describe('first screen preload hints', () => {
  it('preloads the login page, the chunks and styles it adds to the entry, and its catalogs', () => {
    const plugin = preloadFirstScreen({ page: loginRoute.page, catalogs: ['pt-BR/common.json'] });
    (plugin.configResolved as unknown as (config: { base: string }) => void)({ base: '/' });
    const hook = plugin.transformIndexHtml as unknown as {
      handler: (html: string, ctx: { bundle: unknown }) => { attrs: Record<string, string> }[];
    };
    const tags = hook.handler('', { bundle: fakeBundle() });
    const hrefs = (rel: string) => tags.filter((t) => t.attrs.rel === rel).map((t) => t.attrs.href);
    expect(hrefs('modulepreload').sort()).toEqual([
      '/assets/common.js',
      '/assets/lib-form.js',
      '/assets/login-page.js',
    ]);
    expect(hrefs('preload')).toEqual(['/assets/login-page.css']);
  });

  it('preloads the lazily loaded modules it waits for (a contract and zod), found inside any chunk', () => {
    const plugin = preloadFirstScreen({
      page: loginRoute.page,
      catalogs: [],
      modules: ['packages/contracts/src/branding.ts'],
    });
    (plugin.configResolved as unknown as (config: { base: string }) => void)({ base: '/' });
    const hook = plugin.transformIndexHtml as unknown as {
      handler: (html: string, ctx: { bundle: unknown }) => { attrs: Record<string, string> }[];
    };
    const hrefs = hook.handler('', { bundle: fakeBundle() }).map((t) => t.attrs.href);
    expect(hrefs).toEqual(expect.arrayContaining(['/assets/site.js', '/assets/lib-zod.js']));
    const missing = preloadFirstScreen({ page: loginRoute.page, catalogs: [], modules: ['nowhere.ts'] });
    const missingHook = missing.transformIndexHtml as unknown as typeof hook;
    expect(() => missingHook.handler('', { bundle: fakeBundle() })).toThrow('no chunk for nowhere.ts');
  });
});

describe('stylesheets that do not block the first paint', () => {
  it('turns each entry stylesheet into a preload and a print stylesheet that main.tsx applies', () => {
    const hook = deferBootStyles().transformIndexHtml as unknown as { handler: (html: string) => string };
    const html = hook.handler(
      '<head><link rel="stylesheet" crossorigin href="/assets/vendor-1.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/index-2.css"></head>',
    );
    expect(html).toBe(
      '<head><link rel="preload" as="style" crossorigin href="/assets/vendor-1.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/vendor-1.css" media="print" data-boot-style>' +
        '<link rel="preload" as="style" crossorigin href="/assets/index-2.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/index-2.css" media="print" data-boot-style></head>',
    );
  });
});
