import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type Rolldown } from 'vite';
import { bootAreas, defaultLanguage, errorCatalogPart, shellAreas } from '@trilha/i18n/languages';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const gzipSize = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} kB`;

/** What a route loads before it shows: the entry, the route's page chunk and the catalogs read at boot. */
interface RouteBudget {
  name: string;
  /** The page module of the route, as a path suffix. */
  page: string;
  /** Lazily loaded layout modules the route shows its page in (the app shell), as path suffixes. */
  layouts?: string[];
  /** Gzipped kB this route may load, when it differs from `routeKb`. */
  budgetKb?: number;
  /** Catalog files (`<language>/<area>.json`) loaded before the route's first render. */
  catalogs: string[];
}

export interface BudgetOptions {
  routes: RouteBudget[];
  /** Gzipped kB a route may load (entry and its static imports, page chunk and its imports, catalogs). */
  routeKb: number;
  /** Where the route sizes should get to; printed beside the budget, not enforced. */
  targetKb?: number;
  /** Gzipped kB of any one page chunk. */
  pageKb: number;
}

/** A chunk and every chunk it imports statically: what the browser must fetch before it runs. */
function staticClosure(bundle: OutputBundle, roots: OutputChunk[]): Set<OutputChunk> {
  const seen = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  roots.forEach(visit);
  return seen;
}

const slash = (file: string) => file.split(path.sep).join('/');

const chunksOf = (bundle: OutputBundle) =>
  Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');

/** The chunk of a lazily loaded page module, found by a suffix of its path. */
const pageChunk = (chunks: OutputChunk[], page: string) =>
  chunks.find((chunk) => chunk.isDynamicEntry && slash(chunk.facadeModuleId ?? '').endsWith(page));

/** A catalog module: `<area>.json`, or a part of one (`errors.json?part=first`). */
const isCatalog = (id: string | null | undefined) => /\.json(\?part=\w+)?$/.test(id ?? '');

/** The chunks of catalog files, each named `<language>/<area>.json` (or `<language>/errors.json?part=first`). */
const catalogChunks = (chunks: OutputChunk[], files: string[]) =>
  chunks.filter((chunk) =>
    files.some((file) => slash(chunk.facadeModuleId ?? '').endsWith(`/locales/${file}`)),
  );

/**
 * Prints the gzipped size of every JavaScript chunk after a build, grouped as entry, shared (vendor and
 * common code), page and catalog chunks, then what each budgeted route loads; writes the same numbers to
 * bundle-report.json in the output folder and fails the build when a route or a page is over budget.
 */
export function chunkSizeReport(budget: BudgetOptions): Plugin {
  return {
    name: 'trilha-chunk-size-report',
    apply: 'build',
    generateBundle(options, bundle) {
      const order = ['entry', 'shared', 'page', 'catalog'];
      const chunks = chunksOf(bundle);
      const sizes = new Map(chunks.map((chunk) => [chunk, gzipSize(chunk.code)]));
      const kindOf = (chunk: OutputChunk) =>
        chunk.isEntry
          ? 'entry'
          : isCatalog(chunk.facadeModuleId)
            ? 'catalog'
            : chunk.isDynamicEntry
              ? 'page'
              : 'shared';
      const rows = chunks
        .map((chunk) => ({
          file: chunk.fileName,
          kind: kindOf(chunk),
          bytes: Buffer.byteLength(chunk.code),
          gzip: sizes.get(chunk)!,
        }))
        .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || b.gzip - a.gzip);
      const lines = rows.map((r) => `  ${r.kind.padEnd(8)} ${kb(r.gzip)} gzip ${kb(r.bytes)} raw  ${r.file}`);

      const entries = chunks.filter((chunk) => chunk.isEntry);
      const initial = staticClosure(bundle, entries);
      const sum = (set: Iterable<OutputChunk>) => [...set].reduce((total, c) => total + sizes.get(c)!, 0);
      const problems: string[] = [];
      const routes = budget.routes.map((route) => {
        const page = pageChunk(chunks, route.page);
        const layouts = (route.layouts ?? []).map((layout) => ({ layout, chunk: pageChunk(chunks, layout) }));
        const missing = [
          ...(page ? [] : [route.page]),
          ...layouts.filter((l) => !l.chunk).map((l) => l.layout),
        ];
        if (!page || missing.length > 0) {
          problems.push(`route ${route.name}: no chunk for ${missing.join(', ')}`);
          return { route: route.name, gzip: 0, limit: 0, files: [] as string[] };
        }
        const loaded = new Set([
          ...staticClosure(bundle, [...entries, page, ...layouts.map((l) => l.chunk!)]),
          ...catalogChunks(chunks, route.catalogs),
        ]);
        const gzip = sum(loaded);
        const limit = route.budgetKb ?? budget.routeKb;
        if (gzip > limit * 1024) {
          problems.push(`route ${route.name} loads ${kb(gzip).trim()} gzip (budget ${limit} kB)`);
        }
        return { route: route.name, gzip, limit, files: [...loaded].map((c) => c.fileName).sort() };
      });
      // Libraries a page loads on demand (the PDF viewer, the HLS and SCORM players) are not page chunks.
      const pages = chunks
        .filter((chunk) => kindOf(chunk) === 'page' && !chunk.facadeModuleId?.includes('node_modules'))
        .map((chunk) => ({ file: chunk.fileName, gzip: sizes.get(chunk)! }));
      for (const page of pages) {
        if (page.gzip > budget.pageKb * 1024) {
          problems.push(
            `page chunk ${page.file} is ${kb(page.gzip).trim()} gzip (budget ${budget.pageKb} kB)`,
          );
        }
      }

      const summary = [
        `  entry + static imports: ${kb(sum(initial)).trim()} gzip`,
        ...routes.map(
          (r) =>
            `  route ${r.route}: ${kb(r.gzip).trim()} gzip (budget ${r.limit} kB` +
            `${budget.targetKb ? `, target ${budget.targetKb} kB` : ''})`,
        ),
      ];
      this.info(`gzipped chunk sizes:\n${lines.join('\n')}\n${summary.join('\n')}`);
      if (options.dir) {
        writeFileSync(
          path.join(options.dir, 'bundle-report.json'),
          JSON.stringify({ budget, routes, chunks: rows }, null, 2),
        );
      }
      if (problems.length > 0) this.error(`over the size budget:\n  ${problems.join('\n  ')}`);
    },
  };
}

/**
 * Preload hints for the screen most first visits open (the login screen): its page chunk with the chunks
 * it imports, its styles, the catalogs read before it shows, and the lazily loaded modules it waits for
 * before its first render (the contracts of the first API answers, with zod). Without them the browser
 * learns of these files only once the entry has run, one network round trip later (the contracts only
 * once the first call starts).
 */
export function preloadFirstScreen(options: {
  page: string;
  catalogs: string[];
  modules?: string[];
}): Plugin {
  let base = '/';
  return {
    name: 'trilha-preload-first-screen',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = chunksOf(bundle);
        const page = pageChunk(chunks, options.page);
        if (!page) throw new Error(`no chunk for ${options.page}`);
        const initial = staticClosure(
          bundle,
          chunks.filter((chunk) => chunk.isEntry),
        );
        const modules = (options.modules ?? []).map((module) => {
          const chunk = chunks.find((c) => (c.moduleIds ?? []).some((id) => slash(id).endsWith(module)));
          if (!chunk) throw new Error(`no chunk for ${module}`);
          return chunk;
        });
        const scripts = [
          ...staticClosure(bundle, [page, ...modules]),
          ...catalogChunks(chunks, options.catalogs),
        ].filter((c) => !initial.has(c));
        const cssOf = (chunk: OutputChunk) => [
          ...((chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []),
        ];
        const linked = new Set([...initial].flatMap(cssOf));
        const styles = [...staticClosure(bundle, [page])].flatMap(cssOf).filter((file) => !linked.has(file));
        return [
          ...scripts.map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${chunk.fileName}` },
            injectTo: 'head' as const,
          })),
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: '', href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

