import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  argument,
  createBenchDatabase,
  freePort,
  memorySlope,
  printResult,
  REPO_ROOT,
  sleep,
} from './common';

/**
 * bench/memory (issue 10): the resident size of `npm start` (scripts/start.mjs, the server in its
 * own process) idle, then while 50 simulated machines (the demo simulator, every status, knife
 * swaps and outages) work against it, sampled every few seconds. "Flat" means no growth trend:
 * the least-squares slope of the server's RSS after the first minute of load stays under
 * 1 MB per minute.
 *   npm run memory -w @kerf/bench -- --db pglite|postgres --idle 60 --seconds 300 --machines 50
 */
const kind = argument('db', 'pglite') as 'pglite' | 'postgres';
const idleSeconds = Number(argument('idle', '60'));
const loadSeconds = Number(argument('seconds', '300'));
const machines = Number(argument('machines', '50'));
const every = Number(argument('every', '5'));
const settle = Math.min(60, loadSeconds / 5);

const port = await freePort();
const mqttPort = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'kerf-memory-'));
const scratch = kind === 'postgres' ? await createBenchDatabase() : null;
const databaseUrl = scratch?.url;
const dropDatabase = async () => scratch?.drop();

const env = {
  ...process.env,
  PORT: String(port),
  MQTT_PORT: String(mqttPort),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DEMO: '1',
  // The demo's weeks of history are a one-off on first start, not the steady state measured here.
  DEMO_HISTORY_DAYS: argument('history-days', '0'),
  DEMO_MACHINES: '0',
  // The server reports its JS heap, external and WebAssembly memory (bench/src/memory-probe.mjs).
  NODE_OPTIONS:
    `${process.env.NODE_OPTIONS ?? ''} --import ${join(REPO_ROOT, 'bench/src/memory-probe.mjs')}`.trim(),
  KERF_MEMORY_PROBE_FILE: join(dataDir, 'memory.jsonl'),
  KERF_MEMORY_PROBE_SECONDS: String(every),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, JWT_SECRET: randomBytes(32).toString('hex') } : {}),
};
// Its output goes to a file (shown when something fails): with DEMO_MACHINES=0 the demo simulator
// of `npm start` has nothing to drive and says so.
const logFile = join(dataDir, 'start.log');
const log = openSync(logFile, 'a');
const start = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: REPO_ROOT,
  env,
  stdio: ['ignore', log, log],
});
let simulator: ChildProcess | null = null;

/** The server's pid: the child of scripts/start.mjs that runs apps/server/src/server.ts. */
function serverPid(): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const ppid = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      if (ppid === start.pid && cmdline.includes('apps/server/src/server.ts')) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

type ProbeSample = {
  at: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  wasm: number;
};
function readProbe(file: string): ProbeSample[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ProbeSample);
  } catch {
    return [];
  }
}

async function stop() {
  simulator?.kill('SIGTERM');
  start.kill('SIGTERM');
  await new Promise((resolve) => start.once('exit', resolve));
  await dropDatabase();
}

try {
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 500) {
    const ready = await fetch(`${base}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (waited > 180_000) throw new Error('the server did not get ready in 3 minutes');
    await sleep(500);
  }
  const pid = serverPid();
  if (!pid) throw new Error('no server process found under scripts/start.mjs');

  const sample = async (seconds: number) => {
    const samples: { t: number; mb: number }[] = [];
    const begin = performance.now();
    while (performance.now() - begin < seconds * 1000) {
      samples.push({ t: (performance.now() - begin) / 1000, mb: rssMb(pid) });
      await sleep(every * 1000);
    }
    return samples;
  };
  const idle = await sample(idleSeconds);
  const loadStartedAt = Date.now();

  simulator = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/edge/src/cli.ts',
      'simulate',
      '--demo',
      '--machines',
      String(machines),
      '--server',
      base,
      '--outbox',
      join(dataDir, 'edge'),
      '--report',
      '0',
    ],
    { cwd: REPO_ROOT, env, stdio: ['ignore', log, log] },
  );
  const load = await sample(loadSeconds);

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  /** Least-squares slope in MB per second of samples taken after the first minute of load. */
  const slopeOf = (points: { t: number; mb: number }[]) => memorySlope(points, settle);
  const slope = slopeOf(load);
  const round1 = (value: number) => Math.round(value * 10) / 10;
  // The server's own split of its memory (memory-probe.mjs): which part grows.
  const probe = readProbe(join(dataDir, 'memory.jsonl'));
  const parts = ['heapUsed', 'heapTotal', 'external', 'arrayBuffers', 'wasm'] as const;
  const split = Object.fromEntries(
    parts.map((part) => {
      const points = probe
        .filter((s) => s.at >= loadStartedAt)
        .map((s) => ({ t: (s.at - loadStartedAt) / 1000, mb: s[part] }));
      const idlePoints = probe.filter((s) => s.at < loadStartedAt);
      return [
        part,
        {
          idleMb: round1(median(idlePoints.map((s) => s[part]))),
          endMb: round1(points.at(-1)?.mb ?? 0),
          slopeMbPerMinute: points.length > 2 ? round1(slopeOf(points) * 60) : null,
        },
      ];
    }),
  );
  const rest = probe
    .filter((s) => s.at >= loadStartedAt)
    .map((s) => ({ t: (s.at - loadStartedAt) / 1000, mb: s.rss - s.heapTotal - s.external }));
  console.error(
    `bench/memory on ${kind}: RSS slope ${round1(slope * 60)} MB/min after the first ${settle} s`,
  );
  for (const [part, figures] of Object.entries(split)) {
    console.error(
      `  ${part.padEnd(12)} idle ${figures.idleMb} MB, end ${figures.endMb} MB, slope ${figures.slopeMbPerMinute} MB/min`,
    );
  }
  printResult({
    bench: 'memory',
    database: kind,
    machines,
    idleSeconds,
    loadSeconds,
    idleRssMb: round1(median(idle.map((s) => s.mb))),
    loadRssMb: round1(median(load.map((s) => s.mb))),
    loadRssMaxMb: round1(Math.max(...load.map((s) => s.mb))),
    slopeMbPerMinute: round1(slope * 60),
    split,
    // RSS less JS heap and external memory (which includes ArrayBuffers and WebAssembly memory):
    // native allocations, code, stacks.
    otherSlopeMbPerMinute: rest.length > 2 ? round1(slopeOf(rest) * 60) : null,
    samples: load.map((s) => round1(s.mb)),
  });
} catch (error) {
  console.error(readFileSync(logFile, 'utf8'));
  throw error;
} finally {
  await stop();
}
process.exit(0);
