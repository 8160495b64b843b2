// `npm test`: the whole suite — unit and integration tests on PGlite, the server suite again on
// PostgreSQL, then the browser journeys in Chromium — ending with one line `N passed, N failed`.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDependencies, ensureWebBuild, ROOT, requireNode, run } from './lib.mjs';

await requireNode();

const isCi = Boolean(process.env.CI);
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const reports = mkdtempSync(join(tmpdir(), 'kerf-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const phases = [];

let phaseStarted = Date.now();
function count(name, passed, failed, skipped) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  const minutes = ((Date.now() - phaseStarted) / 60_000).toFixed(1);
  phaseStarted = Date.now();
  phases.push(
    `${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} (${minutes} min)`,
  );
}

/** The busiest processes before a phase: a process left over by the one before slows the next. */
function busiestProcesses() {
  if (process.platform !== 'linux') return;
  // top's second sample: the CPU of the last second (ps shows each process's lifetime average)
  run('sh', ['-c', "top -b -n 2 -d 1 -o %CPU -w 160 | awk '/^top -/{i++} i==2' | sed -n '3p;7,14p'"]);
}

function vitest(name, args, env = {}, cwd = ROOT) {
  const output = join(reports, `${name}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`, ...args],
    { cwd, env: { ...process.env, ...env } },
  );
  if (!existsSync(output)) {
    count(name, 0, 1, 0);
    return;
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const suiteErrors = report.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
  count(
    name,
    report.numPassedTests,
    report.numFailedTests +
      suiteErrors +
      (status !== 0 && report.numFailedTests === 0 && suiteErrors === 0 ? 1 : 0),
    report.numPendingTests + report.numTodoTests,
  );
}

/**
 * `npm run bench -- --smoke`: each benchmark runs briefly on PGlite so that none rots; one passed
 * test per benchmark that ran and produced its figures. The targets are judged from full runs
 * (docs/performance.md), never here.
 */
function benchSmoke() {
  const output = join(reports, 'bench-smoke.json');
  const status = run('npx', ['tsx', 'bench/src/all.ts', '--smoke', '--out', output]);
  if (!existsSync(output)) {
    count('bench smoke', 0, 1, 0);
    return;
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const failed = report.failures.length + (status !== 0 && report.failures.length === 0 ? 1 : 0);
  count('bench smoke', report.results.length, failed, 0);
}

function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function playwright() {
  const output = join(reports, 'e2e.json');
  const status = run(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: output },
    },
  );
  if (!existsSync(output)) {
    count('browser', 0, 1, 0);
    return;
  }
  const { stats } = JSON.parse(readFileSync(output, 'utf8'));
  const failed = stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
  count('browser', stats.expected + stats.flaky, failed, stats.skipped);
  if (stats.flaky > 0)
    phases.push(`browser: ${stats.flaky} passed only on retry (flaky: see the report above)`);
}

ensureDependencies();
phaseStarted = Date.now();
// Before the tests: the server's static-serving and `npm start` tests serve the built web app too.
ensureWebBuild();

console.log('\n== Unit and integration tests (PGlite) ==');
vitest('pglite', []);

console.log('\n== Bench smoke: every benchmark for a second or two (figures not judged) ==');
benchSmoke();

console.log(`\n== Server tests on PostgreSQL (${postgresUrl}) ==`);
if (await reachable(postgresUrl)) {
  vitest('postgres', ['--project', 'server'], { DATABASE_URL: postgresUrl });
} else if (isCi) {
  console.log('PostgreSQL is not reachable: failing, CI must test both databases.');
  count('postgres', 0, 1, 0);
} else {
  console.log('PostgreSQL is not reachable: skipped (set TEST_DATABASE_URL to test against another server).');
}

console.log('\n== Chaos: faults during 10,000 simulated cuts (private PostgreSQL and Mosquitto) ==');
const canRunChaos =
  process.getuid?.() === 0 &&
  existsSync('/usr/lib/postgresql/15/bin/initdb') &&
  existsSync('/usr/sbin/mosquitto');
if (canRunChaos) {
  vitest('chaos', ['--config', 'vitest.chaos.config.ts'], {}, join(ROOT, 'apps/server'));
} else if (isCi) {
  console.log('The chaos suite needs root, PostgreSQL 15 binaries and Mosquitto: failing.');
  count('chaos', 0, 1, 0);
} else {
  console.log('Skipped: needs root (runuser), PostgreSQL 15 binaries and Mosquitto (npm run test:chaos).');
}

console.log('\n== Browser journeys (Chromium) ==');
busiestProcesses();
phaseStarted = Date.now();
if (existsSync('/usr/bin/chromium') && existsSync(join(ROOT, 'e2e/playwright.config.ts'))) {
  playwright();
} else if (isCi) {
  console.log('Chromium or the e2e suite is missing: failing.');
  count('browser', 0, 1, 0);
} else {
  console.log('Chromium (/usr/bin/chromium) is missing: skipped (apt-get install chromium).');
}

console.log('\n== Summary ==');
for (const phase of phases) console.log(`  ${phase}`);
writeFileSync(join(ROOT, '.test-summary.json'), JSON.stringify(totals));
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 ? 1 : 0);
