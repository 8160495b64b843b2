import {
  MAX_TELEMETRY_BYTES,
  machineTopics,
  PresenceSchema,
  parseMachineTopic,
  TelemetryMessageSchema,
} from '@kerf/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TelemetryBatchItem, TelemetryService } from '../modules/telemetry/index';
import type { Bus } from '../plugins/bus';

export interface IngestStats {
  received: number;
  invalid: number;
  committedEvents: number;
  insertedCuts: number;
  failedBatches: number;
  dropped: number;
  /** events of machines whose tenant is disabled: neither written nor acknowledged */
  refusedDisabled: number;
  queued: number;
  /** receipt to commit of the oldest message of the last committed batch, ms (null: none yet) */
  lagMs: number | null;
}

interface Queued {
  tenantId: string;
  item: TelemetryBatchItem;
  receivedAt: number;
}

/**
 * Concurrent writers of the ingest on PostgreSQL (PGlite runs one statement at a time: one). Four
 * rather than two: with 1,000 live sockets on two cores a batch waited for the one before it in its
 * lane for up to 18 ms (p99) at two, and more lanes commit more, smaller batches side by side —
 * bench/live p99 publish → frame ~80 → ~50 ms, bench/ingest 74k → 119k events/s (docs/performance.md).
 */
export const POSTGRES_INGEST_LANES = 4;
/**
 * Transactions of different tenants a lane writes side by side (PostgreSQL). A tenant's batch is
 * one transaction, so a lane holding the events of many small printing shops wrote one after the
 * other: with 171 shops on three instances, a flush took as many transactions in a row as it had
 * shops, and the ingest lag grew with the number of tenants (bench/fleet). Different tenants never
 * share a machine row, so their transactions do not wait on each other. Four lanes × two, plus the
 * machine views' two readers, is the pool's ten connections.
 */
export const POSTGRES_TENANT_WRITERS_PER_LANE = 2;

/** Presence messages written at once, per instance (see `writePresence`). */
const PRESENCE_WRITERS = 2;
const TELEMETRY_FILTER = 'kerf/+/+/telemetry';
const PRESENCE_FILTER = 'kerf/+/+/presence';
/** Instances of a scaled deployment share the telemetry stream (MQTT 5 / Mosquitto shared subscription). */
const SHARE_GROUP = 'kerf-ingest';

/**
 * MQTT entry point of machine telemetry. Validates every message against the contracts (invalid
 * ones are counted and logged, never stored), batches them, writes each tenant's batch in one
 * transaction through the telemetry service and, only after the commit, publishes the
 * end-to-end ack on each machine's ack topic. The MQTT PUBACK is transport only: an event stays in
 * the agent's outbox until an ack covers it (docs/architecture.md "Telemetry: ingest → write path"), so a crash anywhere between
 * publish and commit loses nothing, and the (machine, boot, seq) key makes the re-send harmless.
 */
