// `npm run test:deep`: the nightly-strength tier CI runs after `npm test` — the property, fuzz,
// tenant-sweep and live-view consistency tests at full strength on PGlite and PostgreSQL, the
// browser sweeps over every page (accessibility, layouts in every language and width), every
// benchmark briefly, and the chaos suite. Ends with one line `N passed, N failed`
// (scripts/test-phases.mjs, docs/decisions/0027-test-tiers.md).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, ensureWebBuild, ROOT, requireNode } from './lib.mjs';
import { createTally, DEEP_BROWSER_PROJECTS, DEEP_SERVER_TESTS, isCi } from './test-phases.mjs';

await requireNode();

const tally = createTally('.test-deep-summary.json');
ensureDependencies();
tally.startPhase();
ensureWebBuild();

/** Full strength: an explicit environment wins, so a campaign can go further (TEXT_PROPERTY_RUNS=1000). */
const strength = {
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '100',
  TEXT_PROPERTY_RUNS: process.env.TEXT_PROPERTY_RUNS ?? '400',
  KERF_CONSISTENCY_MS: process.env.KERF_CONSISTENCY_MS ?? '60000',
};

console.log('\n== Sweeps and property runs at full strength (PGlite) ==');
tally.vitest('deep pglite', ['--project', 'server', ...DEEP_SERVER_TESTS], strength);

await tally.postgres('deep postgres', DEEP_SERVER_TESTS, strength);

console.log('\n== Browser sweeps (Chromium) ==');
tally.playwright('browser sweeps', DEEP_BROWSER_PROJECTS);

console.log('\n== Bench smoke: every benchmark for a second or two (figures not judged) ==');
tally.benchSmoke();

console.log('\n== Chaos: faults during 10,000 simulated cuts (private PostgreSQL and Mosquitto) ==');
const canRunChaos =
  process.getuid?.() === 0 &&
  existsSync('/usr/lib/postgresql/15/bin/initdb') &&
  existsSync('/usr/sbin/mosquitto');
if (canRunChaos) {
  tally.vitest('chaos', ['--config', 'vitest.chaos.config.ts'], {}, join(ROOT, 'apps/server'));
} else if (isCi) {
  console.log('The chaos suite needs root, PostgreSQL 15 binaries and Mosquitto: failing.');
  tally.count('chaos', 0, 1, 0);
} else {
  console.log('Skipped: needs root (runuser), PostgreSQL 15 binaries and Mosquitto (npm run test:chaos).');
}

tally.finish();
