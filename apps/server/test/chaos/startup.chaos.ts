import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countCuts,
  counterTotals,
  journalCuts,
  type PrivatePostgres,
  provision,
  sleep,
  spawnServerProcess,
  startAgents,
  startMosquitto,
  startPrivatePostgres,
  startServerProcess,
  tempDir,
} from './chaos-support';

/**
 * Start-up with PostgreSQL or the broker down (reliability.md T-CH-07): the process stays up (a
 * service manager sees no crash loop), `/api/ready` says 503 or nothing, and the server is ready
 * within 10 s after the dependency returns. The database was migrated and seeded by an earlier
 * start, as after a power cut where the database host comes back later than the application's.
 */
const DOWN_SECONDS = 8;

let postgres: PrivatePostgres;
let mosquitto: Awaited<ReturnType<typeof startMosquitto>>;
let env: Record<string, string>;
let work: string;
beforeAll(async () => {
  postgres = await startPrivatePostgres();
  const database = await postgres.createDatabase('chaos_startup');
  work = tempDir('kerf-chaos-startup-');
  const serverPassword = randomBytes(12).toString('hex');
  mosquitto = await startMosquitto({ serverUser: 'kerf-server', serverPassword });
  env = {
    DATABASE_URL: database,
    DEMO: '1',
    MQTT_URL: `mqtt://kerf-server:${serverPassword}@127.0.0.1:${mosquitto.port}`,
    DATA_DIR: join(work, 'data'),
    SERVER_LOG: join(work, 'server.log'),
  };
  // first start: migrations and the demo seed
  const first = await startServerProcess(env);
  await first.stop();
}, 300_000);
afterAll(async () => {
  await mosquitto?.stop();
  postgres?.stop();
});

const figure = (text: string) => console.log(`CHAOS ${text}`);
const logOf = () => {
  try {
    return readFileSync(env.SERVER_LOG!, 'utf8');
  } catch {
    return '';
  }
};

/** Polls `/api/ready` every 100 ms; answers the seconds until it says 200. */
async function secondsToReady(server: Awaited<ReturnType<typeof spawnServerProcess>>) {
  const t0 = Date.now();
  await server.ready(60_000);
  return (Date.now() - t0) / 1000;
}

describe('start-up with a dependency down (T-CH-07)', () => {
  it('PostgreSQL down: no exit while it is down, ready within 10 s after it returns', async () => {
    postgres.stop();
    const server = await spawnServerProcess(env);
    // booted as far as the database (on a busy machine the process start alone takes a while)
    const until = Date.now() + 180_000;
    while (!logOf().includes('waiting for PostgreSQL') && Date.now() < until) await sleep(200);
    expect(logOf()).toContain('waiting for PostgreSQL');
    await sleep(DOWN_SECONDS * 1000);
    expect(server.child.exitCode, 'the server exited while PostgreSQL was down').toBeNull();
    expect(await server.readyStatus()).not.toBe(200);
    postgres.start();
    const seconds = await secondsToReady(server);
    figure(
      `start-up with PostgreSQL down ${DOWN_SECONDS} s: 0 exits, ready ${seconds.toFixed(1)} s after PostgreSQL returned`,
    );
    expect(seconds).toBeLessThan(10);
    await server.stop();
  });

  it('broker down: no exit, ready within 10 s after it returns, and the ingest then works', async () => {
    await mosquitto.stop();
    const server = await spawnServerProcess(env);
    // it does not wait for the broker longer than 5 s: it listens and says 503 meanwhile
    const until = Date.now() + 180_000;
    while ((await server.readyStatus()) !== 503 && Date.now() < until) await sleep(200);
    expect(await server.readyStatus()).toBe(503);
    await sleep(DOWN_SECONDS * 1000);
    expect(server.child.exitCode, 'the server exited while the broker was down').toBeNull();
    await mosquitto.start();
    const seconds = await secondsToReady(server);
    figure(
      `start-up with the broker down (503 for ${DOWN_SECONDS} s): 0 exits, ready ${seconds.toFixed(1)} s after Mosquitto returned`,
    );
    expect(seconds).toBeLessThan(10);

    // the ingest subscribed although the broker was away when the server started
    const { agents: credentials } = await provision(server.url, 2);
    mosquitto.addMachines(credentials);
    await sleep(300);
    const credentialsFile = join(work, 'credentials.json');
    writeFileSync(credentialsFile, JSON.stringify({ brokerUrl: mosquitto.url, agents: credentials }));
    const journal = join(work, 'journal.log');
    const baseline = await counterTotals(env.DATABASE_URL!);
    const agents = startAgents({
      credentialsFile,
      machines: 2,
      cutsPerMachine: 100,
      outbox: join(work, 'outbox'),
      journal,
    });
    expect(await agents.exited, agents.output()).toBe(0);
    const counted = await countCuts(env.DATABASE_URL!, journalCuts(journal), baseline);
    figure(`after the broker returned: ${counted.published} cuts published, lost ${counted.lost}`);
    expect(counted).toMatchObject({ lost: 0, duplicated: 0, counterMismatch: 0 });
    await server.stop();
  });
});
