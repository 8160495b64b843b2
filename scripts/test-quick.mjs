// `npm run test:quick`: the inner loop. Unit and module tests on PGlite, without the browser
// journeys, the second run on PostgreSQL, the tests that start the server as a process of its own,
// a few slow files and the sweeps of `npm run test:deep` (QUICK_EXCLUDES in scripts/test-phases.mjs).
// `npm test` runs everything a change can break; CI runs both.
import { ensureDependencies, ensureWebBuild, requireNode, run } from './lib.mjs';
import { QUICK_EXCLUDES } from './test-phases.mjs';

await requireNode();
ensureDependencies();
// the server's static-serving tests serve the built web app
ensureWebBuild();

const started = Date.now();
// three files at a time on two cores: the module tests wait on sockets and timers a good part of the
// time (2.8 min instead of 3.2 on an idle two-core machine); `npm test` keeps two, steadier under load
const status = run('npx', ['vitest', 'run', '--maxWorkers=3', ...QUICK_EXCLUDES, ...process.argv.slice(2)]);
console.log(`test:quick took ${((Date.now() - started) / 60_000).toFixed(1)} min`);
process.exit(status);
