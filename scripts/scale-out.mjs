// Several Kerf server processes behind nginx, on one PostgreSQL and one MQTT broker with shared
// subscriptions (docs/operations/scale-out.md).
//
//   node scripts/scale-out.mjs [--instances 2] [--port 18700]            run until Ctrl-C
//   node scripts/scale-out.mjs --check [--machines 50] [--cuts 100]      prove it, then stop
//
// Options: --database-url (a server; a fresh database is created on it, default the local
// PostgreSQL), --mqtt-url (default the local Mosquitto, mqtt://127.0.0.1:1883), --instances,
// --port (nginx listens there, the instances on the next ports). nginx is the Debian package: when
// /usr/sbin/nginx is missing it is installed with apt-get (as root), as CI does.
//
// --check: machines (edge agents with their disk outbox and a journal of what they stamped) cut
// through the broker while a live subscriber on every instance (and one through nginx) listens; the
// last instance is killed -9 halfway. Then, counted: cuts lost and duplicated (journal against
// the database), live events delivered on every surviving instance and through nginx, and how the
// ingest was split between the instances. Exits 1 when a figure misses.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import WebSocket from 'ws';
import { ROOT } from './lib.mjs';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: '18700' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'mqtt-url': { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    check: { type: 'boolean', default: false },
    machines: { type: 'string', default: '50' },
    cuts: { type: 'string', default: '100' },
    speed: { type: 'string', default: '100' },
  },
});
const INSTANCES = Number(values.instances);
const LB_PORT = Number(values.port);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const work = mkdtempSync(join(tmpdir(), 'kerf-scale-out-'));
const children = [];

function ensureNginx() {
  if (existsSync('/usr/sbin/nginx')) return;
  console.log('nginx is missing: apt-get install -y nginx');
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** A fresh database on the given server, so that every run starts from the demo seed. */
async function createDatabase() {
  const name = `kerf_scale_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: values['database-url'] });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(values['database-url']);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function dropDatabase(name) {
  const admin = new pg.Client({ connectionString: values['database-url'] });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

function nginxConfig(ports) {
  const dir = join(work, 'nginx');
  mkdirSync(dir, { recursive: true });
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream kerf {
${ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  server {
    listen 127.0.0.1:${LB_PORT};
    client_max_body_size 2m;
    location / {
      proxy_pass http://kerf;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      # live sockets stay open; a dead instance's requests go to the next one
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`,
  );
  return conf;
}

function startInstance(index, port, env) {
  const log = join(work, `instance-${index}.log`);
  const out = openSync(log, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: join(work, `data-${index}`) },
    stdio: ['ignore', out, out],
  });
  children.push(child);
  return { index, port, child, log, url: `http://127.0.0.1:${port}` };
}

async function waitReady(url, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`${url}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`${url} not ready`);
    await sleep(200);
  }
}

async function stopAll() {
  for (const child of children.reverse()) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

async function start() {
  ensureNginx();
  const database = await createDatabase();
  const ports = Array.from({ length: INSTANCES }, (_, i) => LB_PORT + 1 + i);
  const env = {
    DATABASE_URL: database.url,
    MQTT_URL: values['mqtt-url'],
    // one secret for all instances: a token from one is valid on every other
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${LB_PORT}`,
    TRUST_PROXY: '1',
    DEMO: '1',
    DEMO_HISTORY_DAYS: '0',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
  };
  // the first one migrates and seeds; the others start on the finished schema
  const instances = [startInstance(0, ports[0], env)];
  await waitReady(instances[0].url);
  for (let i = 1; i < INSTANCES; i++) instances.push(startInstance(i, ports[i], env));
  await Promise.all(instances.map((instance) => waitReady(instance.url)));
  const nginx = spawn('/usr/sbin/nginx', ['-e', join(work, 'nginx-early.log'), '-c', nginxConfig(ports)], {
    stdio: 'inherit',
  });
  children.unshift(nginx);
  await waitReady(`http://127.0.0.1:${LB_PORT}`, 10_000);
  return { database, instances, lb: `http://127.0.0.1:${LB_PORT}` };
}