const errorPartQuery = /[\\/]locales[\\/][^\\/]+[\\/]errors\.json\?part=(first|later)$/;

/**
 * `errors.json?part=first` and `errors.json?part=later`: each language's `errors` catalog split in two by
 * code prefix (`errorCatalogPart()` in packages/i18n), so the first screens load only the codes they can
 * show and the other areas' codes (about half of the file) load after the first render
 * (`apps/web/src/lib/i18n.ts`). The files stay whole, so a code added by anyone lands in one of the parts.
 */
export function splitErrorCatalogs(): Plugin {
  return {
    name: 'trilha-split-error-catalogs',
    enforce: 'pre',
    load(id) {
      const match = errorPartQuery.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const part = errorCatalogPart(catalog, match[1] as 'first' | 'later');
      // A module like the one Vite makes of a JSON file; parsing a string is faster than an object literal.
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`,
        moduleType: 'js',
      };
    },
  };
}

/**
 * The entry's stylesheets (Mantine's and the app's) no longer block the first paint: each `<link>` is
 * written with `media="print"` (fetched without blocking rendering) and `data-boot-style`, after a
 * `preload` hint that fetches it at high priority, and `src/main.tsx` switches them to every medium once
 * loaded, before the app's first render. The splash (styled inline in index.html) paints as soon as the
 * page arrives; the app never shows unstyled; the order of the stylesheets in the document stays as built.
 */
export function deferBootStyles(): Plugin {
  return {
    name: 'trilha-defer-boot-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g,
          (_tag, href: string) =>
            `<link rel="preload" as="style" crossorigin href="${href}">` +
            `<link rel="stylesheet" crossorigin href="${href}" media="print" data-boot-style>`,
        );
      },
    },
  };
}

/** Text files worth compressing; images and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|wasm)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible output file, at the highest levels, so the
 * server sends them as they are (`@fastify/static` with `preCompressed`) instead of compressing per request.
 */
export function precompress(): Plugin {
  return {
    name: 'trilha-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      if (!options.dir) return;
      const dir = options.dir;
      const files = [...Object.keys(bundle), 'index.html', ...readdirSync(dir)];
      for (const file of new Set(files)) {
        const full = path.join(dir, file);
        if (!compressible.test(file) || !existsSync(full) || !statSync(full).isFile()) continue;
        const data = readFileSync(full);
        if (data.length < 512) continue;
        writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${full}.br`,
          brotliCompressSync(data, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
      }
    },
  };
}

