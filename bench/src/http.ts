import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { loadavg, setPriority } from 'node:os';
import { sql } from 'drizzle-orm';
import { writeDemoHistory } from '../../apps/server/src/demo/history';
import { argument, LOAD_GENERATOR_NICE, printResult, seedLocations, startBenchApp } from './common';

/**
 * bench/http (docs/architecture.md "Quality targets"): in one run, on this machine,
 *  1. Fastify overhead: /api/health of the real app (hooks, request id, zod serialiser) against a
 *     raw node:http server giving the same answer — the same JSON with the same headers (the
 *     security policy's, a request id of its own per request), so that the ratio is the framework's
 *     and the app's request path, not the bytes every answer must carry — throughput ratio, closed
 *     loop; reported beside it, the ratio to a raw server answering the JSON with one header;
 *  2. a CRUD read (GET /api/printing-shop/printing-shops/:id, signed in: token check, session check
 *     and the read under row-level security) at a constant 500 requests/s — p50 and p99;
 *  3. a typical list (a page of 25 locations, view WITH_UPTIME: counts and 24 h uptime per
 *     location, over the status intervals of `--history-days` of demo history, 30 by default)
 *     at the same constant rate — p50 and p99.
 * Latency is measured from each request's scheduled start (open loop, no coordinated omission).
 *   npm run http -w @kerf/bench -- --db pglite|postgres --seconds 10
 */
const kind = argument('db', 'pglite') as 'pglite' | 'postgres';
const seconds = Number(argument('seconds', '10'));
const rate = Number(argument('rate', '500'));
const connections = Number(argument('connections', '10'));
const warmup = Math.min(2, seconds / 2);
const historyDays = Number(argument('history-days', '30'));

type Result = {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** CPU time of this process (both servers live in it) per answered request, in microseconds */
  cpuUs: number;
};

function load(job: {
  url: string;
  headers?: Record<string, string>;
  mode: 'closed' | 'open';
  seconds: number;
}): Promise<Result> {
  const child = fork(
    new URL('./http-load.ts', import.meta.url).pathname,
    [JSON.stringify({ headers: {}, connections, rate, ...job })],
    { execArgv: ['--import', 'tsx'] },
  );
  // The load generator stands for other machines: it yields the CPU to the server and the database
  // (its own delays still count, latency is measured from each request's scheduled start).
  setPriority(child.pid!, LOAD_GENERATOR_NICE);
  const before = process.cpuUsage();
  return new Promise((resolve, reject) => {
    child.once('message', (message) => {
      const cpu = process.cpuUsage(before);
      const result = message as Omit<Result, 'cpuUs'>;
      resolve({ ...result, cpuUs: (cpu.user + cpu.system) / Math.max(1, result.requests) });
    });
    child.once('error', reject);
  });
}

const bench = await startBenchApp(kind, 1);
const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });

// The headers Kerf answers /api/health with, less those node:http writes itself.
const kerfHealth = await fetch(`${address}/api/health`);
const body = await kerfHealth.text();
const sameHeaders: Record<string, string> = {};
for (const [name, value] of kerfHealth.headers) {
  if (
    !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'x-request-id'].includes(
      name,
    )
  )
    sameHeaders[name] = value;
}
const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
};
const raw = createServer((_request, response) => {
  response.writeHead(200, { ...sameHeaders, 'x-request-id': randomUUID() });
  response.end(body);
});
const rawUrl = await listen(raw);
const minimal = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(body);
});
const minimalUrl = await listen(minimal);
const auth = { authorization: `Bearer ${bench.adminToken}` };
const locations = await seedLocations(bench.app, auth);
// The demo's machines with weeks of status intervals and cuts behind them, as a shop has them: the
// list's 24-hour uptime reads them.
const history = await writeDemoHistory(bench.app.kerf, { days: historyDays });
// The bulk load leaves dirty pages and WAL behind: flush them now, not as a checkpoint in the middle
// of a measurement.
await bench.app.kerf.database.db.execute(sql`CHECKPOINT`);
console.error(`${history.events} history events of ${history.machines} machines over ${historyDays} days`);
const readUrl = `${address}/api/printing-shop/printing-shops/${locations.items[0].id}`;
const listUrl = `${address}/api/printing-shop/printing-shops?view=WITH_UPTIME&page_size=25`;

