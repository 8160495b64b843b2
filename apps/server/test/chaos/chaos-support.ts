import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Private PostgreSQL and Mosquitto instances and server processes for the chaos suite. The
 * machine's shared PostgreSQL (5432) and Mosquitto (1883) are never touched: other suites use them.
 */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PG_BIN = '/usr/lib/postgresql/15/bin';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix: string) {
  return mkdtempSync(join(tmpdir(), prefix));
}

const asPostgres = (cmd: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, cmd), ...args], { stdio: 'pipe' });

/** A directory the postgres user owns, for a private cluster. */
function postgresDir(prefix: string) {
  const dir = tempDir(prefix);
  chmodSync(dir, 0o755);
  const pgid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, pgid, gid);
  return dir;
}

/** Controls of one private cluster in `dir/data`, listening on `port`. */
function cluster(dir: string, port: number) {
  const data = join(dir, 'data');
  const start = () =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      'start',
    ]);
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    data,
    url,
    async createDatabase(name: string) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      return url(name);
    },
    /** crash: no checkpoint, no clean shutdown (`pg_ctl -m immediate`) */
    crash: () => asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']),
    /** the postmaster killed with SIGKILL, as a lost machine would leave it */
    kill9() {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
    },
    start,
    stop: () => {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
      } catch {}
    },
  };
}

/** `settings`: lines added to postgresql.conf before the first start. */
export async function startPrivatePostgres(options: { settings?: string[] } = {}) {
  const dir = postgresDir('kerf-chaos-pg-');
  const port = await freePort();
  const db = cluster(dir, port);
  asPostgres('initdb', ['-D', db.data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  if (options.settings)
    appendFileSync(join(db.data, 'postgresql.conf'), `\n${options.settings.join('\n')}\n`);
  db.start();
  return db;
}

/**
 * A streaming standby of `primary` (pg_basebackup -R), started; `promote()` makes it the primary.
 * Its own commits wait for no standby once promoted (synchronous_standby_names is cleared here).
 */
export async function startStandby(primary: { port: number }) {
  const dir = postgresDir('kerf-chaos-standby-');
  const port = await freePort();
  const db = cluster(dir, port);
  asPostgres('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    db.data,
    '-R',
    '-X',
    'stream',
    '-d',
    'application_name=standby',
  ]);
  appendFileSync(join(db.data, 'postgresql.auto.conf'), "\nsynchronous_standby_names = ''\n");
  db.start();
  return { ...db, promote: () => asPostgres('pg_ctl', ['-D', db.data, '-w', 'promote']) };
}
export type PrivatePostgres = Awaited<ReturnType<typeof startPrivatePostgres>>;

export async function startMosquitto(options: {
  serverUser: string;
  serverPassword: string;
  /** anyone may connect and publish (scale-out check: no per-machine ACL to write) */
  anonymous?: boolean;
}) {
  const dir = tempDir('kerf-chaos-mqtt-');
  chmodSync(dir, 0o755);
  const port = await freePort();
  const passwd = join(dir, 'passwd');
  const acl = join(dir, 'acl');
  const conf = join(dir, 'mosquitto.conf');
  const users = new Map<string, string>([[options.serverUser, options.serverPassword]]);
  const aclRules: string[] = [`user ${options.serverUser}`, 'topic readwrite #', ''];
  const writeFiles = () => {
    writeFileSync(passwd, '');
    for (const [user, password] of users) execFileSync('mosquitto_passwd', ['-b', passwd, user, password]);
    writeFileSync(acl, aclRules.join('\n'));
    // Mosquitto started as root drops to its own user, which must be able to read these.
    for (const file of [passwd, acl]) chmodSync(file, 0o644);
  };
  writeFiles();
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      ...(options.anonymous
        ? ['allow_anonymous true']
        : ['allow_anonymous false', `password_file ${passwd}`, `acl_file ${acl}`]),
      'persistence false',
      // the default 1000 drops messages for a slow or absent subscriber (reliability.md M1)
      'max_queued_messages 0',
      'max_inflight_messages 0',
    ].join('\n'),
  );
  let process: ChildProcess | null = null;
  const start = async () => {
    process = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
    await sleep(300);
  };
  await start();
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    /** adds machine users with literal per-machine topic rules, then reloads */
    addMachines(machines: { username: string; password: string; tenantId: string; serial: string }[]) {
      for (const m of machines) {
        users.set(m.username, m.password);
        const base = `kerf/${m.tenantId}/${m.serial}`;
        aclRules.push(
          `user ${m.username}`,
          `topic write ${base}/telemetry`,
          `topic write ${base}/presence`,
          `topic read ${base}/ack`,
          '',
        );
      }
      writeFiles();
      process?.kill('SIGHUP');
    },
    async restart(signal: NodeJS.Signals = 'SIGTERM') {
      const old = process;
      old?.kill(signal);
      await new Promise((resolve) => old?.once('exit', resolve));
      await start();
    },
    /** starts it again after `stop()` */
    start,
    stop() {
      const old = process;
      old?.kill('SIGTERM');
      return new Promise((resolve) => {
        if (!old || old.exitCode !== null) resolve(null);
        else old.once('exit', resolve);
      });
    },
  };
}

