import { randomUUID } from 'node:crypto';
import { machineTopics } from '@kerf/contracts';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';

/** What an anonymous client could do on the external broker's telemetry topics. */
export type AnonymousPublishing =
  | 'REFUSED_AT_CONNECT'
  | 'NOT_DELIVERED'
  | 'DELIVERED'
  | 'UNREACHABLE'
  /** the server's own client may not listen on the probe's topic: nothing could be told */
  | 'UNVERIFIED';

/**
 * With an external broker (`MQTT_URL`), the broker's ACL is all that keeps a stranger from
 * publishing as a machine: a broker without one counts anonymous publishers as machines (issue 31).
 * The check connects without credentials and publishes one message on a telemetry topic of a tenant
 * that does not exist, while the server's own client listens on that topic. `DELIVERED` means
 * anyone who reaches the broker can feed telemetry; `REFUSED_AT_CONNECT` and `NOT_DELIVERED` are
 * what a configured broker answers. The probe's topic names no tenant, so the ingest refuses it.
 */
async function probeAnonymousPublishing(
  brokerUrl: string,
  server: Pick<MqttClient, 'subscribe' | 'unsubscribe' | 'on' | 'off'>,
  options: { waitMs?: number } = {},
): Promise<AnonymousPublishing> {
  const waitMs = options.waitMs ?? 2000;
  const topic = machineTopics(randomUUID(), 'ACL-PROBE-0000').telemetry;
  const marker = `kerf-acl-probe ${randomUUID()}`;
  let heard = false;
  const onMessage = (received: string, payload: Buffer) => {
    if (received === topic && payload.toString('utf8') === marker) heard = true;
  };
  server.on('message', onMessage);
  const listening = await new Promise<boolean>((resolve) =>
    server.subscribe(topic, { qos: 1 }, (error, granted) =>
      resolve(!error && (granted ?? []).every((grant) => grant.qos !== 128)),
    ),
  );
  if (!listening) {
    server.off('message', onMessage);
    return 'UNVERIFIED';
  }
  const anonymousUrl = new URL(brokerUrl);
  anonymousUrl.username = '';
  anonymousUrl.password = '';
  const stranger = mqtt.connect(anonymousUrl.toString(), {
    clientId: `kerf-acl-probe-${randomUUID().slice(0, 8)}`,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  try {
    const connected = await new Promise<'connected' | 'refused' | 'unreachable'>((resolve) => {
      const timer = setTimeout(() => resolve('unreachable'), 6000);
      stranger.once('connect', () => {
        clearTimeout(timer);
        resolve('connected');
      });
      stranger.once('error', (error) => {
        clearTimeout(timer);
        // CONNACK 4 (bad user name or password) or 5 (not authorised): the broker refuses strangers.
        const code = (error as { code?: unknown }).code;
        resolve(code === 4 || code === 5 || code === 134 || code === 135 ? 'refused' : 'unreachable');
      });
    });
    if (connected === 'refused') return 'REFUSED_AT_CONNECT';
    if (connected === 'unreachable') return 'UNREACHABLE';
    await new Promise<void>((resolve) => {
      // A broker that refuses the publish may close the connection or say nothing (MQTT 3.1.1).
      stranger.publish(topic, marker, { qos: 1 }, () => resolve());
      stranger.once('close', () => resolve());
      setTimeout(resolve, waitMs);
    });
    const until = Date.now() + waitMs;
    while (!heard && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    return heard ? 'DELIVERED' : 'NOT_DELIVERED';
  } finally {
    stranger.end(true);
    server.off('message', onMessage);
    server.unsubscribe(topic);
  }
}

/**
 * Start-up with `MQTT_URL`: anonymous publishing on the telemetry topics must be refused. Without
 * `MQTT_REQUIRE_ACL` an open broker is logged loudly (error level; at start, or at the first
 * connection when the broker was down at start); with it the server does not start unchecked: it
 * waits for the broker to be reachable, and an open broker ends the start with an error.
 */
export async function checkBrokerAcl(deps: {
  brokerUrl: string;
  client: MqttClient;
  require: boolean;
  log: FastifyBaseLogger;
}): Promise<AnonymousPublishing> {
  const { client, log } = deps;
  if (deps.require && !client.connected) {
    log.warn('MQTT_REQUIRE_ACL: waiting for the broker to check its access control before starting');
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  }
  if (!client.connected) {
    // Checked on the first connection instead; start-up does not wait for an optional check.
    client.once('connect', () => {
      void checkBrokerAcl(deps).catch((error) => log.warn({ err: error }, 'broker ACL check failed'));
    });
    return 'UNREACHABLE';
  }
  const outcome = await probeAnonymousPublishing(deps.brokerUrl, client);
  if (outcome === 'DELIVERED') {
    const message =
      'SECURITY: the MQTT broker (MQTT_URL) lets anonymous clients publish machine telemetry; anyone who reaches it can pose as a machine. Give it an ACL (README "Against PostgreSQL and an external broker") and set MQTT_REQUIRE_ACL=1';
    log.error({ event: 'mqtt.anonymous_publishing', check: outcome }, message);
    if (deps.require) throw new Error(`${message} — refusing to start (MQTT_REQUIRE_ACL=1)`);
  } else if (outcome === 'UNVERIFIED') {
    const message =
      "broker ACL check: the server's MQTT user may not subscribe to a telemetry topic, so anonymous publishing could not be checked";
    log.error({ event: 'mqtt.acl_unverified', check: outcome }, message);
    if (deps.require) throw new Error(`${message} — refusing to start (MQTT_REQUIRE_ACL=1)`);
  } else if (outcome === 'UNREACHABLE') {
    log.warn({ check: outcome }, 'broker ACL check: the broker could not be reached without credentials');
  } else {
    log.info({ check: outcome }, 'broker ACL check: anonymous publishing is refused');
  }
  return outcome;
}
