import { gzipSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

/**
 * Prints the gzipped size of every JavaScript chunk after a build, grouped as entry, shared (vendor and
 * common code) and route chunks, and writes the same numbers to dist/bundle-report.json.
 */
function chunkSizeReport(): Plugin {
  return {
    name: 'trilha-chunk-size-report',
    apply: 'build',
    generateBundle(options, bundle) {
      const order = ['entry', 'shared', 'page', 'catalog'];
      const rows = Object.values(bundle)
        .filter((item) => item.type === 'chunk')
        .map((chunk) => ({
          file: chunk.fileName,
          kind: chunk.isEntry
            ? 'entry'
            : chunk.facadeModuleId?.endsWith('.json')
              ? 'catalog'
              : chunk.isDynamicEntry
                ? 'page'
                : 'shared',
          bytes: Buffer.byteLength(chunk.code),
          gzip: gzipSync(chunk.code, { level: 9 }).length,
        }))
        .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || b.gzip - a.gzip);
      const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} kB`;
      const lines = rows.map((r) => `  ${r.kind.padEnd(8)} ${kb(r.gzip)} gzip ${kb(r.bytes)} raw  ${r.file}`);
      const initial = rows
        .filter((r) => r.kind === 'entry' || r.kind === 'shared')
        .reduce((sum, r) => sum + r.gzip, 0);
      this.info(`gzipped chunk sizes:\n${lines.join('\n')}\n  entry + shared: ${kb(initial).trim()} gzip`);
      if (options.dir) {
        writeFileSync(path.join(options.dir, 'bundle-report.json'), JSON.stringify(rows, null, 2));
      }
    },
  };
}

/** Libraries every screen needs go to a few long-lived chunks, so a route chunk only carries its own code. */
const vendorGroups = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  },
  {
    name: 'mantine',
    test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|clsx|tabbable|use-callback-ref|use-sidecar|get-nonce|react-style-singleton|detect-node-es|tslib)/,
  },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
  {
    name: 'data',
    test: /node_modules[\\/](@tanstack|zustand|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
  },
];

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, '');
  const apiTarget = env.API_PROXY_TARGET || 'http://localhost:3000';
  return {
    root: import.meta.dirname,
    plugins: [react(), chunkSizeReport()],
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
      reportCompressedSize: true,
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: vendorGroups.map((group, index) => ({ ...group, priority: vendorGroups.length - index })),
          },
        },
      },
    },
  };
});