const loginPage = 'src/features/session/pages/login-page.tsx';
/** The catalog files a first screen reads: of `errors`, only the part of the first screens. */
const catalogFiles = (list: readonly string[]) =>
  list.map((area) => `${defaultLanguage}/${area}.json${area === 'errors' ? '?part=first' : ''}`);

/**
 * Gzipped kB the login and home routes may load before they show: 150 kB each, home counted with the app
 * shell and the home page around it (today login 131 kB, home 146 kB; docs/performance.md).
 */
const ROUTE_BUDGET_KB = 150;

/**
 * Libraries that change together and that every screen runs go to one long-lived chunk. Only those: a group
 * takes every module it matches, used or not, so grouping Mantine or zod would put the whole library on the
 * login screen; everything else is split by where it is used.
 */
/**
 * The app is written against React's API and runs on Preact's compatibility layer (about 11 kB gzipped
 * instead of React DOM's 61 kB): every import of react, react-dom and their entry points resolves to it.
 */
const reactAliases = [
  { find: /^react$/, replacement: path.join(import.meta.dirname, 'src/react-compat/react.js') },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];

const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](preact)[\\/]/ },
  { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial' as const] },
  {
    name: 'lib',
    test: /node_modules[\\/]/,
    entriesAware: true,
    entriesAwareMergeThreshold: 0,
  },
];

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, '');
  const apiTarget = env.API_PROXY_TARGET || 'http://localhost:3000';
  return {
    root: import.meta.dirname,
    // The unit tests (Vitest, jsdom) render with React itself: Testing Library drives React DOM's own
    // test hooks (act) and synthetic events. The browser journeys run the built app, on Preact.
    resolve: { alias: mode === 'test' ? [] : reactAliases },
    plugins: [
      react(),
      splitErrorCatalogs(),
      chunkSizeReport({
        routes: [
          {
            name: 'login',
            page: loginPage,
            catalogs: catalogFiles(bootAreas),
          },
          {
            // The home screen shows with the areas of the shell and home; the rest follow (src/main.tsx).
            name: 'home',
            page: 'src/app/routes/home.route.tsx',
            layouts: ['src/app/layouts/authenticated-layout.tsx'],
            catalogs: catalogFiles(shellAreas),
          },
        ],
        routeKb: ROUTE_BUDGET_KB,
        pageKb: 60,
      }),
      preloadFirstScreen({
        page: loginPage,
        catalogs: catalogFiles(bootAreas),
        // The contracts of the login configuration and the session, checked before the first screen shows.
        modules: ['packages/contracts/src/site.ts', 'packages/contracts/src/session.ts'],
      }),
      deferBootStyles(),
      precompress(),
    ],
    server: {
      port: 5173,
      proxy: {
        '/api': { target: apiTarget, changeOrigin: false, ws: true },
        // '^/o/' and not '/o': '/online-courses' must stay a page of the app.
        '^/o/': { target: apiTarget, changeOrigin: false },
      },
    },
    preview: { port: 4173 },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          // Library chunks shared by a set of pages are named after all of them; a short name is enough.
          chunkFileNames: (chunk) =>
            chunk.name.startsWith('lib~') ? 'assets/lib-[hash].js' : 'assets/[name]-[hash].js',
          codeSplitting: {
            groups: vendorGroups.map((group, index) => ({ ...group, priority: vendorGroups.length - index })),
          },
        },
      },
    },
  };
});
