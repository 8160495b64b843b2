import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { randomSource } from '../../apps/edge/src/simulation';
import { openDatabase } from '../../apps/server/src/db/client';
import { createTransactions } from '../../apps/server/src/db/transactions';
import { SYSTEM_ACTOR } from '../../apps/server/src/demo/index';
import { seedTenant } from '../../apps/server/src/modules/auth/auth.seed';
import { createMachineCredentialsService } from '../../apps/server/src/modules/machines/machine-credentials.service';
import { insertMachine } from '../../apps/server/src/modules/machines/machines.seed';
import { insertLocation } from '../../apps/server/src/modules/printing-shop/locations.repository';
import {
  argument,
  createBenchDatabase,
  freePort,
  LOAD_GENERATOR_NICE,
  printResult,
  REPO_ROOT,
  sleep,
} from './common';

/**
 * A fleet of machines against several Kerf instances on one PostgreSQL and one Mosquitto
 * (issue 35, docs/operations/scale-out.md "A fleet of 10,000 machines"):
 *
 *   npm run bench:fleet -- --machines 10000 --minutes 10 [--instances 3] [--subscribers 200]
 *
 * - PostgreSQL: a fresh database on DATABASE_URL's server (default the local one). Mosquitto: a
 *   private one on a free port, configured as docs/operations/scale-out.md asks (nothing dropped
 *   for a slow subscriber), or `--mqtt-url`.
 * - Kerf: `--instances` server processes, as in production (`apps/server/src/server.ts`), the
 *   first migrates and seeds the demo; the ingest is shared between them by the broker.
 * - Machines: the demo printing shop's first `--subscribers` machines (so that live subscribers can
 *   watch them), the rest in printing shops of 1 to 10 machines (about five on average) with one
 *   or two locations each; every machine has its own credential and MQTT connection. They run in
 *   `--generators` processes (bench/src/fleet-machines.ts) with the simulator's shift model,
 *   connecting at `--connect-rate` per second.
 * - Live: `--subscribers` WebSocket clients (bench/src/live-clients.ts), each watching one machine,
 *   spread over the instances.
 *
 * Measured over `--minutes` after the machines connected and `--warmup` seconds: ingest lag (a
 * cut's stamp at the agent → its end-to-end ack, sent after the commit) p50/p95/p99/max over every
 * cut; live (stamp → browser frame) p99; CPU and RSS of each instance, of Mosquitto, of the
 * database's backends and of the machines' processes; PostgreSQL's WAL and commits. Then every cut
 * the agents stamped is looked up in the database: lost = stamped − stored.
 */
const MACHINES = Number(argument('machines', '10000'));
const MINUTES = Number(argument('minutes', '10'));
const INSTANCES = Number(argument('instances', '3'));
const SUBSCRIBERS = Math.min(Number(argument('subscribers', '200')), MACHINES, 500);
const GENERATORS = Number(argument('generators', String(Math.max(1, Math.ceil(MACHINES / 2500)))));
const CONNECT_RATE = Number(argument('connect-rate', '200'));
const WARMUP_SECONDS = Number(argument('warmup', '30'));
const SAMPLE_MS = 5000;
if (argument('db', 'postgres') !== 'postgres') throw new Error('the fleet bench runs on PostgreSQL only');

const work = mkdtempSync(join(tmpdir(), 'kerf-fleet-'));
const children: ChildProcess[] = [];
const log = (line: string) => console.error(`fleet: ${line}`);

/** A private Mosquitto on a free port: no queue limit (the default 1000 drops under load). */
async function startMosquitto(): Promise<{ url: string; pid: number }> {
  chmodSync(work, 0o755);
  const port = await freePort();
  const conf = join(work, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'max_queued_messages 0',
      'max_inflight_messages 0',
    ].join('\n'),
  );
  const child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  children.push(child);
  await sleep(300);
  return { url: `mqtt://127.0.0.1:${port}`, pid: child.pid! };
}

interface Instance {
  index: number;
  url: string;
  child: ChildProcess;
}

async function startInstance(index: number, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const out = openSync(join(work, `instance-${index + 1}.log`), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: join(work, `data-${index}`) },
    stdio: ['ignore', out, out],
  });
  children.push(child);
  return { index, url: `http://127.0.0.1:${port}`, child };
}

async function waitReady(url: string, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (
    !(await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > until) throw new Error(`${url} not ready (logs in ${work})`);
    await sleep(250);
  }
}

