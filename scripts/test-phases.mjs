// The phases `npm test` and `npm run test:deep` are made of, and the tiers that split the suite
// between them (docs/decisions/0027-test-tiers.md):
//   - `npm run test:quick`  the inner loop: unit and module tests on PGlite, nothing slow;
//   - `npm test`            everything a change can break: PGlite, PostgreSQL, the browser journeys;
//   - `npm run test:deep`   the expensive sweeps at full strength (property, fuzz, tenant sweep,
//                           live-view consistency, every page's accessibility and layout), the bench
//                           smoke and the chaos suite. CI runs `npm test`, then this.
// Each runner ends with one plain line `N passed, N failed` and writes its totals to a JSON file.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, run } from './lib.mjs';

/**
 * Server test files that are sweeps or property runs: `npm test` and `npm run test:quick` leave them
 * out, `npm run test:deep` runs them at full strength on PGlite and on PostgreSQL. Vitest filters
 * (substrings of the path).
 */
export const DEEP_SERVER_TESTS = [
  'test/security/text-fields.property.test.ts',
  'test/security/fuzz.test.ts',
  'test/security/tenant-sweep.test.ts',
  'src/modules/machines/machine-view.consistency.test.ts',
];

/** The same files as `--exclude` globs for the other tiers. */
export const DEEP_EXCLUDES = DEEP_SERVER_TESTS.flatMap((file) => ['--exclude', `**/${file}`]);

/**
 * Left out of `npm run test:quick` besides the deep tier: the tests that start the server as a process
 * of its own, and three slow files whose subject is not a module's rules — two requests at once
 * (which only PostgreSQL really runs at once), weeks of demo history, backups of a data directory.
 */
export const QUICK_EXCLUDES = [
  ...DEEP_EXCLUDES,
  ...[
    '*.process.test.ts',
    'src/modules/machines/machine-rules.concurrency.test.ts',
    'src/demo/history.test.ts',
    'src/ops/backup.test.ts',
  ].flatMap((file) => ['--exclude', `**/${file}`]),
];

/**
 * Server test files that run the embedded database whatever DATABASE_URL says: the server started
 * as a process of its own with a clean environment (`*.process.test.ts`), the embedded backup, and
 * PGlite's worker thread. The PostgreSQL phase of `npm test` leaves them out: there they would run
 * again, on PGlite, exactly as in the phase before (about six minutes of a worker's time).
 */
export const PGLITE_ONLY_EXCLUDES = [
  '*.process.test.ts',
  'src/ops/backup.test.ts',
  'src/db/pglite-thread.test.ts',
].flatMap((file) => ['--exclude', `**/${file}`]);

/** Browser sweeps (every page in every role, language and width): in `npm run test:deep`. */
export const DEEP_BROWSER_PROJECTS = ['website-screens', 'a11y'];
/** The journeys: in `npm test`. */
export const JOURNEY_BROWSER_PROJECTS = ['chromium', 'token-expiry'];

export const isCi = Boolean(process.env.CI);
export const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function createTally(summaryFile) {
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

  /** A runner's JSON report, or null after counting the phase as one failure when it wrote none. */
  function readReport(name, output) {
    if (existsSync(output)) return JSON.parse(readFileSync(output, 'utf8'));
    count(name, 0, 1, 0);
    return null;
  }

  return {
    startPhase() {
      phaseStarted = Date.now();
    },

    /** Vitest with a JSON report: a file that failed to load counts as a failure too. */
    vitest(name, args, env = {}, cwd = ROOT) {
      const output = join(reports, `${name}.json`);
      const status = run(
        'npx',
        ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`, ...args],
        { cwd, env: { ...process.env, ...env } },
      );
      const report = readReport(name, output);
      if (!report) return;
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
    },

    /**
     * `npm run bench -- --smoke`: each benchmark runs briefly on PGlite so that none rots; one passed
     * test per benchmark that ran and produced its figures. The targets are judged from full runs
     * (docs/performance.md), never here.
     */
    benchSmoke() {
      const output = join(reports, 'bench-smoke.json');
      const status = run('npx', ['tsx', 'bench/src/all.ts', '--smoke', '--out', output]);
      const report = readReport('bench smoke', output);
      if (!report) return;
      const failed = report.failures.length + (status !== 0 && report.failures.length === 0 ? 1 : 0);
      count('bench smoke', report.results.length, failed, 0);
    },

    /** Playwright over the given projects of e2e/playwright.config.ts. */
    playwright(name, projects) {
      if (!existsSync('/usr/bin/chromium')) {
        if (isCi) {
          console.log('Chromium (/usr/bin/chromium) is missing: failing.');
          count(name, 0, 1, 0);
        } else {
          console.log('Chromium (/usr/bin/chromium) is missing: skipped (apt-get install chromium).');
        }
        return;
      }
      busiestProcesses();
      phaseStarted = Date.now();
      const output = join(reports, `${name}.json`);
      const status = run(
        'npx',
        [
          'playwright',
          'test',
          '-c',
          'e2e/playwright.config.ts',
          '--reporter=list,json',
          ...projects.map((project) => `--project=${project}`),
        ],
        { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: output } },
      );
      const report = readReport(name, output);
      if (!report) return;
      const { stats } = report;
      const failed = stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
      count(name, stats.expected + stats.flaky, failed, stats.skipped);
      if (stats.flaky > 0)
        phases.push(`${name}: ${stats.flaky} passed only on retry (flaky: see the report above)`);
    },

    /** The server suite (or the given files of it) on PostgreSQL; CI fails when it is unreachable. */
    async postgres(name, args, env = {}) {
      console.log(`\n== ${name}: server tests on PostgreSQL (${postgresUrl}) ==`);
      if (await reachable(postgresUrl)) {
        this.vitest(name, ['--project', 'server', ...args], { ...env, DATABASE_URL: postgresUrl });
      } else if (isCi) {
        console.log('PostgreSQL is not reachable: failing, CI must test both databases.');
        count(name, 0, 1, 0);
      } else {
        console.log(
          'PostgreSQL is not reachable: skipped (set TEST_DATABASE_URL to test against another server).',
        );
      }
    },

    /** Ends the runner: the phases with their minutes, the totals file, one plain closing line. */
    finish() {
      console.log('\n== Summary ==');
      for (const phase of phases) console.log(`  ${phase}`);
      writeFileSync(join(ROOT, summaryFile), JSON.stringify(totals));
      console.log(
        `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
      );
      process.exit(totals.failed > 0 ? 1 : 0);
    },

    count,
  };
}

/** The busiest processes before a phase: a process left over by the one before slows the next. */
export function busiestProcesses() {
  if (process.platform !== 'linux') return;
  // top's second sample: the CPU of the last second (ps shows each process's lifetime average)
  run('sh', ['-c', "top -b -n 2 -d 1 -o %CPU -w 160 | awk '/^top -/{i++} i==2' | sed -n '3p;7,14p'"]);
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
