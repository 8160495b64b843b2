import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type AgentStats, MachineAgent } from './agent';
import { type DoctorResult, runDoctor } from './doctor';
import { provisionAgents } from './provision';
import { knivesFor, machineTimeline } from './simulation';

const HELP = `kerf-edge: the on-site agent ("site manager") and machine simulator
Run as: node --import tsx apps/edge/src/cli.ts <command> [options]  (or: npm run simulate -- [options])

  simulate   drive N simulated machines live            simulate --machines 5
  history    publish months of simulated history fast   history --machines 5 --days 60
  agent      one machine; events as JSON lines on stdin  agent --credentials c.json --serial PM-1
  doctor     the setup assistant's checks from this site  doctor --credentials c.json --serial PM-1
             (DNS, ports 443 and 8883, TLS certificate, MQTT login, clock), reported to the cloud;
             exit code 0 when every check is green. Agents also run it when the assistant asks.

Credentials: --credentials <file> ({ brokerUrl, agents:[{tenantId, serial, username, password}] }), or
a server in demo mode: --server http://127.0.0.1:8080 --tenant demo --user admin --password Kerf-demo-2026
Options: --broker <mqtt url>  --outbox <dir> (default ./data/edge)  --speed <x>  --journal <file>
         --cuts <n> (stop after n cuts per machine)  --fsync  --seed <n>
         --demo (simulate: every status, knife swaps and short outages within minutes, as \`npm start\` shows)
         --report <seconds> (counters every n seconds while simulating; 0: only at the end)
Doctor:  --ca <pem file> (a private CA to trust)  --site-manager <serial> (this box's serial number)
         --mqtts-port <n> (when the cloud cannot be asked; default 8883)  --json
SIGINT or SIGTERM stops within 5 s: unacknowledged events stay in the outbox for the next start.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    machines: { type: 'string', default: '5' },
    days: { type: 'string', default: '30' },
    server: { type: 'string', default: process.env.KERF_SERVER ?? 'http://127.0.0.1:8080' },
    tenant: { type: 'string', default: 'demo' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'Kerf-demo-2026' },
    broker: { type: 'string' },
    credentials: { type: 'string' },
    serial: { type: 'string' },
    outbox: { type: 'string', default: './data/edge' },
    speed: { type: 'string', default: '1' },
    journal: { type: 'string' },
    cuts: { type: 'string' },
    seed: { type: 'string', default: '1' },
    report: { type: 'string', default: '10' },
    'drain-timeout': { type: 'string', default: '10000' },
    fsync: { type: 'boolean', default: false },
    demo: { type: 'boolean', default: false },
    'memory-outbox': { type: 'boolean', default: false },
    ca: { type: 'string' },
    'site-manager': { type: 'string' },
    'mqtts-port': { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const command = positionals[0];
/** The agent's MQTT username is `<tenant id>.<serial>`. */
const serialOf = (agent: MachineAgent) => agent.username.slice(agent.username.indexOf('.') + 1);

/** How long a signalled stop waits for acks before closing; the rest stays in the disk outbox. */
const SIGNAL_DRAIN_MS = 1500;
/** A signalled stop exits by then whatever is still pending (a service manager allows 5 s). */
const SIGNAL_DEADLINE_MS = 4000;

/** Every agent of this process, from construction on: a signal stops them all. */
const running: MachineAgent[] = [];
const stopping = new AbortController();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // Before any agent exists (still waiting for the server) or on a second signal: nothing to save.
    if (stopping.signal.aborted || running.length === 0) process.exit(0);
    stopping.abort();
    setTimeout(() => {
      console.error(`${signal}: agents did not stop in time, exiting`);
      process.exit(0);
    }, SIGNAL_DEADLINE_MS).unref();
  });
}

/** Waits `ms`, or less when a stop is requested. */
const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    if (stopping.signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      stopping.signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stopping.signal.addEventListener('abort', done);
  });

/** Waits for acks (briefly after a signal), then disconnects every agent. */
async function stopAgents(agents: MachineAgent[], drainMs: number) {
  const budget = stopping.signal.aborted ? Math.min(drainMs, SIGNAL_DRAIN_MS) : drainMs;
  await Promise.all(agents.map((agent) => agent.drain(budget)));
  await Promise.all(agents.map((agent) => agent.stop({ timeoutMs: 1000 })));
}

/** What the doctor needs besides the machine's credential. */
function doctorOptions() {
  return {
    server: values.server!,
    ca: values.ca ? readFileSync(values.ca, 'utf8') : undefined,
    siteManagerSerial: values['site-manager'] ?? null,
    mqttsPort: values['mqtts-port'] ? Number(values['mqtts-port']) : undefined,
  };
}

/** wss://host/mqtt for https://host (ws:// for a development server on http). */
function websocketUrlOf(server: string) {
  const url = new URL('/mqtt', server);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

async function startAgents(count: number) {
  const provisioned = await provisionAgents({
    count,
    server: values.server!,
    tenant: values.tenant!,
    username: values.user!,
    password: values.password!,
    broker: values.broker,
    credentialsFile: values.credentials,
  });
  const agents = provisioned.agents
    .filter((agent) => !values.serial || agent.serial === values.serial)
    .map(
      (credential) =>
        new MachineAgent({
          brokerUrl: provisioned.brokerUrl,
          // 8883 blocked on site: MQTT over WebSocket on the HTTPS port (the server's /mqtt).
          websocketUrl: websocketUrlOf(values.server!),
          ca: values.ca ? readFileSync(values.ca, 'utf8') : undefined,
          tenantId: credential.tenantId,
          serial: credential.serial,
          password: credential.password,
          outboxDir: values['memory-outbox'] ? null : join(values.outbox!, credential.serial),
          fsync: values.fsync,
          maxInFlight: 5000,
          batchMax: command === 'history' ? 1000 : 500,
          doctor: doctorOptions(),
          onStamped: values.journal
            ? (boot, event) =>
                appendFileSync(values.journal!, `${credential.serial} ${boot} ${event.seq} ${event.type}\n`)
            : undefined,
        }),
    );
  running.push(...agents);
  if (values.journal) mkdirSync(join(values.journal, '..'), { recursive: true });
  await Promise.all(agents.map((agent) => agent.start()));
  return agents;
}

function total(agents: MachineAgent[]): AgentStats {
  const sum: AgentStats = {
    stamped: 0,
    published: 0,
    resent: 0,
    acked: 0,
    rejected: 0,
    pending: 0,
    connected: true,
    transport: null,
    fallbacks: 0,
    directRestores: 0,
  };
  for (const agent of agents) {
    const stats = agent.getStats();
    for (const key of [
      'stamped',
      'published',
      'resent',
      'acked',
      'rejected',
      'pending',
      'fallbacks',
      'directRestores',
    ] as const)
      sum[key] += stats[key];
    sum.transport =
      sum.transport === null || sum.transport === stats.transport ? stats.transport : sum.transport;
    sum.connected &&= stats.connected;
  }
  return sum;
}

async function simulate() {
  const agents = await startAgents(Number(values.machines));
  const speed = Number(values.speed);
  const cutLimit = values.cuts ? Number(values.cuts) : Number.POSITIVE_INFINITY;
  console.log(`simulating ${agents.length} machines at ${speed}× (Ctrl-C to stop)`);
  const reportSeconds = Number(values.report);
  const report =
    reportSeconds > 0
      ? setInterval(() => console.log(JSON.stringify(total(agents))), reportSeconds * 1000)
      : undefined;
  await Promise.all(
    agents.map(async (agent, index) => {
      const start = Date.now();
      let cuts = 0;
      const timeline = machineTimeline(
        {
          seed: Number(values.seed) * 1000 + index,
          knives: knivesFor(serialOf(agent), index),
          ...(values.demo ? { pace: 'demo', stagger: index } : { alwaysOn: true }),
        },
        start,
        Number.MAX_SAFE_INTEGER,
      );
      for (const step of timeline) {
        const wait = start + (step.at - start) / speed - Date.now();
        if (wait > 0) await sleep(wait);
        if (stopping.signal.aborted) return;
        if ('offline' in step) {
          // a network outage: the agent goes away (presence OFFLINE) and comes back
          await agent.stop();
          await sleep(step.offline / speed);
          if (stopping.signal.aborted) return;
          await agent.start();
          continue;
        }
        const { event } = step;
        agent.record(event); // stamped now: a live agent reports what happens as it happens
        if (event.type === 'cut' && ++cuts >= cutLimit) return;
      }
    }),
  );
  clearInterval(report);
  await stopAgents(agents, Number(values['drain-timeout']));
  console.log(JSON.stringify(total(agents)));
}

async function history() {
  const agents = await startAgents(Number(values.machines));
  const end = Date.now() - 60_000;
  const start = end - Number(values.days) * 24 * 3600_000;
  console.log(`generating ${values.days} days of history for ${agents.length} machines`);
  const began = Date.now();
  await Promise.all(
    agents.map(async (agent, index) => {
      const timeline = machineTimeline(
        { seed: Number(values.seed) * 1000 + index, knives: knivesFor(serialOf(agent), index) },
        start,
        end,
      );
      let n = 0;
      for (const step of timeline) {
        if (stopping.signal.aborted) return;
        if (!('event' in step)) continue;
        agent.record({ ...step.event, at: new Date(step.at).toISOString() });
        // keep the outbox bounded: wait for acks when far ahead of the server
        if (++n % 5000 === 0)
          while (agent.getStats().pending > 50_000 && !stopping.signal.aborted) await sleep(50);
      }
    }),
  );
  await stopAgents(agents, 600_000);
  const stats = total(agents);
  const seconds = (Date.now() - began) / 1000;
  console.log(JSON.stringify({ ...stats, seconds, eventsPerSecond: Math.round(stats.acked / seconds) }));
}

async function agentFromStdin() {
  const [agent] = await startAgents(Number(values.machines));
  if (!agent) throw new Error('no credential for that serial');
  console.log(`agent ${agent.username} started: one event (JSON) a line on standard input`);
  const { createInterface } = await import('node:readline');
  const lines = createInterface({ input: process.stdin });
  stopping.signal.addEventListener('abort', () => lines.close());
  for await (const line of lines) {
    if (!line.trim()) continue;
    try {
      agent.record(JSON.parse(line));
    } catch (error) {
      console.error(`ignored: ${(error as Error).message}`);
    }
  }
  await stopAgents([agent], 60_000);
}

function printDoctor(result: DoctorResult) {
  if (values.json) return console.log(JSON.stringify(result));
  for (const check of result.checks) {
    const facts = Object.entries(check.detail)
      .map(([key, value]) => `${key}=${value}`)
      .join(' ');
    console.log(
      `${check.state === 'SUCCESS' ? 'ok   ' : check.state === 'WARNING' ? 'WARN ' : 'ERROR'} ${check.check.padEnd(16)} ${check.advice ?? ''} ${facts}`,
    );
  }
  console.log(
    'run' in result.delivered
      ? `reported to the cloud: run ${result.delivered.run.id} (${result.delivered.run.state})`
      : `not reported to the cloud: ${result.delivered.error}`,
  );
}

async function doctor() {
  // Not the demo provisioning: issuing a credential anew would lock out the running agent.
  if (!values.credentials) throw new Error("doctor needs --credentials <file> (the machine's credential)");
  const provisioned = await provisionAgents({
    count: Number(values.machines),
    server: values.server!,
    tenant: values.tenant!,
    username: values.user!,
    password: values.password!,
    broker: values.broker ?? 'mqtt://unused',
    credentialsFile: values.credentials,
  });
  const credential = provisioned.agents.find((agent) => !values.serial || agent.serial === values.serial);
  if (!credential) throw new Error('no credential for that serial');
  const result = await runDoctor({
    ...doctorOptions(),
    tenantId: credential.tenantId,
    serial: credential.serial,
    password: credential.password,
  });
  printDoctor(result);
  const green = result.checks.every((check) => check.state === 'SUCCESS') && 'run' in result.delivered;
  process.exitCode = green ? 0 : 2;
}

const commands: Record<string, () => Promise<void>> = {
  simulate,
  history,
  agent: agentFromStdin,
  doctor,
};
if (values.help || !command || !commands[command]) {
  console.log(HELP);
  process.exit(command && !values.help ? 1 : 0);
}
commands[command]!().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
