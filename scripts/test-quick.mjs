// `npm run test:quick`: the inner loop. Unit and module tests on PGlite, without the browser
// journeys, the chaos suite, the second run on PostgreSQL and the tests that start the server as a
// process of its own (`*.process.test.ts`); property, fuzz and consistency tests at a low run count.
// `npm test` runs everything at full strength.
import { ensureDependencies, ensureWebBuild, requireNode, run } from './lib.mjs';

await requireNode();
ensureDependencies();
// the server's static-serving tests serve the built web app
ensureWebBuild();

const started = Date.now();
const status = run('npx', ['vitest', 'run', '--exclude', '**/*.process.test.ts', ...process.argv.slice(2)], {
  env: {
    ...process.env,
    FUZZ_RUNS: process.env.FUZZ_RUNS ?? '20',
    TEXT_PROPERTY_RUNS: process.env.TEXT_PROPERTY_RUNS ?? '40',
    KERF_CONSISTENCY_MS: process.env.KERF_CONSISTENCY_MS ?? '5000',
  },
});
console.log(`test:quick took ${((Date.now() - started) / 60_000).toFixed(1)} min`);
process.exit(status);
