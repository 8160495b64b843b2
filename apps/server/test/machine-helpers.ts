import { randomUUID } from 'node:crypto';
import { machineTopics, type TelemetryAck, type TelemetryEvent, type TokenPair } from '@kerf/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { insertLocation, replaceUserLocations } from '../src/modules/printing-shop/index';
import { bearer, type TestApp } from './harness';

/** The tenant id inside an access token (the client never needs it otherwise). */
export function tenantOf(tokens: Pick<TokenPair, 'bearerToken'>): string {
  const payload = JSON.parse(Buffer.from(tokens.bearerToken.split('.')[1]!, 'base64url').toString('utf8'));
  return payload.tid as string;
}

/** Machine ids by serial, through the front door. */
export async function machineIdsBySerial(t: TestApp, tokens: TokenPair, serials: string[]) {
  const response = await t.request({
    method: 'GET',
    url: `/api/printing-shop/cutting-machines/online-status?serialNumbers=${serials.join(',')}`,
    headers: bearer(tokens),
  });
  if (response.statusCode !== 200) throw new Error(`online-status ${response.statusCode} ${response.body}`);
  return Object.fromEntries(
    (response.json() as { machineId: string; serialNumber: string }[]).map((m) => [
      m.serialNumber,
      m.machineId,
    ]),
  );
}

export interface TestMachine {
  tenantId: string;
  serial: string;
  machineId: string;
  username: string;
  password: string;
}

export async function provisionMachine(
  t: TestApp,
  tenantId: string,
  machineId: string,
): Promise<TestMachine> {
  const credential = await t.app.kerf.machineCredentials.issue(tenantId, machineId);
  return { ...credential };
}

export function brokerUrl(t: TestApp) {
  return `mqtt://127.0.0.1:${t.app.kerf.bus.brokerPort}`;
}

/** A bare MQTT connection as a machine; resolves on CONNACK, rejects on refusal. */
export async function connectMachine(
  t: TestApp,
  machine: Pick<TestMachine, 'username' | 'password'>,
  options: { clientId?: string } = {},
): Promise<MqttClient> {
  const client = mqtt.connect(brokerUrl(t), {
    clientId: options.clientId ?? machine.username,
    username: machine.username,
    password: machine.password,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
  return client;
}

/** Events of one boot, seq 1…n, a second apart, starting an hour ago. */
export function cutEvents(
  count: number,
  options: { knifeRfid?: string; startSeq?: number; start?: number } = {},
) {
  const start = options.start ?? Date.now() - 3600_000;
  const first = options.startSeq ?? 1;
  return Array.from(
    { length: count },
    (_, i): TelemetryEvent => ({
      type: 'cut',
      seq: first + i,
      at: new Date(start + (first + i) * 1000).toISOString(),
      ...(options.knifeRfid ? { knifeRfid: options.knifeRfid } : {}),
    }),
  );
}

/**
 * Publishes events in messages of `batch` and waits until the server's end-to-end acks cover
 * every seq. Returns the acks received.
 */
export async function publishAndAwaitAcks(
  client: MqttClient,
  machine: Pick<TestMachine, 'tenantId' | 'serial'>,
  events: TelemetryEvent[],
  options: { boot?: string; batch?: number; timeoutMs?: number } = {},
): Promise<TelemetryAck[]> {
  const boot = options.boot ?? randomUUID();
  const topics = machineTopics(machine.tenantId, machine.serial);
  const waiting = new Set(events.map((event) => event.seq));
  const acks: TelemetryAck[] = [];
  await client.subscribeAsync(topics.ack, { qos: 1 });
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`acks missing for ${waiting.size} events`)),
      options.timeoutMs ?? 15_000,
    );
    const onMessage = (topic: string, payload: Buffer) => {
      if (topic !== topics.ack) return;
      const ack = JSON.parse(payload.toString()) as TelemetryAck;
      if (ack.boot !== boot) return;
      acks.push(ack);
      for (const [from, to] of [...ack.ranges, ...(ack.rejected ?? [])]) {
        for (let seq = from; seq <= to; seq++) waiting.delete(seq);
      }
      if (waiting.size === 0) {
        clearTimeout(timer);
        client.off('message', onMessage);
        resolve();
      }
    };
    client.on('message', onMessage);
  });
  const size = options.batch ?? 500;
  for (let i = 0; i < events.length; i += size) {
    await client.publishAsync(
      topics.telemetry,
      JSON.stringify({ serial: machine.serial, boot, events: events.slice(i, i + size) }),
      { qos: 1 },
    );
  }
  await done;
  return acks;
}

/**
 * An operator of another printing shop, at a location of their own shop without machines: the
 * other tenant of the isolation tests. Answers their sign-in.
 */
export async function foreignOperator(t: TestApp, slug: string): Promise<TokenPair> {
  const foreign = await t.addTenant(slug, 'PRINTING_SHOP', ['PRINTING_SHOP_OPERATOR']);
  await t.app.kerf.transactions.withTenant(foreign.tenantId, async (tx) => {
    const locationId = await insertLocation(tx, foreign.tenantId, {
      name: 'Halle 2',
      street: null,
      streetNumber: null,
      zip: null,
      city: null,
      country: 'DE',
      knifeSwapInterval: null,
    });
    await replaceUserLocations(tx, foreign.tenantId, foreign.userIds.PRINTING_SHOP_OPERATOR!, [locationId]);
  });
  return t.login(slug, 'printing-shop-operator');
}
