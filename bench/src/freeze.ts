import { execFile, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { unzipSync } from 'fflate';
import pg from 'pg';
import { argument, createBenchDatabase, freePort, printResult, REPO_ROOT, sleep } from './common';

/**
 * bench/freeze (issue 30, "never freeze"): the server in its own process, as `npm start` runs it
 * (PGlite with the demo's history, or PostgreSQL), while the heavy operations all run at once — the
 * tenant export, every CSV export of the printing shop, a year-long report of every section, the
 * invoice PDF and a backup (PostgreSQL: pg_dump; PGlite: the server's own embedded-backup job) — with `/api/health` polled every 200 ms and 5
 * machines publishing cuts through MQTT. Reports the health answer's p50/p99/max (the event loop's
 * freeze as a client sees it), cuts stamped and acked, each heavy operation's time and validity (the
 * export ZIP read back whole: every table's JSON parses and holds the manifest's count; on
 * PostgreSQL every table's count is compared with the database's), and the server's RSS growth.
 *   npm run bench:freeze -- --db pglite|postgres [--history-days 90] [--seconds 30] [--smoke]
 */
const kind = argument('db', 'pglite') as 'pglite' | 'postgres';
const smoke = process.argv.includes('--smoke');
const historyDays = Number(argument('history-days', smoke ? '2' : '90'));
const machines = Number(argument('machines', '5'));
const cutSeconds = Number(argument('seconds', smoke ? '4' : '30'));
const pollMs = 200;

const port = await freePort();
const mqttPort = await freePort();
// --data-dir: a directory kept between runs (PGlite), so the demo history is written once
const keptDataDir = argument('data-dir', '');
const dataDir = keptDataDir || mkdtempSync(join(tmpdir(), 'kerf-freeze-'));
const scratch = kind === 'postgres' ? await createBenchDatabase() : null;
const databaseUrl = scratch?.url;

const metricsToken = randomBytes(16).toString('hex');
const logFile = join(mkdtempSync(join(tmpdir(), 'kerf-freeze-log-')), 'server.log');
const log = openSync(logFile, 'a');
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: REPO_ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    MQTT_PORT: String(mqttPort),
    DATA_DIR: dataDir,
    // info: the bench waits for the log line that says the demo history is written
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    DEMO: '1',
    DEMO_HISTORY_DAYS: String(historyDays),
    JWT_SECRET: randomBytes(32).toString('hex'),
    METRICS_TOKEN: metricsToken,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  stdio: ['ignore', log, log],
});
const rssMb = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const base = `http://127.0.0.1:${port}`;

/**
 * Where the server's memory is, from its metrics (MB): the main thread's JavaScript heap, memory
 * outside it (buffers), and on PGlite the worker's WebAssembly memory and heap.
 */
