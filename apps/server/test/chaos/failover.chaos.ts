import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  countCuts,
  counterTotals,
  freePort,
  journalCuts,
  type PrivatePostgres,
  provision,
  signIn,
  sleep,
  startAgents,
  startEndpoint,
  startPrivatePostgres,
  startServerProcess,
  startStandby,
  tempDir,
  waitForCuts,
} from './chaos-support';

/**
 * PostgreSQL failover (issue 35, item 1): a primary with a synchronous streaming standby, Kerf
 * reaching "the primary" through one endpoint that moves (here a TCP relay; HAProxy or a managed
 * service's endpoint in production). 20 machines publish 5,000 cuts; halfway the primary is killed
 * with SIGKILL. The endpoint moves to the standby before it is promoted — Kerf must refuse the
 * read-only server (503, never a write, never a 500) — and then the standby is promoted. Every
 * acknowledged cut was on both servers when it was acknowledged (synchronous replication), so every
 * cut is in the new primary exactly once, no agent gives up, the API answers again soon after the
 * promotion and the live socket goes on delivering.
 */
async function machineTotals(url: string, ids: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; total: string }>(
      'SELECT id, total_cuts AS total FROM cutting_machines WHERE id = ANY($1)',
      [ids],
    );
    return ids.map((id) => Number(rows.find((row) => row.id === id)?.total));
  } finally {
    await client.end();
  }
}

const MACHINES = 20;
const CUTS_PER_MACHINE = 250;

let primary: PrivatePostgres;
let standby: Awaited<ReturnType<typeof startStandby>>;
let endpoint: Awaited<ReturnType<typeof startEndpoint>>;

beforeAll(async () => {
  primary = await startPrivatePostgres({ settings: ["synchronous_standby_names = '*'"] });
  standby = await startStandby(primary);
  endpoint = await startEndpoint(primary.port);
});
afterAll(async () => {
  await endpoint?.close();
  standby?.stop();
  primary?.stop();
});

describe('PostgreSQL failover to a synchronous standby', () => {
  it('loses and duplicates no cut, refuses the standby until it is promoted, and answers again within 30 s', {
    timeout: 600_000,
  }, async () => {
    const name = 'chaos_failover';
    await primary.createDatabase(name);
    const work = tempDir('kerf-chaos-failover-');
    const mqttPort = await freePort();
    const server = await startServerProcess({
      DATABASE_URL: endpoint.url(name),
      DEMO: '1',
      PORT: String(await freePort()),
      MQTT_PORT: String(mqttPort),
      DATA_DIR: join(work, 'data'),
      SERVER_LOG: join(work, 'server.log'),
      JWT_SECRET: `failover-${randomBytes(16).toString('hex')}`,
    });
    try {
      const { agents: credentials } = await provision(server.url, MACHINES);
      const credentialsFile = join(work, 'credentials.json');
      writeFileSync(
        credentialsFile,
        JSON.stringify({ brokerUrl: `mqtt://127.0.0.1:${mqttPort}`, agents: credentials }),
      );
      const token = await signIn(server.url);

      // a live screen watching two machines' cuts through the whole failover
      const frames: { at: number; machineId: string; totalCuts: number }[] = [];
      let subscribed = 0;
      const live = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/live`);
      live.on('message', (data) => {
        const frame = JSON.parse(data.toString());
        if (frame.kind === 'SUBSCRIBED') subscribed += 1;
        if (frame.kind === 'EVENT' && frame.type === 'MACHINE_CUT')
          frames.push({ at: Date.now(), machineId: frame.data.machineId, totalCuts: frame.data.totalCuts });
      });
      await new Promise((resolve, reject) => {
        live.once('open', resolve);
        live.once('error', reject);
      });
      for (const agent of credentials.slice(0, 2))
        live.send(JSON.stringify({ token, type: 'MACHINE_CUT', resource: agent.machineId }));
      for (const until = Date.now() + 20_000; subscribed < 2 && Date.now() < until; ) await sleep(100);
      expect(subscribed).toBe(2);

      const journal = join(work, 'journal.log');
      const baseline = await counterTotals(primary.url(name));
      const agents = startAgents({
        credentialsFile,
        machines: MACHINES,
        cutsPerMachine: CUTS_PER_MACHINE,
        outbox: join(work, 'outbox'),
        journal,
      });
      await waitForCuts(journal, (MACHINES * CUTS_PER_MACHINE) / 2);

      primary.kill9();
      const killedAt = Date.now();
      // the endpoint moves first: the standby answers, read-only, until it is promoted
      endpoint.switchTo(standby.port);
      const statuses = new Map<number, number>();
      const api = async () => {
        try {
          const response = await fetch(`${server.url}/api/printing-shop/printing-shops`, {
            headers: { authorization: `Bearer ${token}` },
          });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          return response.status;
        } catch {
          return null;
        }
      };
      const readyBefore = await fetch(`${server.url}/api/ready`).then((r) => r.status);
      for (const until = Date.now() + 3000; Date.now() < until; ) {
        await api();
        await sleep(200);
      }
      const refusedWhileStandby = new Map(statuses);

      standby.promote();
      const promotedAt = Date.now();
      let answeredAt: number | null = null;
      while (answeredAt === null && Date.now() - promotedAt < 60_000) {
        if ((await api()) === 200) answeredAt = Date.now();
        else await sleep(200);
      }

      const code = await agents.exited;
      expect(code, agents.output()).toBe(0);
      const figures = await countCuts(standby.url(name), journalCuts(journal), baseline);
      // the live socket, never reopened, goes on after the promotion and ends on each watched
      // machine's stored total
      const watched = credentials.slice(0, 2).map((agent) => agent.machineId);
      const stored = await machineTotals(standby.url(name), watched);
      const lastSeen = () =>
        watched.map((id) => frames.filter((f) => f.machineId === id).at(-1)?.totalCuts ?? null);
      for (const until = Date.now() + 20_000; Date.now() < until; await sleep(200))
        if (lastSeen().every((total, i) => total === stored[i])) break;
      const framesAfter = frames.filter((f) => f.at > promotedAt).length;
      live.terminate();
      console.log(
        `CHAOS failover ${JSON.stringify({
          ...figures,
          readyWhileStandby: readyBefore,
          answersWhileStandby: Object.fromEntries(refusedWhileStandby),
          apiBackAfterPromotionMs: answeredAt === null ? null : answeredAt - promotedAt,
          killToPromotionMs: promotedAt - killedAt,
          liveFramesBefore: frames.length - framesAfter,
          liveFramesAfterPromotion: framesAfter,
          liveLastTotals: lastSeen(),
          storedTotals: stored,
        })}`,
      );
      expect(figures).toMatchObject({ lost: 0, duplicated: 0, counterMismatch: 0 });
      expect(figures.published).toBeGreaterThanOrEqual(MACHINES * CUTS_PER_MACHINE);
      // the read-only standby was never taken for the primary, and nothing failed with a 500
      expect(refusedWhileStandby.get(200) ?? 0).toBe(0);
      expect(statuses.get(500) ?? 0).toBe(0);
      expect(answeredAt).not.toBeNull();
      expect(answeredAt! - promotedAt).toBeLessThan(30_000);
      expect(framesAfter).toBeGreaterThan(0);
      expect(lastSeen()).toEqual(stored);
    } finally {
      await server.stop();
    }
  });
});
