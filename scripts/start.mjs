// `npm start`: builds the web app when its build is missing or older than its sources, then starts the
// one server (API under /api, token endpoint at /o/token/, the app on every other path).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/i18n',
  'packages/contracts/src',
  'packages/domain/src',
];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules') continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
// The browser journeys build once before they start (`npm run test:e2e`) and say so with
// WEB_BUILD=skip, so a server started for them never rebuilds under another run's feet.
const stale = builtAt < sourcesAt && process.env.WEB_BUILD !== 'skip';
if (builtAt === 0 || stale || process.argv.includes('--rebuild')) {
  console.log('[trilha] building the web app…');
  const res = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