interface MemoryParts {
  rssMb: number;
  mainHeapMb: number;
  externalMb: number;
  wasmMb?: number;
  workerHeapMb?: number;
}
async function memoryParts(): Promise<MemoryParts> {
  const text = await fetch(`${base}/api/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  }).then((response) => response.text());
  const value = (name: string) => {
    const found = new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1];
    return found === undefined ? undefined : round1(Number(found) / 1048576);
  };
  return {
    rssMb: round1(rssMb()),
    mainHeapMb: value('kerf_nodejs_heap_size_used_bytes') ?? 0,
    externalMb: value('kerf_nodejs_external_memory_bytes') ?? 0,
    wasmMb: value('kerf_pglite_wasm_memory_bytes'),
    workerHeapMb: value('kerf_pglite_worker_heap_used_bytes'),
  };
}
const round1 = (value: number) => Math.round(value * 10) / 10;

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

interface Heavy {
  name: string;
  ms: number;
  status: number;
  bytes: number;
  valid: boolean;
  note?: string;
}

/**
 * A heavy operation's outcome once it is checked. The checks (the export is read back whole, the
 * backup's copy opened) are synchronous work of seconds in this process: they run after the health
 * polling has stopped, so they never count as the server's latency.
 */
type Checked = () => Promise<Heavy>;

/** One heavy GET: its time to the last byte; the check of what came (whole, and what it claims) waits. */
async function heavy(
  name: string,
  path: string,
  token: string,
  check: (body: Uint8Array, type: string) => Promise<string | null> | string | null,
): Promise<Checked> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = new Uint8Array(await response.arrayBuffer());
    const ms = Math.round(performance.now() - started);
    return async () => {
      const problem =
        response.status === 200
          ? await Promise.resolve()
              .then(() => check(body, response.headers.get('content-type') ?? ''))
              .catch((error: unknown) => String(error))
          : `status ${response.status}: ${new TextDecoder().decode(body.slice(0, 300))}`;
      return {
        name,
        ms,
        status: response.status,
        bytes: body.length,
        valid: problem === null,
        note: problem ?? undefined,
      };
    };
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    return async () => ({ name, ms, status: 0, bytes: 0, valid: false, note: String(error) });
  }
}

const csvCheck = (body: Uint8Array) => {
  const text = new TextDecoder().decode(body);
  if (!text.endsWith('\n')) return 'the CSV does not end with a line break (cut short?)';
  return text.split('\n').length >= 2 ? null : 'no header line';
};

/** The export read back: every table's JSON parses and holds as many rows as the manifest says. */
/**
 * The rows of one exported table, each parsed. The export writes a JSON array with one row a line
 * (`[`, `{…},`, …, `{…}`, `]`); 90 days of cuts are more than half a gigabyte, longer than a string
 * V8 can hold, so the file is read line by line, never as one string.
 */
function jsonRows(bytes: Uint8Array): number {
  const decoder = new TextDecoder();
  let rows = 0;
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(10, start);
    if (end === -1) end = bytes.length;
    const line = decoder.decode(bytes.subarray(start, end)).trim();
    start = end + 1;
    if (line === '[' || line === ']' || line === '') continue;
    JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line);
    rows += 1;
  }
  return rows;
}

async function exportCheck(body: Uint8Array, tenantId: string): Promise<string | null> {
  const files = unzipSync(body);
  const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json']!)) as {
    rows: Record<string, number>;
  };
  for (const [table, count] of Object.entries(manifest.rows)) {
    const rows = jsonRows(files[`${table}.json`]!);
    if (rows !== count) return `${table}: ${rows} rows, the manifest says ${count}`;
  }
  if (!databaseUrl) return null;
  // PostgreSQL: each table's rows of the tenant as the database holds them (cuts and machine
  // events are written while the export runs, so those may only have grown since)
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const growing = new Set(['cuts', 'machine_events', 'machine_status_log', 'audit_log', 'notifications']);
    for (const [table, count] of Object.entries(manifest.rows)) {
      const column = table === 'tenants' ? 'id' : 'tenant_id';
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM "${table}" WHERE "${column}" = $1`,
        [tenantId],
      );
      const inDatabase = Number(rows[0]!.n);
      if (growing.has(table) ? inDatabase < count : inDatabase !== count)
        return `${table}: exported ${count}, the database holds ${inDatabase}`;
    }
  } finally {
    await client.end();
  }
  return null;
}

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

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  const readyStarted = performance.now();
  for (let waited = 0; ; waited += 500) {
    const ready = await fetch(`${base}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (waited > 1_800_000) throw new Error('the server did not get ready in 30 minutes');
    await sleep(500);
  }
  // the demo history is written in the background after the server listens: the heavy operations
  // are measured on the whole of it
  for (let waited = 0; historyDays > 0; waited += 500) {
    const text = readFileSync(logFile, 'utf8');
    if (text.includes('demo history written') || text.includes('demo history: already there')) break;
    if (text.includes('demo history failed')) throw new Error('the demo history failed');
    if (waited > 3_600_000) throw new Error('the demo history was not written in an hour');
    await sleep(500);
  }
  const seedSeconds = round1((performance.now() - readyStarted) / 1000);
  const signIn = async (username: string) =>
    (
      await call<{ bearerToken: string }>('POST', '/api/auth/auth/login', null, {
        tenant: 'demo',
        username,
        password: 'Kerf-demo-2026',
      })
    ).bearerToken;
  const admin = await signIn('admin');
  // the reports and the knife list are the manager's
  const manager = await signIn('manager');
  const { agents } = await call<{
    agents: { tenantId: string; machineId: string; serial: string; username: string; password: string }[];
  }>('POST', '/api/printing-shop/demo/agents', admin, { count: machines });
  const tenantId = agents[0]!.tenantId;
  const invoices = await call<{ id: string }[]>('GET', '/api/knife/invoices', admin).catch(() => []);

  const memoryStart = await memoryParts();
  const rssStart = rssMb();
  let rssMax = rssStart;
  let memoryAtMax = memoryStart;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const parts = await memoryParts().catch(() => null);
      if (parts && parts.rssMb >= memoryAtMax.rssMb) memoryAtMax = parts;
      await sleep(2000);
    }
  })();
  const health: number[] = [];
  /** polls that got no answer (refused, reset, or no headers in 300 s: undici gives up) */
  let healthFailed = 0;
  let polling = true;
  const poller = (async () => {
    const pending: Promise<void>[] = [];
    while (polling) {
      const sent = performance.now();
      pending.push(
        fetch(`${base}/api/health`)
          .then((response) => response.arrayBuffer())
          .then(
            () => void health.push(performance.now() - sent),
            () => {
              healthFailed += 1;
              health.push(performance.now() - sent);
            },
          ),
      );
      rssMax = Math.max(rssMax, rssMb());
      await sleep(pollMs);
    }
    await Promise.all(pending);
  })();

  let cutsStarted = false;
  const generator = child<{ stamped: number; acked: number; resent: number; pending: number }>(
    './generator.ts',
    {
      brokerUrl: `mqtt://127.0.0.1:${mqttPort}`,
      agents,
      seconds: cutSeconds,
      window: 2000,
      batchMax: 50,
      rate: 5,
    },
    () => {
      cutsStarted = true;
    },
  );
  while (!cutsStarted) await sleep(20);

  // a year to today, in the demo's time zone
  const to = new Date().toISOString();
  const from = new Date(Date.now() - 365 * 86_400_000).toISOString();
  const period = `startDate=${encodeURIComponent(from)}&endDate=${encodeURIComponent(to)}&timeZone=Europe%2FBerlin`;
  const reportPaths = [
    'employees/cuts-chart',
    'employees/cuts-per-hour-chart',
    'employees/times-chart-for-range',
    'employees/total-times',
    'cutting-machines/average-uptime',
    'cutting-machines/total-uptime',
    'cutting-machines/used-knives-count',
    'knives/cuts-total',
    'knives/knife-cycles',
  ];
  const csvPaths = [
    `/api/report/reports/employees/csv-exports?${period}&lang=GERMAN`,
    `/api/report/reports/cutting-machines/csv-exports?${period}&lang=GERMAN`,
    `/api/report/reports/knives/csv-exports?${period}&lang=GERMAN`,
    `/api/report/reports/cutting-jobs/csv-exports?${period}&lang=GERMAN`,
    '/api/knife/knives/csv-export?lang=GERMAN',
  ];
  const jsonCheck = (body: Uint8Array) => {
    JSON.parse(new TextDecoder().decode(body));
    return null;
  };
  const sysadmin = await call<{ bearerToken: string }>('POST', '/api/auth/auth/login', null, {
    tenant: 'kerf',
    username: 'sysadmin',
    password: 'Kerf-demo-2026',
  }).then((answer) => answer.bearerToken);
  /** PGlite: the running server's own backup (the embedded-backup job), opened afterwards and counted */
  const embeddedBackup = async (): Promise<Checked> => {
    const started = performance.now();
    const response = await fetch(`${base}/api/system/jobs/embedded-backup/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sysadmin}` },
    });
    const status = (await response.json()) as { outcome: string; lastMessage: string | null };
    const ms = Math.round(performance.now() - started);
    const folder = /^(kerf-\S+):/.exec(status.lastMessage ?? '')?.[1];
    if (response.status !== 200 || status.outcome !== 'succeeded' || !folder)
      return async () => ({
        name: 'backup (embedded)',
        ms,
        status: response.status,
        bytes: 0,
        valid: false,
        note: status.lastMessage ?? '',
      });
    return async () => {
      const copy = new PGlite(join(dataDir, 'backups', folder));
      try {
        const { rows } = await copy.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM cuts WHERE tenant_id = $1',
          [tenantId],
        );
        return {
          name: 'backup (embedded)',
          ms,
          status: 200,
          bytes: 0,
          valid: rows[0]!.n > 0,
          note: `${status.lastMessage}; the copy opens and holds ${rows[0]!.n} of the tenant's cuts`,
        };
      } finally {
        await copy.close();
      }
    };
  };
  const backup = async (): Promise<Checked> => {
    const started = performance.now();
    if (!databaseUrl) return embeddedBackup();
    return new Promise((resolve) => {
      execFile(
        'pg_dump',
        ['--format=custom', databaseUrl],
        { encoding: 'buffer', maxBuffer: 1 << 30 },
        (error, out) => {
          const ms = Math.round(performance.now() - started);
          resolve(async () => ({
            name: 'backup (pg_dump)',
            ms,
            status: error ? 1 : 200,
            bytes: out?.length ?? 0,
            valid: !error && out.length > 0,
            note: error ? String(error) : undefined,
          }));
        },
      );
    });
  };
  const fetched = await Promise.all([
    heavy('tenant export', '/api/tenant/export', admin, (body) => exportCheck(body, tenantId)),
    ...csvPaths.map((path) => heavy(`CSV ${path.split('?')[0]}`, path, manager, csvCheck)),
    ...reportPaths.map((path) =>
      heavy(`year report ${path}`, `/api/report/reports/${path}?${period}`, manager, jsonCheck),
    ),
    heavy(
      'year report cutting-jobs',
      `/api/report/reports/cutting-jobs?${period}&page_size=1000`,
      manager,
      jsonCheck,
    ),
    ...(invoices[0]
      ? [
          heavy('invoice PDF', `/api/knife/invoices/${invoices[0].id}/pdf`, admin, (body) =>
            new TextDecoder().decode(body.slice(0, 5)) === '%PDF-' ? null : 'not a PDF',
          ),
        ]
      : []),
    backup(),
  ]);
  const generated = await generator;
  polling = false;
  sampling = false;
  await poller;
  await sampler;
  const memoryEnd = await memoryParts();
  const operations: Heavy[] = [];
  for (const check of fetched) operations.push(await check());

  const sorted = [...health].sort((a, b) => a - b);
  const result = {
    bench: 'freeze',
    database: kind,
    historyDays,
    seedSeconds,
    machines,
    health: {
      polls: sorted.length,
      failed: healthFailed,
      p50: round1(percentile(sorted, 50)),
      p99: round1(percentile(sorted, 99)),
      max: round1(sorted.at(-1) ?? 0),
    },
    cuts: { ...generated, lost: generated.stamped - generated.acked },
    operations,
    allValid: operations.every((operation) => operation.valid),
    slowestOperationMs: Math.max(...operations.map((operation) => operation.ms)),
    rssStartMb: round1(rssStart),
    rssMaxMb: round1(rssMax),
    rssGrowthMb: round1(rssMax - rssStart),
    memory: { start: memoryStart, atMax: memoryAtMax, end: memoryEnd },
  };
  printResult(result);
  console.error(
    `FREEZE on ${kind} (${historyDays} days of history): /api/health p50 ${result.health.p50} ms, p99 ${result.health.p99} ms, ` +
      `max ${result.health.max} ms over ${result.health.polls} polls; cuts ${generated.acked}/${generated.stamped} acked; ` +
      `${operations.length} heavy operations, slowest ${result.slowestOperationMs} ms, all valid: ${result.allValid}; ` +
      `RSS ${result.rssStartMb} → max ${result.rssMaxMb} MB (+${result.rssGrowthMb})`,
  );
} catch (error) {
  console.error(readFileSync(logFile, 'utf8').slice(-4000));
  throw error;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await scratch?.drop();
}
process.exit(0);
