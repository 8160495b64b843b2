import { randomUUID } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import {
  DoctorCommandSchema,
  HEARTBEAT_SECONDS,
  machineTopics,
  machineUsername,
  type TelemetryAck,
  TelemetryAckSchema,
  type TelemetryEvent,
} from '@kerf/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { type DoctorOptions, type DoctorResult, runDoctor } from './doctor';
import { Outbox } from './outbox';

/** The longest an event waits between two re-sends while the server does not ack it. */
export const MAX_RESEND_WAIT_MS = 60_000;

type Unstamped<E> = E extends TelemetryEvent ? Omit<E, 'seq' | 'at'> & { at?: string } : never;
export type NewEvent = Unstamped<TelemetryEvent>;

/** How the agent reaches the broker: directly (MQTT over TLS on 8883, or plain MQTT in development) or over WebSocket on the HTTPS port. */
export type AgentTransport = 'DIRECT' | 'WEBSOCKET';

export interface AgentOptions {
  /** the direct broker address, e.g. mqtts://kerf.example.com:8883 */
  brokerUrl: string;
  /**
   * MQTT over WebSocket on the HTTPS port, e.g. wss://kerf.example.com/mqtt: used when the direct
   * address does not connect within `fallbackAfterMs` (8883 blocked by the site's firewall)
   */
  websocketUrl?: string;
  /** how long the direct address may fail before the agent falls back to WebSocket (default 10 s) */
  fallbackAfterMs?: number;
  /** how often, while on WebSocket, the agent tries the direct address again (default 5 min) */
  directRetryMs?: number;
  /** PEM of a CA to trust besides the system's (a private CA or the development certificate) */
  ca?: string;
  tenantId: string;
  serial: string;
  password: string;
  /** outbox directory; null keeps it in memory (load generators) */
  outboxDir: string | null;
  fsync?: boolean;
  /** re-send what is still unacknowledged after this long */
  ackTimeoutMs?: number;
  /** events handed to MQTT but not yet acknowledged, at most */
  maxInFlight?: number;
  /** events per MQTT message */
  batchMax?: number;
  heartbeatMs?: number;
  /** called for every event as it is stamped (the chaos oracle's journal) */
  onStamped?: (boot: string, event: TelemetryEvent) => void;
  /** called for every end-to-end ack (sent after the commit), with the seq ranges it covers (the fleet bench's lag) */
  onAcked?: (boot: string, ranges: [number, number][]) => void;
  /** answer the setup assistant: run `doctor` when the server asks on the command topic */
  doctor?: Omit<DoctorOptions, 'tenantId' | 'serial' | 'password' | 'runId'> & {
    onResult?: (result: DoctorResult) => void;
  };
}

export interface AgentStats {
  stamped: number;
  published: number;
  resent: number;
  acked: number;
  rejected: number;
  pending: number;
  connected: boolean;
  /** the transport of the current (or last) connection; null before the first */
  transport: AgentTransport | null;
  /** how often the agent fell back to WebSocket, and went back to the direct address */
  fallbacks: number;
  directRestores: number;
}

/**
 * The on-site "site manager" for one machine: stamps every event with (serial, boot id, seq) and a
 * timestamp, keeps it in the disk outbox and publishes it with QoS 1 until the server's
 * end-to-end ack (sent after commit) covers it. Re-sends after a reconnect, a restart, or when an
 * ack is overdue. A new boot id per start keeps seq numbers unambiguous without persisting them.
 */
export class MachineAgent {
  readonly boot = randomUUID();
  private seq = 0;
  private client: MqttClient | null = null;
  private readonly outbox: Outbox;
  private readonly topics: ReturnType<typeof machineTopics>;
  private inFlight = 0;
  private timers: NodeJS.Timeout[] = [];
  private sendScheduled = false;
  private readonly stats: AgentStats = {
    stamped: 0,
    published: 0,
    resent: 0,
    acked: 0,
    rejected: 0,
    pending: 0,
    connected: false,
    transport: null,
    fallbacks: 0,
    directRestores: 0,
  };
  /** the transport the current client uses */
  private transport: AgentTransport = 'DIRECT';
  /** runs while the direct address is down: when it fires, the agent falls back to WebSocket */
  private fallbackTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private sessionAt = new Date().toISOString();
  private ackWaiters: (() => void)[] = [];
  /** never handed to MQTT yet, oldest first */
  private unsent: OutboxEntryLike[] = [];
  /** moving average of publish → ack */
  private ackLatencyMs = 0;

