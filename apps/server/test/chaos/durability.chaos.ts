import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LiveServerMessage } from '@kerf/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLive } from '../live-helpers';
import {
  countCuts,
  counterTotals,
  freePort,
  journalCuts,
  type PrivatePostgres,
  sleep,
  startAgents,
  startMosquitto,
  startPostgresAndWait,
  startServerProcess,
  tempDir,
} from './chaos-support';

const MACHINES = 10;
const CUTS_PER_MACHINE = 1000;
const results: Record<string, unknown> = {};

let postgres: PrivatePostgres;
beforeAll(async () => {
  postgres = await startPostgresAndWait();
});
afterAll(() => {
  postgres?.stop();
  // The figures for the closing note, in one place.
  console.log(`CHAOS RESULTS ${JSON.stringify(results, null, 2)}`);
});

async function signIn(url: string, username = 'admin') {
  const response = await fetch(`${url}/api/auth/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant: 'demo', username, password: 'Kerf-demo-2026' }),
  });
  return ((await response.json()) as { bearerToken: string }).bearerToken;
}

async function provision(url: string, count: number) {
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

async function waitForCuts(journal: string, atLeast: number) {
  for (;;) {
    try {
      if (journalCuts(journal).size >= atLeast) return;
    } catch {}
    await sleep(100);
  }
}

interface Scenario {
  name: string;
  broker: 'embedded' | 'mosquitto';
  /** runs while the cuts flow; may replace the server or the agents */
  fault(context: FaultContext): Promise<void>;
}
interface FaultContext {
  server: Awaited<ReturnType<typeof startServerProcess>>;
  serverEnv: Record<string, string>;
  mosquitto: Awaited<ReturnType<typeof startMosquitto>> | null;
  agents: ReturnType<typeof startAgents>;
  restartAgents(): ReturnType<typeof startAgents>;
  setServer(server: FaultContext['server']): void;
}

async function runScenario(scenario: Scenario) {
  const database = await postgres.createDatabase(`chaos_${scenario.name.replaceAll('-', '_')}`);
  const work = tempDir(`kerf-chaos-${scenario.name}-`);
  const serverPassword = randomBytes(12).toString('hex');
  const mosquitto =
    scenario.broker === 'mosquitto'
      ? await startMosquitto({ serverUser: 'kerf-server', serverPassword })
      : null;
  const mqttPort = await freePort();
  const serverEnv: Record<string, string> = {
    DATABASE_URL: database,
    DEMO: '1',
    PORT: String(await freePort()),
    MQTT_PORT: String(mqttPort),
    DATA_DIR: join(work, 'data'),
    SERVER_LOG: join(work, 'server.log'),
    ...(mosquitto ? { MQTT_URL: `mqtt://kerf-server:${serverPassword}@127.0.0.1:${mosquitto.port}` } : {}),
  };
  let server = await startServerProcess(serverEnv);
  const { agents: credentials } = await provision(server.url, MACHINES);
  mosquitto?.addMachines(credentials);
  await sleep(300);
  const credentialsFile = join(work, 'credentials.json');
  writeFileSync(
    credentialsFile,
    JSON.stringify({
      brokerUrl: mosquitto ? mosquitto.url : `mqtt://127.0.0.1:${mqttPort}`,
      agents: credentials,
    }),
  );
  const journal = join(work, 'journal.log');
  const agentOptions = {
    credentialsFile,
    machines: MACHINES,
    cutsPerMachine: CUTS_PER_MACHINE,
    outbox: join(work, 'outbox'),
    journal,
  };
  const baseline = await counterTotals(database);
  let agents = startAgents(agentOptions);
  const started = Date.now();
  await waitForCuts(journal, 3000);
  await scenario.fault({
    server,
    serverEnv,
    mosquitto,
    agents,
    restartAgents: () => {
      agents = startAgents({ ...agentOptions, seed: 2 });
      return agents;
    },
    setServer: (next) => {
      server = next;
    },
  });
  const code = await agents.exited;
  expect(code, agents.output()).toBe(0);
  const figures = {
    ...(await countCuts(database, journalCuts(journal), baseline)),
    seconds: (Date.now() - started) / 1000,
  };
  results[scenario.name] = figures;
  await server.stop();
  mosquitto?.stop();
  return figures;
}