export function startTelemetryIngest(deps: {
  bus: Pick<Bus, 'client'>;
  telemetry: Pick<TelemetryService, 'record' | 'recordPresence'>;
  log: FastifyBaseLogger;
  /** subscribe as a shared group (external broker with several server instances) */
  shared: boolean;
  /** the shared subscription's group (MQTT_SHARE_GROUP): one per deployment on a broker */
  shareGroup?: string;
  maxBatchEvents?: number;
  concurrency?: number;
  /** transactions of different tenants one lane writes at once (1: one after the other) */
  tenantWriters?: number;
  /**
   * Whether a tenant is active. A disabled tenant's telemetry is neither written nor acknowledged,
   * whatever broker the machine is connected to (an external broker keeps a connected machine
   * connected; docs/operations/disabled-tenants.md). Answers are remembered `tenantCheckMs`.
   */
  tenantActive?: (tenantId: string) => Promise<boolean>;
  tenantCheckMs?: number;
}) {
  const { bus, telemetry, log } = deps;
  const maxBatch = deps.maxBatchEvents ?? 5000;
  const concurrency = deps.concurrency ?? 1;
  const tenantWriters = deps.tenantWriters ?? 1;
  const maxQueued = maxBatch * 20;
  const stats: IngestStats = {
    received: 0,
    invalid: 0,
    committedEvents: 0,
    insertedCuts: 0,
    failedBatches: 0,
    dropped: 0,
    refusedDisabled: 0,
    queued: 0,
    lagMs: null as number | null,
  };
  /**
   * One lane per concurrent writer; a machine always goes to the same lane, so concurrent
   * transactions never wait on each other's machine, knife or rollup rows (and cannot deadlock).
   */
  const lanes = Array.from({ length: concurrency }, () => ({
    queue: [] as Queued[],
    queued: 0,
    timer: null as NodeJS.Timeout | null,
    immediate: null as NodeJS.Immediate | null,
    running: false,
    backoffMs: 0,
  }));
  type Lane = (typeof lanes)[number];
  let stopped = false;
  const tenantCheckMs = deps.tenantCheckMs ?? 5000;
  const tenantStates = new Map<string, { active: boolean; at: number }>();
  async function isActive(tenantId: string): Promise<boolean> {
    if (!deps.tenantActive) return true;
    const known = tenantStates.get(tenantId);
    if (known && Date.now() - known.at < tenantCheckMs) return known.active;
    const active = await deps.tenantActive(tenantId);
    tenantStates.set(tenantId, { active, at: Date.now() });
    return active;
  }
  let lastInvalidLog = 0;
  let invalidSinceLog = 0;

  const laneOf = (tenantId: string, serial: string) => {
    let hash = 0;
    for (const text of [tenantId, serial])
      for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) | 0;
    return lanes[Math.abs(hash) % lanes.length]!;
  };

  const reportInvalid = (topic: string, reason: string) => {
    stats.invalid += 1;
    invalidSinceLog += 1;
    const now = Date.now();
    if (now - lastInvalidLog > 1000) {
      log.warn({ topic, reason, invalid: invalidSinceLog }, 'invalid telemetry refused');
      lastInvalidLog = now;
      invalidSinceLog = 0;
    }
  };

  /**
   * Group commit that adapts to load: an idle lane commits what it has as soon as the messages
   * already read from the socket are parsed (setImmediate), so a lone event waits for no window;
   * while a lane's transaction runs, what arrives queues and goes in the next transaction, right
   * after the commit. Light load: small, immediate transactions; heavy load: large ones.
   */
  function schedule(lane: Lane) {
    if (stopped || lane.timer || lane.immediate || lane.running || lane.queue.length === 0) return;
    if (lane.backoffMs > 0) {
      lane.timer = setTimeout(() => {
        lane.timer = null;
        void flush(lane);
      }, lane.backoffMs);
      return;
    }
    lane.immediate = setImmediate(() => {
      lane.immediate = null;
      void flush(lane);
    });
  }

  /** One tenant's part of a lane's batch: one transaction, then the acks. */
  async function write(lane: Lane, oldest: number, tenantId: string, items: TelemetryBatchItem[]) {
    try {
      if (!(await isActive(tenantId))) {
        // Disabled tenant: nothing written, nothing acknowledged (the agent keeps its outbox).
        stats.refusedDisabled += items.reduce((sum, item) => sum + item.events.length, 0);
        return;
      }
      const result = await telemetry.record(tenantId, items);
      stats.lagMs = Date.now() - oldest;
      stats.committedEvents += items.reduce((sum, item) => sum + item.events.length, 0);
      stats.insertedCuts += result.inserted.cuts;
      lane.backoffMs = 0;
      for (const ack of result.acks) {
        bus.client.publish(
          machineTopics(tenantId, ack.serial).ack,
          JSON.stringify({ boot: ack.boot, ranges: ack.ranges, rejected: ack.rejected }),
          { qos: 1 },
        );
      }
    } catch (error) {
      // Not acknowledged, so the agents send these again; nothing is lost by dropping them here.
      stats.failedBatches += 1;
      lane.backoffMs = Math.min(Math.max(lane.backoffMs * 2, 50), 2000);
      log.warn(
        { err: error, tenantId, backoffMs: lane.backoffMs },
        'telemetry batch not committed; agents will re-send',
      );
    }
  }

  async function flush(lane: Lane) {
    const batch: Queued[] = [];
    let events = 0;
    while (lane.queue.length > 0 && events < maxBatch) {
      const next = lane.queue.shift()!;
      events += next.item.events.length;
      batch.push(next);
    }
    lane.queued -= events;
    stats.queued -= events;
    if (batch.length === 0) return;
    lane.running = true;
    const byTenant = new Map<string, TelemetryBatchItem[]>();
    for (const { tenantId, item } of batch) {
      const items = byTenant.get(tenantId) ?? [];
      items.push(item);
      byTenant.set(tenantId, items);
    }
    const oldest = batch[0]!.receivedAt;
    const tenants = [...byTenant];
    const writer = async () => {
      for (let next = tenants.shift(); next; next = tenants.shift()) await write(lane, oldest, ...next);
    };
    await Promise.all(Array.from({ length: Math.min(tenantWriters, tenants.length) }, writer));
    lane.running = false;
    schedule(lane);
  }

  function onTelemetry(topic: string, payload: Buffer) {
    stats.received += 1;
    const target = parseMachineTopic(topic);
    if (target?.kind !== 'telemetry') return reportInvalid(topic, 'topic');
    if (payload.length > MAX_TELEMETRY_BYTES) return reportInvalid(topic, 'size');
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return reportInvalid(topic, 'json');
    }
    const parsed = TelemetryMessageSchema.safeParse(body);
    if (!parsed.success) return reportInvalid(topic, 'schema');
    if (parsed.data.serial !== target.serial) return reportInvalid(topic, 'serial');
    const now = Date.now();
    // Far-future times are refused (clock trouble); old ones are fine: an outbox may hold a long outage.
    if (parsed.data.events.some((event) => Date.parse(event.at) > now + 5 * 60_000)) {
      return reportInvalid(topic, 'time');
    }
    if (stats.queued + parsed.data.events.length > maxQueued) {
      stats.dropped += parsed.data.events.length; // not acked: the agent re-sends
      return;
    }
    const lane = laneOf(target.tenantId, target.serial);
    lane.queue.push({
      tenantId: target.tenantId,
      item: { ...parsed.data, source: 'MACHINE' },
      receivedAt: now,
    });
    lane.queued += parsed.data.events.length;
    stats.queued += parsed.data.events.length;
    schedule(lane);
  }

  function onPresence(topic: string, payload: Buffer) {
    const target = parseMachineTopic(topic);
    if (!target || payload.length === 0 || payload.length > 1024) return;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return reportInvalid(topic, 'json');
    }
    const parsed = PresenceSchema.safeParse(body);
    if (!parsed.success) return reportInvalid(topic, 'schema');
    // a newer message of the machine replaces one still waiting, in its place in the line
    presenceWaiting.set(topic, { tenantId: target.tenantId, serial: target.serial, ...parsed.data });
    writePresence();
  }

  /**
   * Presence is written by at most `PRESENCE_WRITERS` transactions at once. Every instance hears
   * every presence message (retained: an instance that starts hears every machine's at once), and
   * one transaction each at once took the pool from the telemetry (bench/fleet).
   */
  const presenceWaiting = new Map<
    string,
    { tenantId: string; serial: string; state: 'ONLINE' | 'OFFLINE'; at: string }
  >();
  let presenceWriting = 0;
  function writePresence() {
    for (const [topic, presence] of presenceWaiting) {
      if (stopped || presenceWriting >= PRESENCE_WRITERS) return;
      presenceWaiting.delete(topic);
      presenceWriting += 1;
      telemetry
        .recordPresence(presence.tenantId, presence.serial, presence.state, presence.at)
        .catch((error) => log.warn({ err: error }, 'presence not recorded'))
        .finally(() => {
          presenceWriting -= 1;
          writePresence();
        });
    }
  }

  const onMessage = (topic: string, payload: Buffer) => {
    try {
      if (topic.endsWith('/telemetry')) onTelemetry(topic, payload);
      else if (topic.endsWith('/presence') && topic.startsWith('kerf/')) onPresence(topic, payload);
    } catch (error) {
      // Never let one message take the ingest down.
      reportInvalid(topic, 'error');
      log.error({ err: error, topic }, 'telemetry handler failed');
    }
  };
  bus.client.on('message', onMessage);
  const telemetryFilter = deps.shared
    ? `$share/${deps.shareGroup ?? SHARE_GROUP}/${TELEMETRY_FILTER}`
    : TELEMETRY_FILTER;
  bus.client.subscribe([telemetryFilter, PRESENCE_FILTER], { qos: 1 });

  return {
    stats: () => ({ ...stats }),
    /** Forget what is known about the tenant (it was just disabled or enabled on this instance). */
    forgetTenant(tenantId: string) {
      tenantStates.delete(tenantId);
    },
    async stop() {
      stopped = true;
      bus.client.off('message', onMessage);
      for (const lane of lanes) {
        if (lane.timer) clearTimeout(lane.timer);
        if (lane.immediate) clearImmediate(lane.immediate);
      }
      while (lanes.some((lane) => lane.running)) await new Promise((resolve) => setTimeout(resolve, 10));
      // what this instance ingested, for operations (scale-out: how the shared stream was split)
      log.info({ ingest: { ...stats } }, 'telemetry ingest stopped');
    },
  };
}