async function post<T>(url: string, path: string, token: string | null, body: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const signIn = async (url: string, username: string) =>
  (
    await post<{ bearerToken: string }>(url, '/api/auth/auth/login', null, {
      tenant: 'demo',
      username,
      password: 'Kerf-demo-2026',
    })
  ).bearerToken;

interface Credential {
  tenantId: string;
  machineId: string;
  serial: string;
  password: string;
}

/** Printing shops of 1–10 machines for the rest of the fleet, with the server's own seed functions. */
async function provisionShops(databaseUrl: string, machines: number): Promise<Credential[][]> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 8 });
  const transactions = createTransactions(database.db);
  const credentials = createMachineCredentialsService({ transactions });
  const rng = randomSource(35);
  const shops: Credential[][] = [];
  let left = machines;
  const cities = ['Hamburg', 'Köln', 'Leipzig', 'Graz', 'Utrecht', 'Wrocław', 'Cluj-Napoca', 'Lyon'];
  const provisioning: Promise<void>[] = [];
  for (let n = 1; left > 0; n++) {
    const size = Math.min(left, 1 + Math.floor(rng.next() * 10));
    left -= size;
    const city = rng.pick(cities);
    const twoSites = size > 4 && rng.next() < 0.5;
    provisioning.push(
      (async () => {
        const slug = `fleet-${String(n).padStart(5, '0')}`;
        const tenant = await transactions.withPlatform(
          { actor: SYSTEM_ACTOR, action: 'platform.seed.tenant', details: { slug } },
          (tx) => seedTenant(tx, { slug, name: `Druckerei Flotte ${n}`, kind: 'PRINTING_SHOP' }),
        );
        if (!tenant) throw new Error(`tenant ${slug} exists`);
        const ids = await transactions.withTenant(tenant.id, async (tx) => {
          const sites: string[] = [];
          for (let s = 0; s < (twoSites ? 2 : 1); s++)
            sites.push(
              await insertLocation(tx, tenant.id, {
                name: s === 0 ? 'Werk 1' : 'Werk 2',
                street: 'Industriestraße',
                streetNumber: String(n),
                zip: '10000',
                city,
                country: 'DE',
                knifeSwapInterval: 3500,
              }),
            );
          const machineIds: string[] = [];
          for (let m = 0; m < size; m++)
            machineIds.push(
              (
                await insertMachine(tx, tenant.id, {
                  name: `Schneider ${m + 1}`,
                  serialNumber: `FL-${String(n).padStart(5, '0')}-${m + 1}`,
                  locationId: sites[m % sites.length]!,
                })
              ).id,
            );
          return machineIds;
        });
        const shop: Credential[] = [];
        for (const id of ids) shop.push(await credentials.issue(tenant.id, id));
        shops.push(shop);
      })(),
    );
    // a few shops at a time: the pool has eight connections
    if (provisioning.length >= 8) await Promise.all(provisioning.splice(0));
  }
  await Promise.all(provisioning);
  await database.close();
  return shops;
}

/** CPU seconds (user + system) and RSS of a process, from /proc; null once it is gone. */
function processUsage(pid: number): { cpuSeconds: number; rssMb: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rssPages = Number(fields[21]);
    return { cpuSeconds: ticks / 100, rssMb: (rssPages * 4096) / 1024 / 1024 };
  } catch {
    return null;
  }
}

function percentiles(buckets: Map<number, number>) {
  const total = [...buckets.values()].reduce((sum, n) => sum + n, 0);
  const sorted = [...buckets.entries()].sort((a, b) => a[0] - b[0]);
  const at = (p: number) => {
    const rank = Math.ceil((total * p) / 100);
    let seen = 0;
    for (const [ms, count] of sorted) {
      seen += count;
      if (seen >= rank) return ms;
    }
    return null;
  };
  return { count: total, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1)?.[0] ?? null };
}

/** Input too large for a command line goes in a file of the run's directory. */
function writeJson(name: string, value: unknown): { file: string } {
  const file = join(work, name);
  writeFileSync(file, JSON.stringify(value));
  return { file };
}

function forkChild<T>(script: string, input: unknown, onReady?: () => void) {
  const argument =
    typeof input === 'object' && input && 'file' in input ? String(input.file) : JSON.stringify(input);
  const child = fork(new URL(script, import.meta.url).pathname, [argument], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  setPriority(child.pid!, LOAD_GENERATOR_NICE);
  const done = new Promise<T>((resolve, reject) => {
    child.on('message', (message: { ready?: unknown; done?: T }) => {
      if (message.ready !== undefined) onReady?.();
      if (message.done) resolve(message.done);
    });
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`${script} exited with ${code}`));
    });
  });
  return { child, done };
}

