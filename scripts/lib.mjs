// Shared steps of `npm start` and `npm test`: install what is missing, build what is stale.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

/** The oldest Node.js major Kerf runs on (package.json "engines"); 24 LTS is recommended. */
export const MINIMUM_NODE_MAJOR = 22;

/** Why this Node.js cannot run Kerf, in one line, or null when it can. */
export function nodeVersionProblem(version = process.versions.node) {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major >= MINIMUM_NODE_MAJOR) return null;
  return `Kerf needs Node.js ${MINIMUM_NODE_MAJOR} or newer (24 LTS recommended); this is Node.js ${version.replace(/^v?/, 'v')}.`;
}

/** Where an older machine's `npm start` / `npm test` keep the registry's Node.js 24 (as `.ci/run` does). */
const NODE_24_DIR = join(process.env.HOME || '/tmp', '.cache', 'kerf-node-24');

/**
 * On a Node.js older than MINIMUM_NODE_MAJOR: says so in one line, then — unless KERF_FETCH_NODE=0 —
 * runs this same script on the registry's Node.js 24 (the `node` package ships the binary), fetched
 * once into ~/.cache/kerf-node-24, and ends with its exit code. Without it the process ends there.
 * Returns only on a Node.js that can run Kerf.
 */
export async function requireNode() {
  const problem = nodeVersionProblem();
  if (!problem) return;
  if (process.env.KERF_FETCH_NODE === '0') {
    console.error(problem);
    process.exit(1);
  }
  console.error(
    `${problem} Running on Node.js 24 from the npm registry (${NODE_24_DIR}); KERF_FETCH_NODE=0 refuses instead.`,
  );
  const bin = join(NODE_24_DIR, 'node_modules', '.bin');
  const node = join(bin, 'node');
  if (!existsSync(node)) {
    const installed = run('npm', [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--prefix',
      NODE_24_DIR,
      'node@24',
    ]);
    if (installed !== 0 || !existsSync(node)) {
      console.error('Node.js 24 could not be fetched: install Node.js 22 or newer and try again.');
      process.exit(1);
    }
  }
  const child = spawn(node, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) =>
    child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))),
  );
  process.exit(code);
}

export function ensureDependencies() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm install` rather than `npm ci`: it takes the versions from the lock file too, but skips optional
  // platform binaries the registry does not serve (docs/decisions/0001-toolchain.md).
  console.log('Installing dependencies (npm install, versions from package-lock.json) …');
  if (run('npm', ['install', '--no-audit', '--no-fund']) !== 0) process.exit(1);
}

function newestFile(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestFile(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the web app when dist/ is missing or older than any source of the web app or the contracts. */
export function ensureWebBuild() {
  const index = join(ROOT, 'apps/web/dist/index.html');
  const sources = Math.max(
    newestFile(join(ROOT, 'apps/web')),
    newestFile(join(ROOT, 'packages/contracts/src')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('Building the web app …');
  if (run('npm', ['run', 'build', '-w', '@kerf/web']) !== 0) process.exit(1);
}