// Warm up both servers, then alternate the measurements so drift on a noisy machine hits both alike.
await load({ url: rawUrl, mode: 'closed', seconds: warmup });
await load({ url: minimalUrl, mode: 'closed', seconds: warmup });
await load({ url: `${address}/api/health`, mode: 'closed', seconds: warmup });
const rounds = 2;
let rawRps = 0;
let minimalRps = 0;
let kerfRps = 0;
let rawCpuUs = 0;
let minimalCpuUs = 0;
let kerfCpuUs = 0;
for (let round = 0; round < rounds; round++) {
  const rawRound = await load({ url: rawUrl, mode: 'closed', seconds: seconds / 2 });
  const kerfRound = await load({ url: `${address}/api/health`, mode: 'closed', seconds: seconds / 2 });
  const minimalRound = await load({ url: minimalUrl, mode: 'closed', seconds: seconds / 4 });
  rawRps += rawRound.rps / rounds;
  kerfRps += kerfRound.rps / rounds;
  minimalRps += minimalRound.rps / rounds;
  rawCpuUs += rawRound.cpuUs / rounds;
  kerfCpuUs += kerfRound.cpuUs / rounds;
  minimalCpuUs += minimalRound.cpuUs / rounds;
}
await load({ url: readUrl, headers: auth, mode: 'open', seconds: warmup });
const read = await load({ url: readUrl, headers: auth, mode: 'open', seconds });
await load({ url: listUrl, headers: auth, mode: 'open', seconds: warmup });
const list = await load({ url: listUrl, headers: auth, mode: 'open', seconds });

const fmt = (n: number) => n.toFixed(1);
console.error(`bench/http on ${kind}, ${seconds} s per measurement, ${connections} connections`);
console.error(
  `  raw node:http          ${fmt(rawRps)} req/s (the same answer: ${Object.keys(sameHeaders).length + 1} headers)`,
);
console.error(`  Kerf /api/health       ${fmt(kerfRps)} req/s`);
console.error(`  Fastify overhead ratio ${(kerfRps / rawRps).toFixed(3)}  (target ≥ 0.90 of raw node:http)`);
console.error(
  `  minimal raw node:http  ${fmt(minimalRps)} req/s (one header); Kerf ÷ minimal ${(kerfRps / minimalRps).toFixed(3)}, CPU ${(minimalCpuUs / kerfCpuUs).toFixed(3)}`,
);
// On a machine other work shares, throughput swings with the neighbours' load; server CPU time per
// request does much less. Its ratio is what the throughput ratio would be on an idle machine.
console.error(
  `  CPU per request        raw ${rawCpuUs.toFixed(1)} µs, Kerf ${kerfCpuUs.toFixed(1)} µs, ratio ${(rawCpuUs / kerfCpuUs).toFixed(3)}`,
);
for (const [name, r] of [
  ['CRUD read', read],
  ['list of 25', list],
] as const) {
  console.error(
    `  ${name} at ${rate}/s  p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms  max ${fmt(r.max)} ms  errors ${r.errors}/${r.requests}  CPU ${fmt(r.cpuUs)} µs/request  (target p99 ≤ 20 ms)`,
  );
}
const round1 = (n: number) => Math.round(n * 10) / 10;
printResult({
  bench: 'http',
  database: kind,
  seconds,
  rate,
  rawRps: Math.round(rawRps),
  healthRps: Math.round(kerfRps),
  healthRatio: Math.round((kerfRps / rawRps) * 1000) / 1000,
  rawCpuUs: round1(rawCpuUs),
  healthCpuUs: round1(kerfCpuUs),
  healthCpuRatio: Math.round((rawCpuUs / kerfCpuUs) * 1000) / 1000,
  minimalRps: Math.round(minimalRps),
  minimalCpuUs: round1(minimalCpuUs),
  healthMinimalRatio: Math.round((kerfRps / minimalRps) * 1000) / 1000,
  healthMinimalCpuRatio: Math.round((minimalCpuUs / kerfCpuUs) * 1000) / 1000,
  loadAverage: loadavg()[0],
  read: {
    p50: round1(read.p50),
    p99: round1(read.p99),
    max: round1(read.max),
    errors: read.errors,
    requests: read.requests,
    cpuUs: round1(read.cpuUs),
  },
  list: {
    p50: round1(list.p50),
    p99: round1(list.p99),
    max: round1(list.max),
    errors: list.errors,
    requests: list.requests,
    cpuUs: round1(list.cpuUs),
  },
});
await bench.close();
raw.close();
minimal.close();
process.exit(0);