/** The real server as a child process, as `npm start` runs it; answers once `/api/ready` says so. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 180_000) {
  const server = await spawnServerProcess(env);
  // a first start migrates and seeds the demo: over a minute on a busy 2-core machine
  await server.ready(timeoutMs);
  return server;
}

/**
 * The server process without waiting for it: start-up with a dependency down (T-CH-07) watches it
 * stay up while `/api/ready` answers 503 or nothing.
 */
export async function spawnServerProcess(env: Record<string, string>) {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'chaos-'.padEnd(40, 'x'),
      // counted cuts come from the test's machines only, not from the demo's weeks of history
      DEMO_HISTORY_DAYS: '0',
      ...env,
      PORT: port,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    if (env.SERVER_LOG) appendFileSync(env.SERVER_LOG, chunk);
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
    if (env.SERVER_LOG) appendFileSync(env.SERVER_LOG, chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url,
    port,
    child,
    exited,
    /** the HTTP status of `/api/ready`, or null when nothing answers */
    readyStatus: () =>
      fetch(`${url}/api/ready`).then(
        (response) => response.status,
        () => null,
      ),
    async ready(timeoutMs: number) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
        try {
          const response = await fetch(`${url}/api/ready`);
          if (response.ok) return;
        } catch {}
        if (Date.now() > until) throw new Error(`server not ready: ${stderr}`);
        await sleep(100);
      }
    },
    kill: () => {
      if (child.exitCode !== null) return Promise.resolve(child.exitCode);
      child.kill('SIGKILL');
      return exited;
    },
    stop: () => {
      if (child.exitCode !== null) return Promise.resolve(child.exitCode);
      child.kill('SIGTERM');
      return exited;
    },
  };
}
export type ServerProcess = Awaited<ReturnType<typeof spawnServerProcess>>;

