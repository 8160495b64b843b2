import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
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
 * bench/load (issue 17, reliability.md T-LD-01): the server in its own process, as `npm start`
 * runs it, for N minutes under everything at once — the API traffic of managers, admins and
 * operators (load-traffic.ts, open model), 50 machines cutting once a second each through MQTT
 * (generator.ts), and 50 live subscribers (live-clients.ts). Error budget: error rate ≤ 0.1 %,
 * p95 < 300 ms, ingest lag p99 < 2 s (machine publish → commit and live publish), memory flat (the
 * least-squares slope of the server's RSS after the first fifth of the run ≤ 1 MB per minute), 0
 * cuts lost. The server reports its own split of memory (memory-probe.mjs), so a moving RSS can be
 * told apart: V8 reserving heap between collections (heap.reserved), what stays live (the lowest heap
 * in use of each minute, heap.liveFloor…) and memory outside the heap (heap.external).
 *   npm run bench:load -- --db postgres|pglite --minutes 10 --rate 40 --machines 50 --subscribers 50
 */
const kind = argument('db', 'postgres') as 'pglite' | 'postgres';
const minutes = Number(argument('minutes', '10'));
const rate = Number(argument('rate', '40'));
const machines = Number(argument('machines', '50'));
const subscribers = Number(argument('subscribers', '50'));
const cutsPerSecond = Number(argument('cuts-per-second', '1'));
const seconds = Math.round(minutes * 60);

const port = await freePort();
const mqttPort = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'kerf-load-'));
const scratch = kind === 'postgres' ? await createBenchDatabase() : null;
const databaseUrl = scratch?.url;
const dropDatabase = async () => scratch?.drop();

const logFile = join(dataDir, 'server.log');
const log = openSync(logFile, 'a');
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: REPO_ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    MQTT_PORT: String(mqttPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO: '1',
    // the demo's weeks of history are a one-off on first start, not the steady state measured here
    DEMO_HISTORY_DAYS: '0',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // The server reports its own split of memory (bench/src/memory-probe.mjs): what moves the RSS.
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ''} --import ${join(REPO_ROOT, 'bench/src/memory-probe.mjs')}`.trim(),
    KERF_MEMORY_PROBE_FILE: join(dataDir, 'memory.jsonl'),
  },
  stdio: ['ignore', log, log],
});
const rssMb = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const base = `http://127.0.0.1:${port}`;
async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const signIn = async (username: string) =>
  (
    await call<{ bearerToken: string }>('POST', '/api/auth/auth/login', null, {
      tenant: 'demo',
      username,
      password: 'Kerf-demo-2026',
    })
  ).bearerToken;

