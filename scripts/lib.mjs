// Shared steps of `npm start` and `npm test`: install what is missing, build what is stale.
import { spawnSync } from 'node:child_process';
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

/** Ends the process with one clear line on a Node.js older than MINIMUM_NODE_MAJOR. */
export function requireNode() {
  const problem = nodeVersionProblem();
  if (!problem) return;
  console.error(problem);
  process.exit(1);
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
