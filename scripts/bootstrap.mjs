// Entry point of `npm start`, `npm test` and the other npm scripts that must work on a fresh clone.
// Plain JavaScript on purpose: on a fresh machine it runs under the system Node (20), installs the
// npm dependencies when they are missing or stale, then re-runs the given .ts script under the
// project's Node 24 (the `node` devDependency), which runs TypeScript by type stripping.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const node24 = join(root, 'node_modules', 'node', 'bin', 'node');
const stamp = join(root, 'node_modules', '.ows-install-stamp');

function manifestHash() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const relevant = {
    dependencies: pkg.dependencies,
    devDependencies: pkg.devDependencies,
    allowScripts: pkg.allowScripts,
  };
  return createHash('sha256').update(JSON.stringify(relevant)).digest('hex');
}

const wanted = manifestHash();
const installed = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
if (!existsSync(node24) || installed !== wanted) {
  console.error('[bootstrap] installing npm dependencies (npm install)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(node24)) {
    console.error('[bootstrap] npm install failed');
    process.exit(result.status || 1);
  }
  writeFileSync(stamp, wanted + '\n');
}

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/bootstrap.mjs <script.ts> [args...]');
  process.exit(2);
}
const bin = join(root, 'node_modules', '.bin');
const env = { ...process.env, PATH: `${bin}${process.platform === 'win32' ? ';' : ':'}${process.env.PATH ?? ''}` };
const child = spawn(node24, [join(root, script), ...args], { cwd: process.cwd(), stdio: 'inherit', env });
// The terminal delivers Ctrl-C to the whole process group; forward other signals explicitly.
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
process.on('SIGINT', () => {});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
