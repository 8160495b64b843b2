import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../../apps/server/src/db/client';
import { argument, copyCuts, PGLITE_THREAD, printResult, sleep, startBenchApp } from './common';

/**
 * bench/ingest (performance.md B1/B2): sustained cut events per second through MQTT QoS 1 →
 * validation → batched idempotent writes with counters and rollups → commit → end-to-end ack,
 * against raw COPY of the same rows into the same table, measured in the same run.
 *   npm run ingest -w @kerf/bench -- --db pglite|postgres --seconds 30
 */
const kind = argument('db', 'pglite') as 'pglite' | 'postgres';
const seconds = Number(argument('seconds', '30'));
const machines = Number(argument('machines', '100'));
const generators = Number(argument('generators', '2'));
const window = Number(argument('window', '500'));
const batchMax = Number(argument('batch', '100'));
const warmup = Number(argument('warmup', '5'));
const copyMin = Number(argument('copy-rows', '100000'));

const bench = await startBenchApp(kind, machines);
const stats = () => bench.app.kerf.ingestStats();
const children = Array.from({ length: generators }, (_, g) => {
  const share = bench.agents.filter((_, i) => i % generators === g);
  return fork(
    new URL('./generator.ts', import.meta.url).pathname,
    [
      JSON.stringify({
        brokerUrl: bench.brokerUrl,
        agents: share,
        seconds: seconds + warmup,
        window,
        batchMax,
        rate: 0,
      }),
    ],
    { execArgv: ['--import', 'tsx'] },
  );
});
const done = children.map(
  (child) =>
    new Promise<{ stamped: number; acked: number; resent: number; pending: number }>((resolve) =>
      child.on(
        'message',
        (message: { done?: { stamped: number; acked: number; resent: number; pending: number } }) => {
          if (message.done) resolve(message.done);
        },
      ),
    ),
);
await sleep(warmup * 1000);
const c0 = stats().committedEvents;
const t0 = performance.now();
await sleep(seconds * 1000);
const c1 = stats().committedEvents;
const t1 = performance.now();
const totals = (await Promise.all(done)).reduce((a, b) => ({
  stamped: a.stamped + b.stamped,
  acked: a.acked + b.acked,
  resent: a.resent + b.resent,
  pending: a.pending + b.pending,
}));
const ingestRate = ((c1 - c0) / (t1 - t0)) * 1000;

// Oracle: every stamped cut is a row (the agents count what they stamped).
const countRows = async (): Promise<number> => {
  if (bench.pglite)
    return Number(
      (await bench.pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM cuts')).rows[0]!.n,
    );
  if (bench.pgliteDir)
    return Number(
      (await queryRows<{ n: number }>(bench.database.db, sql`SELECT count(*)::int AS n FROM cuts`))[0]!.n,
    );
  const client = new pg.Client({ connectionString: bench.databaseUrl });
  await client.connect();
  const n = Number((await client.query('SELECT count(*)::int AS n FROM cuts')).rows[0].n);
  await client.end();
  return n;
};
const rows = await countRows();

// Reference: raw COPY of as many rows into the same table (same indexes), same run.
const copyRows = Math.min(500_000, Math.max(copyMin, c1 - c0));
const tenantId = bench.agents[0]!.tenantId;
const boot = randomUUID();
const base = Date.now() - 3600_000;
let csv = '';
for (let i = 0; i < copyRows; i++) {
  const machine = bench.agents[i % bench.agents.length]!.machineId;
  csv += `${tenantId},${new Date(base + i).toISOString()},${machine},${boot},${i + 1},E2801160FFFF0002\n`;
}
const copySeconds = await copyCuts(bench, csv);
const copyRate = copyRows / copySeconds;

const result = {
  bench: 'ingest',
  database: kind,
  pgliteThread: kind === 'pglite' ? PGLITE_THREAD : undefined,
  machines,
  generators,
  measuredSeconds: Math.round((t1 - t0) / 100) / 10,
  ingestEventsPerSecond: Math.round(ingestRate),
  rawCopyRowsPerSecond: Math.round(copyRate),
  ratioToRawCopy: Math.round((ingestRate / copyRate) * 1000) / 1000,
  stamped: totals.stamped,
  acked: totals.acked,
  resent: totals.resent,
  rowsStored: rows,
  lost: totals.stamped - rows,
  invalid: stats().invalid,
  failedBatches: stats().failedBatches,
};
printResult(result);
await bench.close();
process.exit(0);