async function api(base, method, path, token, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const signIn = async (base, username) =>
  (
    await api(base, 'POST', '/api/auth/auth/login', null, {
      tenant: 'demo',
      username,
      password: 'Kerf-demo-2026',
    })
  ).bearerToken;

/**
 * A live socket subscribed to MACHINE_CUT of the given machines. Each frame carries the machine's
 * whole view: `cuts` is the sum of the highest cut totals it saw, the same on every socket that got
 * every machine's last view.
 */
async function subscriber(base, token, machineIds) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/live`);
  const state = { cuts: 0, subscribed: 0, closed: false };
  const totals = new Map();
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    if (frame.kind === 'SUBSCRIBED') state.subscribed += 1;
    if (frame.kind === 'EVENT' && frame.type === 'MACHINE_CUT') {
      const { machineId, totalCuts } = frame.data;
      totals.set(machineId, Math.max(totals.get(machineId) ?? 0, totalCuts));
      state.cuts = [...totals.values()].reduce((sum, n) => sum + n, 0);
    }
  });
  socket.on('close', () => {
    state.closed = true;
  });
  socket.on('error', () => {});
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  for (const resource of machineIds) socket.send(JSON.stringify({ token, type: 'MACHINE_CUT', resource }));
  for (let waited = 0; state.subscribed < machineIds.length && waited < 20_000; waited += 100)
    await sleep(100);
  return { state, close: () => socket.terminate() };
}

/** `serial boot seq` of every cut the agents stamped, from their journal. */
function journalCuts(journal) {
  const keys = new Set();
  if (!existsSync(journal)) return keys;
  for (const line of readFileSync(journal, 'utf8').split('\n')) {
    const [serial, boot, seq, type] = line.split(' ');
    if (type === 'cut') keys.add(`${serial} ${boot} ${seq}`);
  }
  return keys;
}

/** What an instance logged when its ingest stopped (a graceful stop; a killed one logs nothing). */
function ingestTotals(log) {
  for (const line of readFileSync(log, 'utf8').split('\n').reverse()) {
    if (!line.includes('telemetry ingest stopped')) continue;
    try {
      return JSON.parse(line).ingest;
    } catch {}
  }
  return null;
}

async function check(setup) {
  const { instances, lb, database } = setup;
  const machines = Number(values.machines);
  const cutsPerMachine = Number(values.cuts);
  const admin = await signIn(lb, 'admin');
  const { agents } = await api(lb, 'POST', '/api/printing-shop/demo/agents', admin, { count: machines });
  const watched = agents.slice(0, 5);
  const operator = await signIn(lb, 'operator');
  const sockets = [];
  for (const instance of instances)
    sockets.push({
      name: `instance ${instance.index + 1}`,
      ...(await subscriber(
        instance.url,
        operator,
        watched.map((a) => a.machineId),
      )),
    });
  sockets.push({
    name: 'through nginx',
    ...(await subscriber(
      lb,
      operator,
      watched.map((a) => a.machineId),
    )),
  });

  const credentials = join(work, 'credentials.json');
  writeFileSync(credentials, JSON.stringify({ brokerUrl: values['mqtt-url'], agents }));
  const journal = join(work, 'journal.log');
  const started = Date.now();
  const agentProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/edge/src/cli.ts',
      'simulate',
      '--credentials',
      credentials,
      '--machines',
      String(machines),
      '--cuts',
      String(cutsPerMachine),
      '--speed',
      values.speed,
      '--outbox',
      join(work, 'outbox'),
      '--journal',
      journal,
      '--report',
      '0',
      '--drain-timeout',
      '180000',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(agentProcess);
  const agentsDone = new Promise((resolve) => agentProcess.once('exit', resolve));
  const total = machines * cutsPerMachine;
  const victim = instances.at(-1);
  while (journalCuts(journal).size < total / 2 && agentProcess.exitCode === null) await sleep(200);
  const killedAt = journalCuts(journal).size;
  victim.child.kill('SIGKILL');
  const code = await agentsDone;
  const seconds = (Date.now() - started) / 1000;
  await sleep(1000);

  const published = journalCuts(journal);
  const watchedSerials = new Set(watched.map((a) => a.serial));
  const publishedWatched = [...published].filter((key) => watchedSerials.has(key.split(' ')[0])).length;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query(
    `SELECT m.serial_number || ' ' || c.boot_id || ' ' || c.seq AS key
       FROM cuts c JOIN cutting_machines m ON m.tenant_id = c.tenant_id AND m.id = c.machine_id`,
  );
  await client.end();
  const stored = new Set(rows.map((r) => r.key));
  let lost = 0;
  for (const key of published) if (!stored.has(key)) lost += 1;
  const duplicated = rows.length - stored.size;

  const live = sockets.map((s) => ({ name: s.name, cuts: s.state.cuts, closed: s.state.closed }));
  for (const socket of sockets) socket.close();
  // a graceful stop makes each surviving instance log what it ingested
  for (const instance of instances.slice(0, -1)) {
    instance.child.kill('SIGTERM');
    await new Promise((resolve) => instance.child.once('exit', resolve));
  }
  const split = instances.slice(0, -1).map((instance) => ingestTotals(instance.log)?.insertedCuts ?? 0);
  const victimShare = stored.size - split.reduce((sum, n) => sum + n, 0);

  // sockets on the killed instance close with it (the nginx one too, if it went there): browsers reconnect
  const open = live.filter((s) => !s.closed);
  const direct = open.filter((s) => s.name.startsWith('instance'));
  console.log(
    `SCALE-OUT ${INSTANCES} instances behind nginx, PostgreSQL and Mosquitto (${values['mqtt-url']}): ` +
      `${published.size} cuts from ${machines} machines in ${seconds.toFixed(0)} s, instance ${victim.index + 1} killed -9 at ${killedAt}; ` +
      `lost ${lost}, duplicated ${duplicated}`,
  );
  console.log(
    `SCALE-OUT ingest split: ${split.map((n, i) => `instance ${i + 1} ${n}`).join(', ')}, instance ${victim.index + 1} (killed) ${victimShare} cuts`,
  );
  console.log(
    `SCALE-OUT live: ${publishedWatched} cuts of ${watched.length} watched machines published; delivered ${live
      .map((s) => `${s.name} ${s.cuts}${s.closed ? ' (closed with its instance)' : ''}`)
      .join(', ')}`,
  );
  const ok =
    code === 0 &&
    published.size >= total &&
    lost === 0 &&
    duplicated === 0 &&
    split.every((n) => n > 0) &&
    victimShare > 0 &&
    direct.length === INSTANCES - 1 &&
    // every live event reached every instance: the open sockets all saw the same cuts
    open.every((s) => s.cuts === open[0].cuts && s.cuts > 0);
  console.log(`SCALE-OUT ${ok ? 'passed' : 'FAILED'}`);
  return ok;
}

let setup = null;
let ok = true;
const shutdown = async () => {
  await stopAll();
  if (setup) await dropDatabase(setup.database.name).catch(() => {});
};
process.on('SIGINT', () => shutdown().then(() => process.exit(0)));
process.on('SIGTERM', () => shutdown().then(() => process.exit(0)));
try {
  setup = await start();
  console.log(
    `Kerf: ${INSTANCES} instances (${setup.instances.map((i) => i.url).join(', ')}) behind nginx at ${setup.lb}; logs in ${work}`,
  );
  if (values.check) ok = await check(setup);
  else await new Promise(() => {});
} catch (error) {
  console.error(error);
  ok = false;
} finally {
  await shutdown();
}
process.exit(ok ? 0 : 1);
