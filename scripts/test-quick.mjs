// `npm run test:quick`: the inner loop. Unit and module tests on PGlite, without the browser
// journeys, the second run on PostgreSQL, the tests that start the server as a process of its own
// (`*.process.test.ts`) and the sweeps of `npm run test:deep` (scripts/test-phases.mjs).
// `npm test` runs everything a change can break; CI runs both.
import { ensureDependencies, ensureWebBuild, requireNode, run } from './lib.mjs';
import { DEEP_EXCLUDES } from './test-phases.mjs';

await requireNode();
ensureDependencies();
// the server's static-serving tests serve the built web app
ensureWebBuild();

const started = Date.now();
const status = run('npx', [
  'vitest',
  'run',
  '--exclude',
  '**/*.process.test.ts',
  ...DEEP_EXCLUDES,
  ...process.argv.slice(2),
]);
console.log(`test:quick took ${((Date.now() - started) / 60_000).toFixed(1)} min`);
process.exit(status);
