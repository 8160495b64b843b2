import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countCuts,
  counterTotals,
  journalCuts,
  type PrivatePostgres,
  provision,
  type ServerProcess,
  sleep,
  spawnServerProcess,
  startAgents,
  startMosquitto,
  startPrivatePostgres,
  startServerProcess,
  tempDir,
  waitForCuts,
} from './chaos-support';

/**
 * Every fault of reliability.md G in one run, while 50 machines (edge agents with their disk
 * outbox, one process) cut: Mosquitto restart and kill -9, PostgreSQL immediate shutdown, the
 * server killed -9 several times, and an ingest outage that leaves a backlog. Counted against the
 * agents' journal: 0 lost, 0 duplicated.
 *
 * CI runs the short version (10,000 cuts, a 10 s outage and 2 more kills, about two minutes);
 * CHAOS_FULL=1 runs 50,000 cuts, a 60 s outage and 6 more kills.
 */
const FULL = process.env.CHAOS_FULL === '1';
const MACHINES = 50;
const CUTS_PER_MACHINE = FULL ? 1000 : 200;
/** simulated-time factor: 2.4 cuts per machine and second at 25 (the stream lasts ~85 s; ~4.5 min full) */
const SPEED = FULL ? 40 : 25;
/** besides the outage, itself a kill -9 */
const SERVER_KILLS = FULL ? 6 : 2;
const OUTAGE_SECONDS = FULL ? 60 : 10;

let postgres: PrivatePostgres;
beforeAll(async () => {
  postgres = await startPrivatePostgres();
});
afterAll(() => {
  postgres?.stop();
});

/** One line per figure, for the closing note. */
const figure = (text: string) => console.log(`CHAOS ${text}`);

describe('all faults in one run, 50 machines (reliability.md T-CH-01…05)', () => {
  it(`${MACHINES * CUTS_PER_MACHINE} cuts: 0 lost, 0 duplicated`, {
    timeout: FULL ? 900_000 : 240_000,
  }, async () => {
    const database = await postgres.createDatabase('chaos_campaign');
    const work = tempDir('kerf-chaos-campaign-');
    const serverPassword = randomBytes(12).toString('hex');
    const mosquitto = await startMosquitto({ serverUser: 'kerf-server', serverPassword });
    const serverEnv: Record<string, string> = {
      DATABASE_URL: database,
      DEMO: '1',
      MQTT_URL: `mqtt://kerf-server:${serverPassword}@127.0.0.1:${mosquitto.port}`,
      DATA_DIR: join(work, 'data'),
      SERVER_LOG: join(work, 'server.log'),
    };
    let server: ServerProcess = await startServerProcess(serverEnv);
    const { agents: credentials } = await provision(server.url, MACHINES);
    mosquitto.addMachines(credentials);
    await sleep(300);
    const credentialsFile = join(work, 'credentials.json');
    writeFileSync(credentialsFile, JSON.stringify({ brokerUrl: mosquitto.url, agents: credentials }));
    const journal = join(work, 'journal.log');
    const baseline = await counterTotals(database);
    const agents = startAgents({
      credentialsFile,
      machines: MACHINES,
      cutsPerMachine: CUTS_PER_MACHINE,
      outbox: join(work, 'outbox'),
      journal,
      speed: SPEED,
    });
    const started = Date.now();
    const total = MACHINES * CUTS_PER_MACHINE;
    const faults: string[] = [];
    const restarts: number[] = [];
    /** waits until a share of the cuts is stamped, then notes the fault */
    const at = async (share: number, name: string) => {
      await Promise.race([waitForCuts(journal, Math.floor(total * share)), agents.exited]);
      faults.push(`${name} at ${journalCuts(journal).size} cuts`);
    };
    const restartServer = async (downMs: number) => {
      await server.kill();
      await sleep(downMs);
      const t0 = Date.now();
      server = await spawnServerProcess(serverEnv);
      await server.ready(180_000);
      restarts.push((Date.now() - t0) / 1000);
    };

    await at(0.05, 'broker SIGTERM + restart');
    await mosquitto.restart('SIGTERM');
    await at(0.15, 'broker kill -9 + restart');
    await mosquitto.restart('SIGKILL');
    await at(0.25, 'PostgreSQL immediate shutdown, restart after 3 s');
    postgres.crash();
    await sleep(3000);
    postgres.start();
    // the outage first among the server faults, so that it surely falls into the cut stream
    await at(0.3, `ingest outage ${OUTAGE_SECONDS} s (server killed -9, started again after)`);
    await server.kill();
    const outageFrom = journalCuts(journal).size;
    await sleep(OUTAGE_SECONDS * 1000);
    const back = Date.now();
    server = await spawnServerProcess(serverEnv);
    await server.ready(180_000);
    const readyAfterOutage = (Date.now() - back) / 1000;
    // the backlog is drained when every cut stamped until the server came back is stored
    const stampedBack = journalCuts(journal).size;
    const backlog = stampedBack - outageFrom;
    while ((await counterTotals(database)).rows - baseline.rows < stampedBack) await sleep(200);
    const drainSeconds = (Date.now() - back) / 1000 - readyAfterOutage;
    for (let i = 0; i < SERVER_KILLS; i++) {
      await at(0.45 + (0.4 * i) / SERVER_KILLS, `server kill -9 #${i + 1}`);
      await restartServer(500);
    }

    const code = await agents.exited;
    expect(code, agents.output()).toBe(0);
    const counted = await countCuts(database, journalCuts(journal), baseline);
    const seconds = (Date.now() - started) / 1000;
    await server.stop();
    await mosquitto.stop();

    for (const fault of faults) figure(`fault: ${fault}`);
    figure(
      `campaign: ${MACHINES} machines, ${counted.published} cuts published, ${counted.distinct} stored, ` +
        `lost ${counted.lost}, duplicated ${counted.duplicated}, counter mismatches ${counted.counterMismatch}, ` +
        `${seconds.toFixed(0)} s`,
    );
    figure(
      `server kill -9 ×${SERVER_KILLS} after the outage: ready again after ${restarts.map((s) => s.toFixed(1)).join(', ')} s (process start included)`,
    );
    figure(
      `ingest outage ${OUTAGE_SECONDS} s: backlog of ${backlog} cuts stamped until the server was back (kept in the agents' outbox), server ready ${readyAfterOutage.toFixed(1)} s after its start, backlog stored ${drainSeconds.toFixed(1)} s after that`,
    );
    expect(counted).toMatchObject({ lost: 0, duplicated: 0, counterMismatch: 0 });
    expect(counted.published).toBeGreaterThanOrEqual(10_000);
    expect(backlog).toBeGreaterThan(0);
  });
});