function child<T>(script: string, input: unknown, onReady?: () => void): Promise<T> {
  const process = fork(new URL(script, import.meta.url).pathname, [JSON.stringify(input)], {
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((resolve, reject) => {
    process.on('message', (message: { ready?: unknown; done?: T }) => {
      if (message.ready !== undefined) onReady?.();
      if (message.done) resolve(message.done);
    });
    process.on('exit', (code) => {
      if (code !== 0) reject(new Error(`${script} exited with ${code}`));
    });
  });
}

try {
  for (let waited = 0; ; waited += 500) {
    const ready = await fetch(`${base}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (waited > 180_000) throw new Error('the server did not get ready in 3 minutes');
    await sleep(500);
  }
  const tokens = {
    manager: await signIn('manager'),
    admin: await signIn('admin'),
    operator: await signIn('operator'),
  };
  const { agents } = await call<{
    agents: { tenantId: string; machineId: string; serial: string; username: string; password: string }[];
  }>('POST', '/api/printing-shop/demo/agents', tokens.admin, { count: machines });
  const shops = await call<{ id: string }[]>(
    'GET',
    '/api/printing-shop/printing-shops/assigned-self',
    tokens.manager,
  );
  const selectable = await call<{ machineId: string }[]>(
    'GET',
    '/api/printing-shop/cutting-machines/operator-selection-view',
    tokens.operator,
  );
  const agentMachines = new Set(agents.map((a) => a.machineId));
  // the operator works at a machine the simulated agents do not drive
  const operatorMachine = selectable.find((m) => !agentMachines.has(m.machineId)) ?? selectable[0]!;
  await call('PUT', '/api/printing-shop/users/self/current-machine', tokens.operator, {
    machineId: operatorMachine.machineId,
  });
  // the traffic alternates BREAK and RUNNING from RUNNING (already RUNNING answers 409: fine here)
  await call(
    'PUT',
    `/api/printing-shop/cutting-machines/${operatorMachine.machineId}/status`,
    tokens.operator,
    {
      value: 'RUNNING',
    },
  ).catch(() => {});

  const rssSamples: { t: number; mb: number }[] = [];
  let startedAt = 0;
  let loadStartedAtMs = 0;
  const live = child<Record<string, number | null>>(
    './live-clients.ts',
    {
      url: base,
      token: tokens.operator,
      machineIds: agents.map((a) => a.machineId),
      clients: subscribers,
      seconds,
    },
    () => {
      startedAt = performance.now();
      loadStartedAtMs = Date.now();
    },
  );
  while (startedAt === 0) await sleep(50);
  const loadAverageAtStart = loadavg()[0]!;
  const generator = child<{ stamped: number; acked: number; resent: number; pending: number }>(
    './generator.ts',
    {
      brokerUrl: `mqtt://127.0.0.1:${mqttPort}`,
      agents,
      seconds: seconds + 1,
      window: 2000,
      batchMax: 50,
      rate: cutsPerSecond,
    },
  );
  const traffic = child<Record<string, unknown> & { errorRatePercent: number; p95: number; p99: number }>(
    './load-traffic.ts',
    {
      base,
      rate,
      seconds,
      tokens,
      shopId: shops[0]!.id,
      machineIds: agents.map((a) => a.machineId),
      operatorMachineId: operatorMachine.machineId,
    },
  );
  let sampling = true;
  const sampler = (async () => {
    const every = Math.max(1, Math.min(5, seconds / 20)) * 1000;
    while (sampling) {
      rssSamples.push({ t: (performance.now() - startedAt) / 1000, mb: rssMb() });
      await sleep(every);
    }
  })();
  const [apiResult, liveResult, generated] = await Promise.all([traffic, live, generator]);
  sampling = false;
  await sampler;

  /** least-squares slope (MB per second) of the samples after the first fifth of the run */
  const slopeOf = (samples: { t: number; mb: number }[]) => memorySlope(samples, seconds / 5);
  const slope = slopeOf(rssSamples);
  const round1 = (value: number) => Math.round(value * 10) / 10;
  // The server's split: V8's heap in use and reserved, and memory outside it. The heap in use saw
  // tooth between collections, so what stays live is its lowest value of each minute.
  const probe = readFileSync(join(dataDir, 'memory.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<'at' | 'heapUsed' | 'heapTotal' | 'external', number>)
    .map((s) => ({ ...s, t: (s.at - loadStartedAtMs) / 1000 }))
    .filter((s) => s.t >= 0);
  const part = (key: 'heapUsed' | 'heapTotal' | 'external') => {
    const samples = probe.map((s) => ({ t: s.t, mb: s[key] }));
    return {
      startMb: round1(samples[0]?.mb ?? 0),
      endMb: round1(samples.at(-1)?.mb ?? 0),
      maxMb: round1(Math.max(...samples.map((s) => s.mb))),
      slopeMbPerMinute: round1(slopeOf(samples) * 60),
    };
  };
  const minutesOfRun = Math.floor(seconds / 60);
  const liveHeapFloor = Array.from({ length: minutesOfRun }, (_, minute) => {
    const inMinute = probe.filter((s) => s.t >= minute * 60 && s.t < (minute + 1) * 60);
    return { t: minute * 60 + 30, mb: Math.min(...inMinute.map((s) => s.heapUsed)) };
  }).filter((s) => Number.isFinite(s.mb));
  const result = {
    bench: 'load',
    database: kind,
    minutes,
    apiRate: rate,
    machines,
    cutsPerSecond: machines * cutsPerSecond,
    subscribers,
    api: apiResult,
    errorRatePercent: apiResult.errorRatePercent,
    p95: apiResult.p95,
    ingestLagP99: liveResult.toCommitP99,
    live: liveResult,
    cuts: { ...generated, lost: generated.stamped - generated.acked },
    rssStartMb: round1(rssSamples[0]?.mb ?? 0),
    rssEndMb: round1(rssSamples.at(-1)?.mb ?? 0),
    rssMaxMb: round1(Math.max(...rssSamples.map((s) => s.mb))),
    rssSlopeMbPerMinute: round1(slope * 60),
    heap: {
      used: part('heapUsed'),
      reserved: part('heapTotal'),
      external: part('external'),
      liveFloorPerMinuteMb: liveHeapFloor.map((s) => round1(s.mb)),
      liveFloorSlopeMbPerMinute: round1(slopeOf(liveHeapFloor) * 60),
    },
    loadAverage: { start: round1(loadAverageAtStart), end: round1(loadavg()[0]!) },
  };
  printResult(result);
  console.error(
    `LOAD ${minutes} min on ${kind}: ${apiResult.requests} API requests at ${rate}/s, error rate ${apiResult.errorRatePercent} %, ` +
      `p95 ${apiResult.p95} ms, p99 ${apiResult.p99} ms; ${generated.stamped} cuts from ${machines} machines, ` +
      `${result.cuts.lost} lost; ingest lag p99 ${liveResult.toCommitP99} ms; ${subscribers} live subscribers, ` +
      `${liveResult.frames} frames; RSS ${result.rssStartMb} → ${result.rssEndMb} MB, slope ${result.rssSlopeMbPerMinute} MB/min ` +
      `(V8 heap reserved ${result.heap.reserved.slopeMbPerMinute} MB/min, live floor ${result.heap.liveFloorSlopeMbPerMinute} MB/min); ` +
      `load average ${result.loadAverage.start} → ${result.loadAverage.end}`,
  );
} catch (error) {
  console.error(readFileSync(logFile, 'utf8').slice(-4000));
  throw error;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await dropDatabase();
}
process.exit(0);
