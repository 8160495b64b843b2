import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import type { SetupCheckRun, TokenPair } from '@kerf/contracts';
import { MachineAgent } from '@kerf/edge/agent';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import {
  machineIdsBySerial,
  provisionMachine,
  type TestMachine,
  tenantOf,
} from '../../../test/machine-helpers';
import { freePort, waitFor } from '../../../test/process-tree';
import { queryRows } from '../../db/client';

/**
 * The running edge agent when 8883 is blocked (issue 16): its direct broker address does not
 * answer, so it falls back to MQTT over WebSocket on the HTTP port (`/mqtt`), keeps delivering its
 * outbox losslessly, tries the direct address again and goes back to it once it answers. The
 * "direct port" is a TCP relay to the embedded broker that the test opens and closes (the site's
 * firewall). Every port is picked at run time.
 */
let t: TestApp;
let httpPort: number;
let machine: TestMachine;
let directPort: number;
let admin: TokenPair;
let relay: Server | null = null;
/** The relay's live connections (closing a server does not end them; the firewall does). */
const relayed = new Set<Socket>();

/** The site's firewall opens the direct port: a relay to the broker. */
function openDirectPort(): Promise<void> {
  return new Promise((resolve) => {
    relay = createServer((inbound) => {
      const outbound = tcpConnect({ host: '127.0.0.1', port: t.app.kerf.bus.brokerPort! });
      relayed.add(inbound);
      inbound.on('close', () => {
        relayed.delete(inbound);
        outbound.destroy();
      });
      inbound.pipe(outbound).pipe(inbound);
      inbound.on('error', () => outbound.destroy());
      outbound.on('error', () => inbound.destroy());
    });
    relay.listen(directPort, '127.0.0.1', () => resolve());
  });
}

async function cutsOf(boot: string) {
  const [row] = await queryRows<{ n: number; distinct_seq: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n, count(DISTINCT seq)::int AS distinct_seq FROM cuts WHERE boot_id = ${boot}`,
  );
  return row!;
}

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  httpPort = typeof address === 'object' && address ? address.port : 0;
  admin = await t.login('demo', 'admin');
  const ids = await machineIdsBySerial(t, admin, ['PM-92-0004']);
  machine = await provisionMachine(t, tenantOf(admin), ids['PM-92-0004']!);
  directPort = await freePort(); // closed: the firewall blocks it
});
afterAll(async () => {
  relay?.close();
  await t?.close();
});

describe('the edge agent when the direct MQTT port is blocked', () => {
  it('falls back to WebSocket on the HTTP port, delivers every event exactly once, and goes back when the port opens', async () => {
    const agent = new MachineAgent({
      brokerUrl: `mqtt://127.0.0.1:${directPort}`,
      websocketUrl: `ws://127.0.0.1:${httpPort}/mqtt`,
      fallbackAfterMs: 1000,
      directRetryMs: 500,
      tenantId: machine.tenantId,
      serial: machine.serial,
      password: machine.password,
      outboxDir: null,
      heartbeatMs: 0,
      ackTimeoutMs: 2000,
      doctor: { server: `http://localhost:${httpPort}`, mqttsPort: directPort, timeoutMs: 2000 },
    });
    // Events recorded before any connection wait in the outbox.
    for (let i = 0; i < 50; i++) agent.record({ type: 'cut' });
    await agent.start();
    try {
      await waitFor(
        () => agent.getStats().connected,
        10_000,
        () => JSON.stringify(agent.getStats()),
      );
      expect(agent.getTransport()).toEqual({ transport: 'WEBSOCKET', connected: true });
      for (let i = 0; i < 150; i++) agent.record({ type: 'cut' });
      expect(await agent.drain(15_000)).toBe(true);
      expect(await cutsOf(agent.boot)).toEqual({ n: 200, distinct_seq: 200 });
      expect(agent.getStats()).toMatchObject({ fallbacks: 1, directRestores: 0, transport: 'WEBSOCKET' });

      // The assistant asks the agent (over its WebSocket connection) and says why it uses it.
      const started = await t.request({
        method: 'POST',
        url: `/api/printing-shop/cutting-machines/${machine.machineId}/setup-checks`,
        headers: bearer(admin),
      });
      expect(started.statusCode).toBe(201);
      const runUrl = `/api/printing-shop/cutting-machines/${machine.machineId}/setup-checks/${started.json().id}`;
      let run = started.json() as SetupCheckRun;
      for (let i = 0; i < 100 && run.state === 'RUNNING'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        run = (await t.request({ method: 'GET', url: runUrl, headers: bearer(admin) })).json();
      }
      const checks = Object.fromEntries(run.checks.map((c) => [c.check, c]));
      expect(checks.SSL).toMatchObject({ state: 'ERROR', advice: 'PORT_8883_BLOCKED' });
      expect(checks.MQTT).toMatchObject({
        state: 'WARNING', // the fallback works: a warning, not an error (issue 32)
        advice: 'MQTT_WEBSOCKET_FALLBACK',
        detail: { transport: 'WEBSOCKET' },
      });

      // IT opens 8883: the agent finds it at its next retry and goes back, still losslessly.
      await openDirectPort();
      for (let i = 0; i < 100; i++) agent.record({ type: 'cut' });
      await waitFor(
        () => agent.getStats().transport === 'DIRECT' && agent.getStats().connected,
        10_000,
        () => JSON.stringify(agent.getStats()),
      );
      for (let i = 0; i < 100; i++) agent.record({ type: 'cut' });
      expect(await agent.drain(15_000)).toBe(true);
      expect(await cutsOf(agent.boot)).toEqual({ n: 400, distinct_seq: 400 });
      expect(agent.getStats()).toMatchObject({ directRestores: 1, pending: 0 });

      // The firewall closes it again mid-session: back to WebSocket, nothing lost.
      const closed = new Promise<void>((resolve) => relay!.close(() => resolve()));
      for (const socket of relayed) socket.destroy();
      await closed;
      relay = null;
      for (let i = 0; i < 100; i++) agent.record({ type: 'cut' });
      await waitFor(
        () => agent.getStats().transport === 'WEBSOCKET' && agent.getStats().connected,
        10_000,
        () => JSON.stringify(agent.getStats()),
      );
      expect(await agent.drain(15_000)).toBe(true);
      expect(await cutsOf(agent.boot)).toEqual({ n: 500, distinct_seq: 500 });
      expect(agent.getStats().fallbacks).toBe(2);
    } finally {
      await agent.stop();
    }
  }, 60_000);
});