export async function signIn(url: string, username = 'admin') {
  const response = await fetch(`${url}/api/auth/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant: 'demo', username, password: 'Kerf-demo-2026' }),
  });
  return ((await response.json()) as { bearerToken: string }).bearerToken;
}

/** N machines of the demo tenant with their MQTT credentials. */
export async function provision(url: string, count: number) {
  const response = await fetch(`${url}/api/printing-shop/demo/agents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await signIn(url)}` },
    body: JSON.stringify({ count }),
  });
  if (!response.ok) throw new Error(`provision: ${response.status} ${await response.text()}`);
  return (await response.json()) as {
    mqttPort: number | null;
    agents: { tenantId: string; serial: string; username: string; password: string; machineId: string }[];
  };
}

/** Resolves once the agents' journal holds at least `atLeast` cuts. */
export async function waitForCuts(journal: string, atLeast: number) {
  for (;;) {
    try {
      if (journalCuts(journal).size >= atLeast) return;
    } catch {}
    await sleep(100);
  }
}

/** Simulated agents as a child process of the edge CLI, with disk outbox and a journal of what they stamped. */
export function startAgents(options: {
  credentialsFile: string;
  machines: number;
  cutsPerMachine: number;
  outbox: string;
  journal: string;
  speed?: number;
  seed?: number;
}) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/edge/src/cli.ts',
      'simulate',
      '--credentials',
      options.credentialsFile,
      '--machines',
      String(options.machines),
      '--cuts',
      String(options.cutsPerMachine),
      '--speed',
      String(options.speed ?? 1000),
      '--outbox',
      options.outbox,
      '--journal',
      options.journal,
      '--seed',
      String(options.seed ?? 1),
      '--drain-timeout',
      '180000',
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return {
    child,
    output: () => output,
    exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))),
    kill: () => child.kill('SIGKILL'),
  };
}

/** Cut keys the agents stamped, from their journal: `serial boot seq`. */
export function journalCuts(journal: string): Set<string> {
  const keys = new Set<string>();
  for (const line of readFileSync(journal, 'utf8').split('\n')) {
    const [serial, boot, seq, type] = line.split(' ');
    if (type === 'cut') keys.add(`${serial} ${boot} ${seq}`);
  }
  return keys;
}

type Counters = { machines: number; rollups: number; knives: number; rows: number };

/** The counters cuts move, summed: before the agents start (the demo seed's knives carry history) and after. */
export async function counterTotals(url: string): Promise<Counters> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<keyof Counters, string>>(`
      SELECT (SELECT coalesce(sum(total_cuts), 0) FROM cutting_machines) AS machines,
             (SELECT coalesce(sum(cuts), 0) FROM cut_rollups_hourly) AS rollups,
             (SELECT coalesce(sum(total_cuts), 0) FROM knives) AS knives,
             (SELECT count(*) FROM cuts) AS rows`);
    const c = rows[0]!;
    return {
      machines: Number(c.machines),
      rollups: Number(c.rollups),
      knives: Number(c.knives),
      rows: Number(c.rows),
    };
  } finally {
    await client.end();
  }
}

/**
 * The oracle (reliability.md G): lost = stamped − stored; duplicated = rows − distinct keys; and
 * every counter moved by exactly the rows it counts since `baseline` (a counter moved twice for one
 * cut is a duplicate too).
 */
export async function countCuts(url: string, journal: Set<string>, baseline: Counters) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let rows: { key: string }[];
  try {
    rows = (
      await client.query<{ key: string }>(`
      SELECT m.serial_number || ' ' || c.boot_id || ' ' || c.seq AS key
      FROM cuts c JOIN cutting_machines m ON m.tenant_id = c.tenant_id AND m.id = c.machine_id`)
    ).rows;
  } finally {
    await client.end();
  }
  const stored = new Set(rows.map((r) => r.key));
  let lost = 0;
  for (const key of journal) if (!stored.has(key)) lost += 1;
  const c = await counterTotals(url);
  const moved = c.rows - baseline.rows;
  return {
    published: journal.size,
    rows: rows.length,
    distinct: stored.size,
    lost,
    duplicated: rows.length - stored.size,
    counterMismatch: (['machines', 'rollups', 'knives'] as const).filter((k) => c[k] - baseline[k] !== moved)
      .length,
  };
}

export { sleep };

export async function startPostgresAndWait() {
  return startPrivatePostgres();
}

/**
 * "The primary" as one endpoint that moves on failover (in production HAProxy or a managed
 * service's endpoint): a TCP relay to one port at a time. `switchTo` cuts every open session, as a
 * proxy does when it marks a server down, and sends new ones to the other port.
 */
export async function startEndpoint(targetPort: number) {
  let target = targetPort;
  const sessions = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect({ host: '127.0.0.1', port: target });
    sessions.add(inbound);
    sessions.add(outbound);
    const end = () => {
      inbound.destroy();
      outbound.destroy();
      sessions.delete(inbound);
      sessions.delete(outbound);
    };
    inbound.on('close', end);
    outbound.on('close', end);
    inbound.on('error', end);
    outbound.on('error', end);
    inbound.pipe(outbound).pipe(inbound);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    switchTo(next: number) {
      target = next;
      for (const socket of sessions) socket.destroy();
      sessions.clear();
    },
    close: () => {
      for (const socket of sessions) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
