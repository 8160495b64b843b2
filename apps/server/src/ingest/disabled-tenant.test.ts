import { randomBytes, randomUUID } from 'node:crypto';
import { machineTopics } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../test/harness';
import { cutEvents, machineIdsBySerial, publishAndAwaitAcks, tenantOf } from '../../test/machine-helpers';
import { queryRows } from '../db/client';

/**
 * With an external broker (the machine's Mosquitto on 127.0.0.1:1883) the server cannot end a
 * machine's connection when its tenant is disabled: the ingest must refuse the telemetry itself —
 * nothing written, nothing acknowledged — at once on the instance that disabled it.
 */
const MOSQUITTO = 'mqtt://127.0.0.1:1883';
const SERIAL = 'PM-115-0001';
let t: TestApp;
let machine: MqttClient;
let tenantId: string;
let sysadmin: Record<string, string>;

beforeAll(async () => {
  // A share group of its own: other processes on the same broker never receive these messages.
  t = await startTestApp({
    MQTT_URL: MOSQUITTO,
    MQTT_SHARE_GROUP: `kerf-test-${randomBytes(4).toString('hex')}`,
  });
  for (let i = 0; i < 100 && !t.app.kerf.bus.isConnected(); i++) await new Promise((r) => setTimeout(r, 50));
  const manager = await t.login('demo', 'manager');
  tenantId = tenantOf(manager);
  expect((await machineIdsBySerial(t, manager, [SERIAL]))[SERIAL]).toBeTruthy();
  sysadmin = bearer(await t.login('kerf', 'sysadmin'));
  machine = mqtt.connect(MOSQUITTO, {
    clientId: `kerf-test-${randomUUID()}`,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  await new Promise<void>((resolve, reject) => {
    machine.once('connect', () => resolve());
    machine.once('error', reject);
  });
});
afterAll(async () => {
  await machine?.endAsync();
  await t?.close();
});

const cutsInDatabase = async () => {
  const [row] = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
    queryRows<{ n: number }>(
      tx,
      sql`SELECT total_cuts::int AS n FROM cutting_machines WHERE serial_number = ${SERIAL}`,
    ),
  );
  return row!.n;
};

describe('a disabled tenant behind an external broker', () => {
  it('refuses the telemetry of its still-connected machine: nothing written, nothing acknowledged', async () => {
    const target = { tenantId, serial: SERIAL };
    const before = await cutsInDatabase();
    const boot = randomUUID();
    await publishAndAwaitAcks(machine, target, cutEvents(5), { boot });
    expect(await cutsInDatabase()).toBe(before + 5);

    const disabled = await t.request({
      method: 'PUT',
      url: `/api/system/tenants/${tenantId}/active`,
      headers: sysadmin,
      payload: { active: false },
    });
    expect(disabled.statusCode).toBe(200);
    // The external broker keeps the machine connected …
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(machine.connected).toBe(true);

    // … but what it sends now is neither written nor acknowledged.
    const refusedBefore = t.app.kerf.ingestStats().refusedDisabled;
    const acks: unknown[] = [];
    const topics = machineTopics(tenantId, SERIAL);
    machine.on('message', (topic, payload) => {
      if (topic === topics.ack) acks.push(JSON.parse(payload.toString()));
    });
    await machine.subscribeAsync(topics.ack, { qos: 1 });
    await machine.publishAsync(
      topics.telemetry,
      JSON.stringify({ serial: SERIAL, boot, events: cutEvents(5, { startSeq: 6 }) }),
      { qos: 1 },
    );
    for (let i = 0; i < 100 && t.app.kerf.ingestStats().refusedDisabled < refusedBefore + 5; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.app.kerf.ingestStats().refusedDisabled).toBe(refusedBefore + 5);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(acks).toEqual([]);
    expect(await cutsInDatabase()).toBe(before + 5);
  });
});