const metricsToken = randomBytes(16).toString('hex');
/** What an instance says of itself: its ingest queue and lag, its pool, its event loop. */
const SCRAPED = {
  queued: 'kerf_ingest_queued',
  lagSeconds: 'kerf_ingest_lag_seconds',
  poolWaiting: 'kerf_db_pool_connections{state="waiting"}',
  eventLoopP99Seconds: 'kerf_event_loop_delay_p99_seconds',
} as const;
async function scrape(url: string): Promise<Partial<Record<keyof typeof SCRAPED, number>>> {
  const text = await fetch(`${url}/api/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  }).then(
    (response) => (response.ok ? response.text() : ''),
    () => '',
  );
  const values: Partial<Record<keyof typeof SCRAPED, number>> = {};
  for (const line of text.split('\n'))
    for (const [key, name] of Object.entries(SCRAPED) as [keyof typeof SCRAPED, string][])
      if (line.startsWith(`${name} `)) values[key] = Number(line.slice(name.length + 1));
  return values;
}

const bench = await createBenchDatabase();
let exitCode = 0;
try {
  const broker = await startMosquitto();
  const env = {
    DATABASE_URL: bench.url,
    MQTT_URL: broker.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DEMO: '1',
    DEMO_HISTORY_DAYS: '0',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    METRICS_TOKEN: metricsToken,
  };
  // the first one migrates and seeds, the others start on the finished schema
  const instances = [await startInstance(0, env)];
  await waitReady(instances[0]!.url);
  for (let i = 1; i < INSTANCES; i++) instances.push(await startInstance(i, env));
  await Promise.all(instances.map((instance) => waitReady(instance.url)));
  log(`${INSTANCES} instances ready; logs in ${work}`);

  const first = instances[0]!.url;
  const admin = await signIn(first, 'admin');
  const demo = (
    await post<{ agents: Credential[] }>(first, '/api/printing-shop/demo/agents', admin, {
      count: SUBSCRIBERS,
    })
  ).agents;
  const provisionStart = Date.now();
  const shops = [[...demo], ...(await provisionShops(bench.url, MACHINES - demo.length))];
  log(
    `${MACHINES} machines in ${shops.length} printing shops provisioned in ${((Date.now() - provisionStart) / 1000).toFixed(0)} s`,
  );

  const client = new pg.Client({ connectionString: bench.url });
  client.on('error', () => {}); // the database is dropped at the end, whatever happened
  await client.connect();
  const countCuts = async () =>
    (await client.query<{ cuts: number }>('SELECT count(*)::int AS cuts FROM cuts')).rows[0]!.cuts;
  /** cuts the seed wrote, if any: not the fleet's */
  const seeded = await countCuts();

  // Each shop's clock: a weekday between 05:00 and 23:00 UTC (the model's shifts are 06–14 and
  // 14–22 with a break each), so that the fleet is at every point of the working day at once.
  const rng = randomSource(36);
  // The demo shop, whose machines the live subscribers watch, is early in its first shift.
  const machines = shops.flatMap((shop, index) => {
    const phaseMs =
      index === 0
        ? (24 + 6.1 + rng.next() * 2) * 3600_000
        : (24 + 5 + rng.next() * 18) * 3600_000 + Math.floor(rng.next() * 4) * 24 * 3600_000;
    return shop.map((machine) => ({ ...machine, phaseMs, seed: Math.floor(rng.next() * 1e9) }));
  });
  type GeneratorResult = {
    stamped: number;
    acked: number;
    resent: number;
    rejected: number;
    pending: number;
    cutsStamped: number;
    eventsStamped: number;
    measured: number;
    buckets: [number, number][];
  };
  let loaded = 0;
  const generators = Array.from({ length: GENERATORS }, (_, g) =>
    forkChild<GeneratorResult>(
      './fleet-machines.ts',
      writeJson(`machines-${g + 1}.json`, {
        brokerUrl: broker.url,
        machines: machines.filter((_, i) => i % GENERATORS === g),
      }),
      () => {
        loaded += 1;
      },
    ),
  );
  while (loaded < GENERATORS) await sleep(100);
  const rampMs = (MACHINES / CONNECT_RATE) * 1000;
  const started = Date.now();
  const measureFrom = started + rampMs + WARMUP_SECONDS * 1000;
  const endAt = measureFrom + MINUTES * 60_000;
  for (const generator of generators) generator.child.send({ start: { rampMs, endAt, measureFrom } });

  // live subscribers on every instance, each watching one of the demo shop's machines, while the
  // machines connect (what they measure during the warm-up counts too)
  const operator = await signIn(first, 'operator');
  type LiveResult = { frames: number; p50: number | null; p99: number | null; toCommitP99: number | null };
  const live = instances.map((instance, i) => {
    const machineIds = demo.filter((_, m) => m % INSTANCES === i).map((m) => m.machineId);
    return forkChild<LiveResult>('./live-clients.ts', {
      url: instance.url,
      token: operator,
      machineIds,
      clients: machineIds.length,
      // from its subscriptions to the end of the run (it cannot start measuring later)
      seconds: (endAt - Date.now()) / 1000,
    });
  });

  // CPU and RSS of every process involved, and PostgreSQL's WAL and commits, over the measured minutes
  while (Date.now() < measureFrom) await sleep(100);
  const databaseStats = async () => {
    const { rows } = await client.query(
      `SELECT pg_current_wal_lsn()::text AS lsn, xact_commit::bigint AS commits, tup_inserted::bigint AS inserted,
              (SELECT array_agg(pid) FROM pg_stat_activity WHERE datname = current_database()) AS pids
         FROM pg_stat_database WHERE datname = current_database()`,
    );
    return rows[0] as { lsn: string; commits: string; inserted: string; pids: number[] };
  };
  const atStart = await databaseStats();
  const loadStart = loadavg()[0]!;
  const watched = new Map<string, number[]>([
    ...instances.map((instance): [string, number[]] => [
      `instance ${instance.index + 1}`,
      [instance.child.pid!],
    ]),
    ['mosquitto', [broker.pid]],
    ['machines', generators.map((g) => g.child.pid!)],
    ['live subscribers', live.map((l) => l.child.pid!)],
  ]);
  const cpuAt = (pids: number[]) => pids.reduce((sum, pid) => sum + (processUsage(pid)?.cpuSeconds ?? 0), 0);
  const cpuStart = new Map([...watched].map(([name, pids]) => [name, cpuAt(pids)]));
  /** PostgreSQL backends of this database: their CPU while they live (pids come and go little: pools) */
  const backendCpu = new Map<number, { first: number; last: number }>();
  const sampleBackends = (pids: number[]) => {
    for (const pid of pids) {
      const usage = processUsage(pid);
      if (!usage) continue;
      const known = backendCpu.get(pid);
      if (known) known.last = usage.cpuSeconds;
      else backendCpu.set(pid, { first: usage.cpuSeconds, last: usage.cpuSeconds });
    }
  };
  sampleBackends(atStart.pids);
  const rssPeak = new Map<string, number>();
  const instancePeaks = instances.map(() => ({
    queued: 0,
    lagSeconds: 0,
    poolWaiting: 0,
    eventLoopP99Seconds: 0,
  }));
  while (Date.now() < endAt) {
    const scraped = await Promise.all(instances.map((instance) => scrape(instance.url)));
    scraped.forEach((values, i) => {
      const peaks = instancePeaks[i]!;
      for (const key of Object.keys(peaks) as (keyof typeof peaks)[])
        peaks[key] = Math.max(peaks[key], values[key] ?? 0);
    });
    for (const [name, pids] of watched) {
      const rss = pids.reduce((sum, pid) => sum + (processUsage(pid)?.rssMb ?? 0), 0);
      rssPeak.set(name, Math.max(rssPeak.get(name) ?? 0, rss));
    }
    sampleBackends((await databaseStats()).pids);
    await sleep(Math.min(SAMPLE_MS, Math.max(0, endAt - Date.now())));
  }
  const seconds = (Date.now() - measureFrom) / 1000;
  const atEnd = await databaseStats();
  sampleBackends(atEnd.pids);
  const cpu = new Map(
    [...watched].map(([name, pids]) => [name, (cpuAt(pids) - cpuStart.get(name)!) / seconds]),
  );
  const databaseCpu = [...backendCpu.values()].reduce((sum, b) => sum + b.last - b.first, 0) / seconds;
  const loadEnd = loadavg()[0]!;
  const { rows: wal } = await client.query('SELECT pg_wal_lsn_diff($1, $2)::float8 AS bytes', [
    atEnd.lsn,
    atStart.lsn,
  ]);

  log('measured; draining the machines');
  const results = await Promise.all(generators.map((g) => g.done));
  const liveResults = await Promise.all(live.map((l) => l.done));
  const totals = { stamped: 0, acked: 0, resent: 0, rejected: 0, pending: 0, cutsStamped: 0, measured: 0 };
  const buckets = new Map<number, number>();
  for (const result of results) {
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += result[key];
    for (const [ms, count] of result.buckets) buckets.set(ms, (buckets.get(ms) ?? 0) + count);
  }
  const lag = percentiles(buckets);
  const stored = (await countCuts()) - seeded;
  await client.end();
  const lost = totals.cutsStamped - stored;

  const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
  const instanceFigures = instances.map((instance) => ({
    name: `instance ${instance.index + 1}`,
    cpuCores: round(cpu.get(`instance ${instance.index + 1}`)!, 2),
    rssPeakMb: round(rssPeak.get(`instance ${instance.index + 1}`) ?? 0, 0),
    // the highest its metrics showed at a scrape every 5 s
    peaks: instancePeaks[instance.index],
  }));
  const kerfCores = instanceFigures.reduce((sum, i) => sum + i.cpuCores, 0);
  const liveP99 = Math.max(...liveResults.map((l) => l.p99 ?? 0));
  const result = {
    bench: 'fleet',
    database: 'postgres',
    machines: MACHINES,
    printingShops: shops.length,
    instances: INSTANCES,
    subscribers: SUBSCRIBERS,
    minutes: MINUTES,
    cutsPerSecond: round(lag.count / seconds, 0),
    eventsPerSecond: round(totals.stamped / ((Date.now() - started) / 1000), 0),
    ingestLag: lag,
    live: {
      frames: liveResults.reduce((sum, l) => sum + l.frames, 0),
      p99: liveP99,
      stampToCommitP99: Math.max(...liveResults.map((l) => l.toCommitP99 ?? 0)),
    },
    cuts: { stamped: totals.cutsStamped, stored, lost },
    events: {
      stamped: totals.stamped,
      acked: totals.acked,
      rejected: totals.rejected,
      resent: totals.resent,
    },
    perInstance: instanceFigures,
    mosquitto: {
      cpuCores: round(cpu.get('mosquitto')!, 2),
      rssPeakMb: round(rssPeak.get('mosquitto') ?? 0, 0),
    },
    postgres: {
      backendCpuCores: round(databaseCpu, 2),
      walMbPerMinute: round((wal[0].bytes / 1024 / 1024 / seconds) * 60, 1),
      commitsPerSecond: round((Number(atEnd.commits) - Number(atStart.commits)) / seconds, 0),
      rowsInsertedPerSecond: round((Number(atEnd.inserted) - Number(atStart.inserted)) / seconds, 0),
    },
    machineProcesses: {
      cpuCores: round(cpu.get('machines')!, 2),
      rssPeakMb: round(rssPeak.get('machines') ?? 0, 0),
    },
    liveSubscriberCpuCores: round(cpu.get('live subscribers')!, 2),
    machinesPerKerfCore: round(MACHINES / Math.max(kerfCores, 0.01), 0),
    machinesPerDatabaseCore: round(MACHINES / Math.max(databaseCpu, 0.01), 0),
    loadAverage: { start: round(loadStart, 1), end: round(loadEnd, 1) },
  };
  console.log(
    `FLEET ${MACHINES} machines in ${shops.length} shops, ${INSTANCES} instances, ${SUBSCRIBERS} live subscribers, ${MINUTES} min measured: ` +
      `${result.cutsPerSecond} cuts/s, ingest lag p50 ${lag.p50} p99 ${lag.p99} max ${lag.max} ms over ${lag.count} cuts; ` +
      `live p99 ${liveP99} ms; lost ${lost} of ${totals.cutsStamped}; ` +
      `Kerf ${instanceFigures.map((i) => `${i.cpuCores} cores/${i.rssPeakMb} MB`).join(', ')}; ` +
      `Mosquitto ${result.mosquitto.cpuCores} cores/${result.mosquitto.rssPeakMb} MB; ` +
      `PostgreSQL ${result.postgres.backendCpuCores} cores, WAL ${result.postgres.walMbPerMinute} MB/min, ${result.postgres.commitsPerSecond} commits/s; ` +
      `load average ${result.loadAverage.start} → ${result.loadAverage.end}`,
  );
  printResult(result);
  if (lost !== 0 || totals.rejected !== 0 || lag.count === 0) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  for (const child of children.reverse())
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  await bench.drop().catch(() => {});
}
process.exit(exitCode);
