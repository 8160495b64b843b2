import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  type PrivatePostgres,
  provision,
  signIn,
  sleep,
  startAgents,
  startPrivatePostgres,
  startServerProcess,
  startStandby,
  tempDir,
} from './chaos-support';

/**
 * Reports on a replica (issue 35, item 2): with `DATABASE_READ_URL` naming a streaming standby,
 * reports read from it — under row-level security there too — and say how far behind it is; once it
 * has caught up their answer is identical to the answer of an instance that reads the primary.
 * Replay on the standby is paused to show that the reports really come from it: new cuts are on the
 * primary, the replica's report does not have them yet and says it lags. The tenant export reads
 * from the replica as well (and says so in its manifest).
 */
let primary: PrivatePostgres;
let standby: Awaited<ReturnType<typeof startStandby>>;

beforeAll(async () => {
  primary = await startPrivatePostgres();
  standby = await startStandby(primary);
});
afterAll(() => {
  standby?.stop();
  primary?.stop();
});

async function onStandby(sql: string) {
  const client = new pg.Client({ connectionString: standby.url() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('reports on a streaming replica', () => {
  it('read from the replica, say how far behind it is, and match the primary once caught up', {
    timeout: 600_000,
  }, async () => {
    const name = 'chaos_read_replica';
    await primary.createDatabase(name);
    const work = tempDir('kerf-chaos-replica-');
    const mqttPort = await freePort();
    const common = { DATABASE_URL: primary.url(name), DEMO: '1', JWT_SECRET: 'replica-'.padEnd(40, 'x') };
    const replicaReader = await startServerProcess({
      ...common,
      DATABASE_READ_URL: standby.url(name),
      MQTT_PORT: String(mqttPort),
      DATA_DIR: join(work, 'a'),
      SERVER_LOG: join(work, 'a.log'),
    });
    const primaryReader = await startServerProcess({
      ...common,
      MQTT_PORT: String(await freePort()),
      DATA_DIR: join(work, 'b'),
      SERVER_LOG: join(work, 'b.log'),
    });
    try {
      const { agents: credentials } = await provision(replicaReader.url, 4);
      const credentialsFile = join(work, 'credentials.json');
      writeFileSync(
        credentialsFile,
        JSON.stringify({ brokerUrl: `mqtt://127.0.0.1:${mqttPort}`, agents: credentials }),
      );
      const publish = async (seed: number) => {
        const agents = startAgents({
          credentialsFile,
          machines: 4,
          cutsPerMachine: 50,
          outbox: join(work, `outbox-${seed}`),
          journal: join(work, `journal-${seed}.log`),
          seed,
        });
        expect(await agents.exited, agents.output()).toBe(0);
      };
      const token = await signIn(replicaReader.url, 'manager');
      // biome-ignore lint/suspicious/noExplicitAny: answers of the running server, checked by the assertions
      const get = async (base: string, path: string): Promise<any> => {
        const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
        expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
        return response.json();
      };
      const source = () => get(replicaReader.url, '/api/report/reports/read-source');
      const admin = await signIn(replicaReader.url, 'admin');
      /** the tenant export's manifest (the admin's download), from either instance */
      const exportManifest = async (base: string) => {
        const response = await fetch(`${base}/api/tenant/export`, {
          headers: { authorization: `Bearer ${admin}` },
        });
        expect(response.status).toBe(200);
        const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
        return JSON.parse(new TextDecoder().decode(files['manifest.json']!)) as {
          readFrom: { replica: boolean; lagSeconds?: number | null };
          rows: Record<string, number>;
        };
      };
      const caughtUp = async () => {
        for (const until = Date.now() + 60_000; Date.now() < until; await sleep(250))
          if ((await source()).lagSeconds === 0) return;
        throw new Error('the replica did not catch up');
      };
      const startDate = new Date(Date.now() - 2 * 86_400_000).toISOString();
      await publish(1);
      await caughtUp();

      // replay paused: the cuts of a second run reach the primary only
      await onStandby('SELECT pg_wal_replay_pause()');
      await publish(2);
      const endDate = new Date(Date.now() + 1000).toISOString();
      await sleep(1500);
      const report = `/api/report/reports/cutting-machines/total-uptime?startDate=${encodeURIComponent(startDate)}&endDate=${encodeURIComponent(endDate)}&timeZone=UTC`;
      const cutsOf = (rows: { cuts: number }[]) => rows.reduce((sum, row) => sum + row.cuts, 0);
      const fromPrimary = await get(primaryReader.url, report);
      const behind = await get(replicaReader.url, report);
      const lagging = await source();
      expect(lagging.source).toBe('REPLICA');
      expect(lagging.lagSeconds).toBeGreaterThan(0);
      expect(cutsOf(behind)).toBeLessThan(cutsOf(fromPrimary));
      expect(await get(primaryReader.url, '/api/report/reports/read-source')).toMatchObject({
        source: 'PRIMARY',
        lagSeconds: 0,
      });
      // the tenant export reads the replica too, and its manifest says so
      const exportBehind = await exportManifest(replicaReader.url);
      const exportPrimary = await exportManifest(primaryReader.url);
      expect(exportBehind.readFrom.replica).toBe(true);
      expect(exportBehind.readFrom.lagSeconds).toBeGreaterThan(0);
      expect(exportPrimary.readFrom).toEqual({ replica: false });
      expect(exportBehind.rows.cuts).toBeLessThan(exportPrimary.rows.cuts!);

      await onStandby('SELECT pg_wal_replay_resume()');
      await caughtUp();
      const caught = await get(replicaReader.url, report);
      console.log(
        `CHAOS read-replica ${JSON.stringify({
          cutsPrimary: cutsOf(fromPrimary),
          cutsReplicaPaused: cutsOf(behind),
          lagWhilePaused: lagging.lagSeconds,
          cutsReplicaCaughtUp: cutsOf(caught),
        })}`,
      );
      expect(caught).toEqual(fromPrimary);
      const exportCaught = await exportManifest(replicaReader.url);
      // caught up, but the primary goes on writing (heartbeats, presence): a WAL record in flight
      // at the moment of the export reads as a fraction of a second behind, not as a lagging replica
      expect(exportCaught.readFrom.replica).toBe(true);
      expect(exportCaught.readFrom.lagSeconds).toBeLessThan(2);
      expect(exportCaught.rows.cuts).toBe(exportPrimary.rows.cuts);
      expect(cutsOf(caught)).toBeGreaterThanOrEqual(4 * 100);
    } finally {
      await Promise.all([replicaReader.stop(), primaryReader.stop()]);
    }
  });
});
