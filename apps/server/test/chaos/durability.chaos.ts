import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countCuts,
  counterTotals,
  freePort,
  journalCuts,
  type PrivatePostgres,
  provision,
  sleep,
  startAgents,
  startMosquitto,
  startPostgresAndWait,
  startServerProcess,
  tempDir,
  waitForCuts,
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

/**
 * One fault at a time, 10 machines. CI runs the faults the campaign (campaign.chaos.ts) does not
 * (the embedded broker dying with the server, the agent's own crash); CHAOS_FULL=1 also runs the
 * broker and PostgreSQL faults alone, which the campaign covers together at 50 machines.
 */
const FULL = process.env.CHAOS_FULL === '1';
// not registered at all in CI (rather than reported as skipped)
if (FULL) {
  describe('single faults the campaign also covers (CHAOS_FULL=1)', () => {
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
  });
}

describe('0 lost, 0 duplicated cuts through faults (reliability.md G)', () => {
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

// Two instances on one PostgreSQL and one Mosquitto: scale-out.chaos.ts (behind nginx, one killed).
