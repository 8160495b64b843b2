import { randomUUID } from 'node:crypto';
import { POSTGRES_INGEST_LANES } from '../../apps/server/src/ingest/index';
import type { TelemetryBatchItem } from '../../apps/server/src/modules/telemetry/index';
import { argument, copyCuts, printResult, startBenchApp } from './common';

/**
 * bench/write-path (issue 10): the ingest's write path alone, without MQTT. Pre-built batches
 * (5,000 cuts of 50 machines, as the ingest flushes them) go to the same `TelemetryService.record`
 * the broker path calls — idempotent insert, counters, knives, rollups, one transaction per batch,
 * on as many lanes as the ingest runs — and the same number of rows is loaded with raw COPY into
 * the same table in the same run. Halves alternate (COPY, record, COPY, record) so that a table
 * growing, or a machine getting busier, hits both alike.
 *   npm run write-path -w @kerf/bench -- --db pglite|postgres --rows 200000
 */
const kind = argument('db', 'pglite') as 'pglite' | 'postgres';
const rows = Number(argument('rows', '200000'));
const machines = Number(argument('machines', '100'));
const perItem = 100; // events per MQTT message, as the agents send them
const perBatch = Number(argument('batch', '5000')); // events per transaction: the ingest's maxBatchEvents
const lanes = kind === 'postgres' ? POSTGRES_INGEST_LANES : 1; // as app.ts runs the ingest

const bench = await startBenchApp(kind, machines);
const tenantId = bench.agents[0]!.tenantId;
const knives = bench.agents.map((_, i) => `E2801160FFBE${String(i).padStart(4, '0')}`);
const baseTime = Date.now() - 2 * 3600_000;

/** `count` cuts as ingest batches, per lane: each machine always in the same lane, as in the ingest */
function buildBatches(count: number, offset: number): TelemetryBatchItem[][][] {
  const perLane: TelemetryBatchItem[][][] = Array.from({ length: lanes }, () => []);
  const boots = bench.agents.map(() => randomUUID());
  const seqs = bench.agents.map(() => 0);
  let made = 0;
  let machine = 0;
  const laneItems: TelemetryBatchItem[][] = Array.from({ length: lanes }, () => []);
  const laneEvents = Array.from({ length: lanes }, () => 0);
  while (made < count) {
    const index = machine % bench.agents.length;
    const lane = index % lanes;
    const n = Math.min(perItem, count - made);
    const events = Array.from({ length: n }, () => {
      seqs[index]! += 1;
      return {
        type: 'cut' as const,
        seq: seqs[index]!,
        at: new Date(baseTime + offset + made++).toISOString(),
        knifeRfid: knives[index]!,
      };
    });
    laneItems[lane]!.push({
      serial: bench.agents[index]!.serial,
      boot: boots[index]!,
      events,
      source: 'MACHINE',
    });
    laneEvents[lane]! += n;
    if (laneEvents[lane]! >= perBatch) {
      perLane[lane]!.push(laneItems[lane]!);
      laneItems[lane] = [];
      laneEvents[lane] = 0;
    }
    machine += 1;
  }
  for (let lane = 0; lane < lanes; lane++) if (laneItems[lane]!.length) perLane[lane]!.push(laneItems[lane]!);
  return perLane;
}

async function record(count: number, offset: number): Promise<number> {
  const perLane = buildBatches(count, offset);
  const start = performance.now();
  await Promise.all(
    perLane.map(async (batches) => {
      for (const items of batches) await bench.app.kerf.telemetry.record(tenantId, items);
    }),
  );
  return (performance.now() - start) / 1000;
}

async function copy(count: number, offset: number): Promise<number> {
  const boot = randomUUID();
  let csv = '';
  for (let i = 0; i < count; i++) {
    const index = i % bench.agents.length;
    csv += `${tenantId},${new Date(baseTime + offset + i).toISOString()},${bench.agents[index]!.machineId},${boot},${i + 1},${knives[index]}\n`;
  }
  return copyCuts(bench, csv);
}

// Warm-up: plans, caches and the knives' first rows.
await record(Math.min(10_000, rows / 10), 0);
await copy(Math.min(10_000, rows / 10), 0);

const half = Math.floor(rows / 2);
let copySeconds = 0;
let recordSeconds = 0;
copySeconds += await copy(half, 1_000_000);
recordSeconds += await record(half, 2_000_000);
copySeconds += await copy(half, 3_000_000);
recordSeconds += await record(half, 4_000_000);

const recordRate = (2 * half) / recordSeconds;
const copyRate = (2 * half) / copySeconds;
printResult({
  bench: 'write-path',
  database: kind,
  rows: 2 * half,
  lanes,
  recordRowsPerSecond: Math.round(recordRate),
  rawCopyRowsPerSecond: Math.round(copyRate),
  ratioToRawCopy: Math.round((recordRate / copyRate) * 1000) / 1000,
});
await bench.close();
process.exit(0);
