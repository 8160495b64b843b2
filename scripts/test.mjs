// `npm test`: everything a change can break — unit and integration tests on PGlite, the server suite
// again on PostgreSQL, then the browser journeys in Chromium — ending with one line
// `N passed, N failed`. The expensive sweeps, the bench smoke and the chaos suite are
// `npm run test:deep` (scripts/test-phases.mjs; CI runs both).
import { ensureDependencies, ensureWebBuild, requireNode } from './lib.mjs';
import {
  createTally,
  DEEP_EXCLUDES,
  JOURNEY_BROWSER_PROJECTS,
  PGLITE_ONLY_EXCLUDES,
} from './test-phases.mjs';

await requireNode();

const tally = createTally('.test-summary.json');
ensureDependencies();
tally.startPhase();
// Before the tests: the server's static-serving and `npm start` tests serve the built web app too.
ensureWebBuild();

console.log('\n== Unit and integration tests (PGlite) ==');
tally.vitest('pglite', DEEP_EXCLUDES);

// (the files that run the embedded database whatever the phase ran in the one before)
await tally.postgres('postgres', [...DEEP_EXCLUDES, ...PGLITE_ONLY_EXCLUDES]);

console.log('\n== Browser journeys (Chromium) ==');
tally.playwright('browser', JOURNEY_BROWSER_PROJECTS);

tally.finish();