  constructor(private readonly options: AgentOptions) {
    this.outbox = new Outbox(options.outboxDir, { fsync: options.fsync });
    this.topics = machineTopics(options.tenantId, options.serial);
  }

  get username() {
    return machineUsername(this.options.tenantId, this.options.serial);
  }

  private presence(state: 'ONLINE' | 'OFFLINE') {
    return JSON.stringify({ state, boot: this.boot, at: this.sessionAt });
  }

  async start(): Promise<void> {
    this.outbox.open();
    this.unsent = [...this.outbox.entries()];
    this.connect('DIRECT');
    const ackTimeout = this.options.ackTimeoutMs ?? 5000;
    this.timers.push(setInterval(() => this.resend(ackTimeout), Math.min(1000, ackTimeout)));
    const heartbeatMs = this.options.heartbeatMs ?? HEARTBEAT_SECONDS * 1000;
    if (heartbeatMs > 0) this.timers.push(setInterval(() => this.record({ type: 'heartbeat' }), heartbeatMs));
    if (this.options.websocketUrl) {
      const retryMs = this.options.directRetryMs ?? 5 * 60_000;
      this.timers.push(setInterval(() => void this.retryDirect(), retryMs));
    }
    // Resolves on the first connection over either transport, or after the fallback had its chance.
    const waitMs = 5000 + (this.options.websocketUrl ? (this.options.fallbackAfterMs ?? 10_000) : 0);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      const check = setInterval(() => {
        if (!this.stats.connected) return;
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }, 20);
      timer.unref?.();
    });
  }

  /** Which transport the agent is on, and whether it is connected (the setup assistant's report). */
  getTransport(): { transport: AgentTransport; connected: boolean } {
    return { transport: this.transport, connected: this.stats.connected };
  }

  /**
   * One MQTT client on one transport. The outbox is the store of record, not the client: a new
   * client (after a fallback or a return to the direct address) re-sends everything unacknowledged
   * on connect, and the server drops what it already has by (serial, boot, seq).
   */
  private connect(transport: AgentTransport) {
    this.transport = transport;
    const url = transport === 'WEBSOCKET' ? this.options.websocketUrl! : this.options.brokerUrl;
    // A session's last will and its ONLINE message carry the same time, the start of the session:
    // the will is written before the ONLINE, and the server keeps only a presence not older than
    // the one it has, so a will stamped earlier than its own ONLINE would never count.
    this.sessionAt = new Date().toISOString();
    const client = mqtt.connect(url, {
      clientId: this.username,
      username: this.username,
      password: this.options.password,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 500,
      connectTimeout: 5000,
      keepalive: 15,
      ...(this.options.ca ? { ca: [this.options.ca] } : {}),
      will: {
        topic: this.topics.presence,
        payload: Buffer.from(this.presence('OFFLINE')),
        qos: 1,
        retain: true,
      },
      // The outbox is the store of record; mqtt.js must not replay its own copies out of order.
      queueQoSZero: false,
    });
    this.client = client;
    // Handlers before the connection: nothing may arrive unheard (reliability.md M10).
    client.on('message', (topic, payload) => {
      if (topic === this.topics.ack) this.onAck(payload);
      else if (topic === this.topics.command) this.onCommand(payload);
    });
    client.on('connect', () => {
      if (this.client !== client) return;
      // Small packets must not wait for Nagle's algorithm (+40 ms with delayed ACKs).
      (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
      this.clearFallback();
      this.stats.connected = true;
      this.stats.transport = transport;
      client.subscribe(this.topics.ack, { qos: 1 });
      if (this.options.doctor) client.subscribe(this.topics.command, { qos: 1 });
      client.publish(this.topics.presence, this.presence('ONLINE'), { qos: 1, retain: true });
      this.resend(0);
    });
    client.on('close', () => {
      if (this.client !== client) return;
      this.stats.connected = false;
      this.armFallback();
    });
    client.on('reconnect', () => {
      this.sessionAt = new Date().toISOString();
      if (client.options.will) client.options.will.payload = Buffer.from(this.presence('OFFLINE'));
    });
    client.on('error', () => {});
    this.armFallback();
  }

  /** While the direct address does not connect, the WebSocket fallback waits `fallbackAfterMs`. */
  private armFallback() {
    if (this.transport !== 'DIRECT' || !this.options.websocketUrl || this.fallbackTimer || this.stopped)
      return;
    this.fallbackTimer = setTimeout(() => {
      this.fallbackTimer = null;
      if (this.stopped || this.stats.connected || this.transport !== 'DIRECT') return;
      this.stats.fallbacks += 1;
      this.replaceClient('WEBSOCKET');
    }, this.options.fallbackAfterMs ?? 10_000);
  }

  private clearFallback() {
    if (this.fallbackTimer) clearTimeout(this.fallbackTimer);
    this.fallbackTimer = null;
  }

  private replaceClient(transport: AgentTransport) {
    const old = this.client;
    this.client = null;
    this.stats.connected = false;
    this.inFlight = 0;
    // Same client id on both: the old session must be gone before the new one connects.
    if (old) void old.endAsync(true).catch(() => {});
    this.connect(transport);
  }

  /** On WebSocket: when the direct port answers again, go back to it (faster, and what IT opened). */
  private async retryDirect() {
    if (this.stopped || this.transport !== 'WEBSOCKET') return;
    const direct = new URL(this.options.brokerUrl);
    const port = Number(direct.port || (direct.protocol === 'mqtts:' ? 8883 : 1883));
    const open = await new Promise<boolean>((resolve) => {
      const socket = connectTcp({ host: direct.hostname, port, timeout: 3000 });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(false));
    });
    if (!open || this.stopped || this.transport !== 'WEBSOCKET') return;
    this.stats.directRestores += 1;
    this.replaceClient('DIRECT');
  }

  /** Stamps and keeps an event; it goes out as soon as the window allows. */
  record(event: NewEvent): TelemetryEvent {
    this.seq += 1;
    const stamped = { ...event, seq: this.seq, at: event.at ?? new Date().toISOString() } as TelemetryEvent;
    this.unsent.push(this.outbox.append(this.boot, stamped));
    this.stats.stamped += 1;
    this.options.onStamped?.(this.boot, stamped);
    this.scheduleSend();
    return stamped;
  }

  getStats(): AgentStats {
    return { ...this.stats, pending: this.outbox.size };
  }

  /** Resolves when every recorded event has been acknowledged (or the timeout passes). */
  async drain(timeoutMs = 60_000): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (this.outbox.size > 0 && Date.now() < until) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.ackWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.outbox.size === 0;
  }

  /**
   * Says OFFLINE (when connected; waits at most `timeoutMs` for the broker's ack: a broker that
   * goes away mid-publish must not hold the agent open) and closes the connection. What is still
   * unacknowledged stays in the disk outbox for the next start.
   */
  async stop(options: { graceful?: boolean; timeoutMs?: number } = {}) {
    this.stopped = true;
    this.clearFallback();
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    if (this.client) {
      if (options.graceful !== false && this.client.connected) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          this.client
            .publishAsync(
              this.topics.presence,
              JSON.stringify({ state: 'OFFLINE', boot: this.boot, at: new Date().toISOString() }),
              { qos: 1, retain: true },
            )
            .catch(() => {}),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, options.timeoutMs ?? 1000);
          }),
        ]);
        clearTimeout(timer);
      }
      await this.client.endAsync(true).catch(() => {});
    }
    this.outbox.close();
  }

  /** A command of the server; today only `doctor` (the setup assistant asks for the site checks). */
  private onCommand(payload: Buffer) {
    const doctor = this.options.doctor;
    let command: ReturnType<typeof DoctorCommandSchema.parse>;
    try {
      command = DoctorCommandSchema.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      return;
    }
    if (!doctor) return;
    runDoctor({
      ...doctor,
      tenantId: this.options.tenantId,
      serial: this.options.serial,
      password: this.options.password,
      runId: command.runId,
    }).then(
      (result) => {
        // The doctor reached the broker directly while the agent is still on WebSocket: 8883 is
        // open again, so go back to it now instead of at the next retry.
        const mqttCheck = result.checks.find((c) => c.check === 'MQTT');
        if (this.transport === 'WEBSOCKET' && mqttCheck?.detail.transport === 'MQTTS')
          void this.retryDirect();
        doctor.onResult?.(result);
      },
      () => {},
    );
  }

  private scheduleSend() {
    if (this.sendScheduled) return;
    this.sendScheduled = true;
    setImmediate(() => {
      this.sendScheduled = false;
      this.sendNew();
    });
  }

  private sendNew() {
    const max = this.options.maxInFlight ?? 5000;
    if (!this.client?.connected) return;
    const batch: OutboxEntryLike[] = [];
    while (this.unsent.length > 0 && this.inFlight + batch.length < max) {
      const entry = this.unsent.shift()!;
      if (entry.sentAt === 0) batch.push(entry);
    }
    this.publish(batch, false);
  }

  /**
   * Re-sends what was handed to MQTT longer than `olderThanMs` ago without an ack (0: everything,
   * after a reconnect). Each further re-send of an event waits twice as long as the one before, up
   * to `MAX_RESEND_WAIT_MS`.
   */
  private resend(olderThanMs: number) {
    if (!this.client?.connected) return;
    const now = Date.now();
    // A busy server acks late, not never: wait several observed ack latencies before re-sending,
    // and back off per event, so that a backlog is not multiplied by re-sends. Ten thousand agents
    // re-sending every 5 s what a loaded server had not acked yet sent as much again as they
    // stamped (bench/fleet, 1,000 machines: 9,979 re-sends of 13,485 events).
    if (olderThanMs !== 0) olderThanMs = Math.max(olderThanMs, 4 * this.ackLatencyMs);
    const batch: OutboxEntryLike[] = [];
    if (olderThanMs === 0) this.inFlight = 0;
    for (const entry of this.outbox.entries()) {
      if (entry.sentAt <= 0) continue;
      if (olderThanMs === 0) {
        entry.sends = 0;
        batch.push(entry);
        continue;
      }
      const wait = Math.min(olderThanMs * 2 ** Math.max(0, (entry.sends ?? 1) - 1), MAX_RESEND_WAIT_MS);
      if (now - entry.sentAt >= wait) batch.push(entry);
    }
    if (batch.length > 0) {
      this.stats.resent += batch.length;
      if (olderThanMs !== 0) this.inFlight = Math.max(0, this.inFlight - batch.length);
      this.publish(batch, true);
    }
    this.sendNew();
  }

  private publish(entries: OutboxEntryLike[], isResend: boolean) {
    const client = this.client;
    if (!client?.connected || entries.length === 0) return;
    const batchMax = this.options.batchMax ?? 500;
    const byBoot = new Map<string, OutboxEntryLike[]>();
    for (const entry of entries) {
      const list = byBoot.get(entry.boot) ?? [];
      list.push(entry);
      byBoot.set(entry.boot, list);
    }
    const now = Date.now();
    for (const [boot, list] of byBoot) {
      for (let i = 0; i < list.length; i += batchMax) {
        const chunk = list.slice(i, i + batchMax);
        for (const entry of chunk) {
          entry.sentAt = now;
          entry.sends = (entry.sends ?? 0) + 1;
        }
        this.inFlight += chunk.length;
        if (!isResend) this.stats.published += chunk.length;
        client.publish(
          this.topics.telemetry,
          JSON.stringify({ serial: this.options.serial, boot, events: chunk.map((entry) => entry.event) }),
          { qos: 1 },
        );
      }
    }
  }

  private onAck(payload: Buffer) {
    let ack: TelemetryAck;
    try {
      ack = TelemetryAckSchema.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      return;
    }
    const first = ack.ranges[0];
    const sample = first ? this.outbox.sentAtOf(ack.boot, first[0]) : 0;
    if (sample > 0) this.ackLatencyMs = 0.8 * this.ackLatencyMs + 0.2 * (Date.now() - sample);
    const acked = this.outbox.ack(ack.boot, ack.ranges);
    this.options.onAcked?.(ack.boot, ack.ranges);
    const rejected = ack.rejected?.length ? this.outbox.ack(ack.boot, ack.rejected) : 0;
    this.stats.acked += acked;
    this.stats.rejected += rejected;
    this.inFlight = Math.max(0, this.inFlight - acked - rejected);
    for (const waiter of this.ackWaiters.splice(0)) waiter();
    this.sendNew();
  }
}

type OutboxEntryLike = { boot: string; event: TelemetryEvent; sentAt: number; sends?: number };
