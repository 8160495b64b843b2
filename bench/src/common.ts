import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { parseConfig } from '../../apps/server/src/config';
import { openDatabase, queryRows } from '../../apps/server/src/db/client';
import { seedDemo } from '../../apps/server/src/demo/index';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

export function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

/**
 * The real app in this process on PGlite (a fresh data directory) or PostgreSQL (a fresh database
 * on DATABASE_URL's server, default the local one), with the demo seed and N machines provisioned.
 */
/**
 * A scratch database of its own on the PostgreSQL at `DATABASE_URL` (the machine's by default), and
 * how to drop it again.
 */
/**
 * Niceness of the load generators (HTTP clients, WebSocket subscribers, machine agents), which on a
 * real site run on other computers: here they share the two cores with the server under test and
 * would preempt it. They still measure from their own clocks, so a delay of theirs counts against
 * the server, never for it.
 */
export const LOAD_GENERATOR_NICE = 10;

export async function createBenchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `kerf_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * `--pglite-thread worker|main`: PGlite in its worker thread, as `npm start` runs it (the default,
 * ADR 0022), or in the server's own thread, as before issue 30 (for A/B runs).
 */
export const PGLITE_THREAD = argument('pglite-thread', 'worker') as 'worker' | 'main';

export async function startBenchApp(kind: 'pglite' | 'postgres', machines: number) {
  let pglite: PGlite | null = null;
  let pgliteDir: string | null = null;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (kind === 'pglite') {
    pgliteDir = join(mkdtempSync(join(tmpdir(), 'kerf-bench-')), 'pg');
    if (PGLITE_THREAD === 'main') pglite = await PGlite.create(pgliteDir);
  } else {
    ({ url: databaseUrl, drop: dropDatabase } = await createBenchDatabase());
  }
  const database = pglite
    ? await openDatabase({ kind: 'pglite', client: pglite })
    : pgliteDir
      ? await openDatabase({ kind: 'pglite', dataDir: pgliteDir })
      : await openDatabase({ kind: 'postgres', url: databaseUrl!, poolSize: 10 });
  const config = parseConfig({
    PORT: '0',
    MQTT_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    DEMO: '1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'kerf-bench-data-')),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp(config, { database });
  await seedDemo(app.kerf);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/auth/login',
    payload: { tenant: 'demo', username: 'admin', password: 'Kerf-demo-2026' },
  });
  const token = login.json().bearerToken as string;
  const provisioned = await app.inject({
    method: 'POST',
    url: '/api/printing-shop/demo/agents',
    headers: { authorization: `Bearer ${token}` },
    payload: { count: machines },
  });
  const agents = provisioned.json().agents as {
    tenantId: string;
    machineId: string;
    serial: string;
    username: string;
    password: string;
  }[];
  const operator = await app.inject({
    method: 'POST',
    url: '/api/auth/auth/login',
    payload: { tenant: 'demo', username: 'operator', password: 'Kerf-demo-2026' },
  });
  return {
    app,
    database,
    pglite,
    pgliteDir,
    databaseUrl,
    agents,
    brokerUrl: `mqtt://127.0.0.1:${app.kerf.bus.brokerPort}`,
    operatorToken: operator.json().bearerToken as string,
    adminToken: token,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

/**
 * A bench's result: printed as JSON for a person, and handed to `npm run bench` (bench/src/all.ts)
 * when that started this bench as a child process.
 */
/**
 * Least-squares slope, in MB per second, of memory samples (`t` seconds since the load began)
 * taken from `fromSecond` on: the first part of a run is warm-up, not trend.
 */
export function memorySlope(samples: { t: number; mb: number }[], fromSecond: number): number {
  const trend = samples.filter((s) => s.t >= fromSecond);
  const n = trend.length;
  const meanT = trend.reduce((sum, s) => sum + s.t, 0) / n;
  const meanMb = trend.reduce((sum, s) => sum + s.mb, 0) / n;
  return (
    trend.reduce((sum, s) => sum + (s.t - meanT) * (s.mb - meanMb), 0) /
    Math.max(
      1e-9,
      trend.reduce((sum, s) => sum + (s.t - meanT) ** 2, 0),
    )
  );
}

export function printResult(result: Record<string, unknown>) {
  console.log(JSON.stringify(result, null, 2));
  process.send?.({ result });
}

/**
 * Raw COPY of CSV rows (tenant_id, at, machine_id, boot_id, seq, knife_rfid) into `cuts`, as the
 * database owner: the reference the write path is measured against. Answers the seconds the COPY
 * itself took (on PostgreSQL psql's own timing, so the start of psql is not counted).
 */
export async function copyCuts(
  bench: {
    pglite: PGlite | null;
    pgliteDir: string | null;
    databaseUrl: string | undefined;
    database: Awaited<ReturnType<typeof openDatabase>>;
  },
  csv: string,
): Promise<number> {
  const columns = 'cuts (tenant_id, at, machine_id, boot_id, seq, knife_rfid)';
  if (!bench.pglite && bench.pgliteDir) {
    // PGlite in its worker: the file in the data directory, which PGlite sees as its own
    const [{ dir }] = (await queryRows<{ dir: string }>(
      bench.database.db,
      sql`SELECT current_setting('data_directory') AS dir`,
    )) as [{ dir: string }];
    writeFileSync(join(bench.pgliteDir, 'bench-copy.csv'), csv);
    const start = performance.now();
    await bench.database.db.execute(
      sql.raw(`COPY ${columns} FROM '${dir}/bench-copy.csv' WITH (FORMAT csv)`),
    );
    const seconds = (performance.now() - start) / 1000;
    rmSync(join(bench.pgliteDir, 'bench-copy.csv'));
    return seconds;
  }
  if (bench.pglite) {
    const start = performance.now();
    await bench.pglite.query(`COPY ${columns} FROM '/dev/blob' WITH (FORMAT csv)`, [], {
      blob: new Blob([csv]),
    });
    return (performance.now() - start) / 1000;
  }
  const file = join(mkdtempSync(join(tmpdir(), 'kerf-copy-')), 'cuts.csv');
  writeFileSync(file, csv);
  const output = execFileSync(
    'psql',
    [
      bench.databaseUrl!,
      '-q',
      '-c',
      '\\timing on',
      '-c',
      `\\copy ${columns} FROM '${file}' WITH (FORMAT csv)`,
    ],
    { encoding: 'utf8' },
  );
  const ms = /Time: ([\d.]+) ms/.exec(output);
  if (!ms) throw new Error(`no timing from psql: ${output}`);
  return Number(ms[1]) / 1000;
}

/**
 * At least 30 locations in the demo shop (it has a handful; a typical list page holds 25), so that
 * the list bench reads a full page. Answers the first page of the list.
 */
export async function seedLocations(
  app: Awaited<ReturnType<typeof startBenchApp>>['app'],
  auth: Record<string, string>,
): Promise<{ items: [{ id: string }, ...{ id: string }[]] }> {
  for (let i = 0; ; i++) {
    const page = await app.inject({
      method: 'GET',
      url: '/api/printing-shop/printing-shops?page_size=1',
      headers: auth,
    });
    if (page.json().total >= 30) break;
    await app.inject({
      method: 'POST',
      url: '/api/printing-shop/printing-shops',
      headers: auth,
      payload: {
        name: `Zweigwerk ${i + 1}`,
        street: 'Industriestraße',
        streetNumber: String(i + 1),
        zip: '70565',
        city: 'Stuttgart',
        country: 'DE',
      },
    });
  }
  return (
    await app.inject({ method: 'GET', url: '/api/printing-shop/printing-shops', headers: auth })
  ).json();
}