describe('0 lost, 0 duplicated cuts through faults (reliability.md G)', () => {
  it('broker kill -9 and restart (Mosquitto, external broker mode)', async () => {
    const figures = await runScenario({
      name: 'broker-restart',
      broker: 'mosquitto',
      fault: async ({ mosquitto }) => {
        await mosquitto!.restart('SIGKILL');
      },
    });
    expect(figures).toMatchObject({ lost: 0, duplicated: 0, counterMismatch: 0 });
    expect(figures.published).toBeGreaterThanOrEqual(MACHINES * CUTS_PER_MACHINE);
  });

  it('server process kill -9 and restart (embedded broker dies with it)', async () => {
    const figures = await runScenario({
      name: 'server-kill',
      broker: 'embedded',
      fault: async ({ server, serverEnv, setServer }) => {
        await server.kill();
        await sleep(1000);
        setServer(await startServerProcess(serverEnv));
      },
    });
    expect(figures).toMatchObject({ lost: 0, duplicated: 0, counterMismatch: 0 });
    expect(figures.published).toBeGreaterThanOrEqual(MACHINES * CUTS_PER_MACHINE);
  });

  it('PostgreSQL crash (pg_ctl -m immediate) and restart after 3 s', async () => {
    const figures = await runScenario({
      name: 'postgres-restart',
      broker: 'embedded',
      fault: async () => {
        postgres.crash();
        await sleep(3000);
        postgres.start();
      },
    });
    expect(figures).toMatchObject({ lost: 0, duplicated: 0, counterMismatch: 0 });
    expect(figures.published).toBeGreaterThanOrEqual(MACHINES * CUTS_PER_MACHINE);
  });

  it('agent process kill -9 and restart on the same disk outbox', async () => {
    const figures = await runScenario({
      name: 'agent-restart',
      broker: 'embedded',
      fault: async ({ agents, restartAgents }) => {
        agents.kill();
        await agents.exited;
        await sleep(500);
        restartAgents();
      },
    });
    expect(figures).toMatchObject({ lost: 0, duplicated: 0, counterMismatch: 0 });
    expect(figures.published).toBeGreaterThanOrEqual(MACHINES * CUTS_PER_MACHINE);
  });
});

describe('two server instances on one PostgreSQL and one Mosquitto', () => {
  it('deliver every cut event to live subscribers on both', async () => {
    const database = await postgres.createDatabase('chaos_two_instances');
    const work = tempDir('kerf-chaos-two-');
    const serverPassword = randomBytes(12).toString('hex');
    const mosquitto = await startMosquitto({ serverUser: 'kerf-server', serverPassword });
    const env = {
      DATABASE_URL: database,
      DEMO: '1',
      MQTT_URL: `mqtt://kerf-server:${serverPassword}@127.0.0.1:${mosquitto.port}`,
      DATA_DIR: join(work, 'data'),
    };
    const first = await startServerProcess(env);
    const second = await startServerProcess(env);
    const { agents: credentials } = await provision(first.url, 2);
    mosquitto.addMachines(credentials);
    await sleep(300);
    const sockets = [];
    for (const server of [first, second]) {
      const live = await openLive(server.url);
      const token = await signIn(server.url, 'operator');
      for (const machine of credentials)
        live.send({ token, type: 'MACHINE_CUT', resource: machine.machineId });
      await live.next((f) => f.kind === 'SUBSCRIBED' && f.resource === credentials[1]!.machineId);
      sockets.push(live);
    }
    const credentialsFile = join(work, 'credentials.json');
    writeFileSync(credentialsFile, JSON.stringify({ brokerUrl: mosquitto.url, agents: credentials }));
    const journal = join(work, 'journal.log');
    const agents = startAgents({
      credentialsFile,
      machines: 2,
      cutsPerMachine: 1500,
      outbox: join(work, 'outbox'),
      journal,
    });
    expect(await agents.exited, agents.output()).toBe(0);
    await sleep(1000);
    const published = journalCuts(journal).size;
    const delivered = sockets.map((live) =>
      live.frames
        .filter((f): f is Extract<LiveServerMessage, { kind: 'EVENT' }> => f.kind === 'EVENT')
        .reduce((sum, f) => sum + (f.data as { cuts: number }).cuts, 0),
    );
    results['two-instances'] = { published, deliveredPerInstance: delivered };
    expect(delivered).toEqual([published, published]);
    for (const live of sockets) live.close();
    await Promise.all([first.stop(), second.stop()]);
    mosquitto.stop();
  });
});
