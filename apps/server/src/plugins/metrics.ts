import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client';
import type { PgliteMemory } from '../db/pglite-thread';
import type { IngestStats } from '../ingest/index';
import type { EventLoopMonitor } from '../lib/event-loop';
import type { Scheduler } from '../lib/scheduler';

/**
 * Prometheus metrics of this instance (`GET /api/metrics`, text format 0.0.4): HTTP requests by
 * route and status with a latency histogram, telemetry ingest counters, live sockets, the database
 * pool (PostgreSQL), background job outcomes, and the process (CPU, memory, event loop, GC) by
 * prom-client's default collectors. One registry per app, so several apps in one process (tests)
 * never share counters. Routes are the registered patterns (`/api/knife/knives/:rfid`), never the
 * raw URL, so the label set stays small.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    ingestStats: () => IngestStats;
    scheduler: Pick<Scheduler, 'list'>;
    /** event-loop delay over the last one to two minutes */
    eventLoop: Pick<EventLoopMonitor, 'delay'>;
    /** open live sockets (the WebSocket server is registered later) */
    liveSockets: () => number;
  },
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'kerf_' });

  // Counted per request into plain numbers (one map lookup, no label hashing, no promise) and
  // turned into Prometheus series only when scraped: the request path pays almost nothing.
  const series = new Map<string, HttpSeries>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let entry = series.get(key);
    if (!entry) {
      entry = {
        labels: { method: request.method, route, status: String(reply.statusCode) },
        count: 0,
        sum: 0,
        buckets: new Array<number>(DURATION_BUCKETS.length).fill(0),
      };
      series.set(key, entry);
    }
    const seconds = reply.elapsedTime / 1000;
    entry.count += 1;
    entry.sum += seconds;
    const bucket = DURATION_BUCKETS.findIndex((bound) => seconds <= bound);
    if (bucket >= 0) entry.buckets[bucket]! += 1;
    done();
  });
  new Counter({
    name: 'kerf_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const entry of series.values()) this.inc(entry.labels, entry.count);
    },
  });
  registry.registerMetric(durationHistogram(series) as unknown as Metric);

  const ingestCounters = {
    received: 'telemetry messages received',
    invalid: 'telemetry messages refused as invalid',
    dropped: 'telemetry events dropped because the queue was full (re-sent by the agent)',
    refusedDisabled: 'telemetry events of disabled tenants, neither written nor acknowledged',
    committedEvents: 'telemetry events written',
    insertedCuts: 'cuts inserted',
    failedBatches: 'telemetry batches that failed to commit',
  } as const;
  for (const [key, help] of Object.entries(ingestCounters)) {
    const name = `kerf_ingest_${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_total`;
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(deps.ingestStats()[key as keyof typeof ingestCounters]);
      },
    });
  }
  new Gauge({
    name: 'kerf_ingest_queued',
    help: 'telemetry events received and waiting to be written',
    registers: [registry],
    collect() {
      this.set(deps.ingestStats().queued);
    },
  });
  new Gauge({
    name: 'kerf_ingest_lag_seconds',
    help: 'receipt to commit of the oldest message of the last committed batch',
    registers: [registry],
    collect() {
      this.set((deps.ingestStats().lagMs ?? 0) / 1000);
    },
  });
  new Gauge({
    name: 'kerf_live_sockets',
    help: 'open live-event WebSocket connections',
    registers: [registry],
    collect() {
      this.set(deps.liveSockets());
    },
  });

  // The event loop's delay over the last one to two minutes (lib/event-loop.ts): how long a
  // request, an MQTT acknowledgement or a live frame waited for the loop. prom-client's own
  // `kerf_nodejs_eventloop_lag_*` covers the time since the previous scrape instead.
  for (const [key, label] of [
    ['p50Ms', 'p50'],
    ['p99Ms', 'p99'],
    ['maxMs', 'max'],
  ] as const) {
    new Gauge({
      name: `kerf_event_loop_delay_${label}_seconds`,
      help: `event-loop delay, ${label === 'max' ? 'maximum' : label}, over the last one to two minutes`,
      registers: [registry],
      collect() {
        this.set(deps.eventLoop.delay()[key] / 1000);
      },
    });
  }

  const pool = (deps.database.db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    new Gauge({
      name: 'kerf_db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  // PGlite's worker thread (embedded database): its WebAssembly memory (the high-water mark of
  // shared buffers, sorts and answers; it never shrinks) and its JavaScript heap. A scrape while a
  // long statement holds the worker waits at most a second, then keeps the worker's last answer.
  const databaseMemory = deps.database.memory;
  if (databaseMemory) {
    let latest: PgliteMemory | null = null;
    let asked: Promise<unknown> | null = null;
    const refresh = () =>
      (asked ??= databaseMemory().then((memory) => {
        if (memory) latest = memory;
        asked = null;
      }));
    for (const [name, key, help] of [
      [
        'kerf_pglite_wasm_memory_bytes',
        'wasmBytes',
        "PGlite's WebAssembly memory (embedded database; grows to its high-water mark, never shrinks)",
      ],
      [
        'kerf_pglite_worker_heap_used_bytes',
        'heapUsedBytes',
        "JavaScript heap in use by PGlite's worker thread (embedded database)",
      ],
    ] as const)
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          await refresh();
          if (latest) this.set(latest[key]);
        },
      });
  }

  const jobGauge = (
    name: string,
    help: string,
    value: (job: ReturnType<Scheduler['list']>[number]) => number,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['job'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const job of deps.scheduler.list()) this.set({ job: job.name }, value(job));
      },
    });
  jobGauge('kerf_job_runs_total', 'completed runs of a background job since start', (job) => job.runs);
  jobGauge('kerf_job_failures_total', 'failed runs of a background job since start', (job) => job.failures);
  jobGauge('kerf_job_last_success', '1 when the last run of the job succeeded', (job) =>
    job.outcome === 'succeeded' ? 1 : 0,
  );
  jobGauge(
    'kerf_job_last_duration_seconds',
    'duration of the last run',
    (job) => (job.lastDurationMs ?? 0) / 1000,
  );

  return {
    contentType: registry.contentType,
    text: () => registry.metrics(),
  };
}

export type Metrics = ReturnType<typeof registerMetrics>;

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface HttpSeries {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** observations per bucket (not cumulative) */
  buckets: number[];
}

/**
 * `kerf_http_request_duration_seconds` as prom-client's registry expects a histogram (name, help,
 * type, and `get()` with the `_bucket` (cumulative, `le` first), `_sum` and `_count` values), read
 * from the counted series at scrape time.
 */
function durationHistogram(series: Map<string, HttpSeries>) {
  const name = 'kerf_http_request_duration_seconds';
  const help = 'Time from receiving a request to sending the answer';
  return {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    reset() {},
    get() {
      const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
      for (const entry of series.values()) {
        let cumulative = 0;
        DURATION_BUCKETS.forEach((bound, index) => {
          cumulative += entry.buckets[index]!;
          values.push({
            metricName: `${name}_bucket`,
            labels: { le: bound, ...entry.labels },
            value: cumulative,
          });
        });
        values.push({
          metricName: `${name}_bucket`,
          labels: { le: '+Inf', ...entry.labels },
          value: entry.count,
        });
        values.push({ metricName: `${name}_sum`, labels: entry.labels, value: entry.sum });
        values.push({ metricName: `${name}_count`, labels: entry.labels, value: entry.count });
      }
      return { name, help, type: 'histogram', aggregator: 'sum', values };
    },
  };
}
