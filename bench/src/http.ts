import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { argument, printResult, startBenchApp } from './common';

/**
 * bench/http (ARCHITECTURE §5 "HTTP"): in one run, on this machine,
 *  1. Fastify overhead: /api/health of the real app (security headers, request id, zod serialiser)
 *     against a raw node:http server answering the same JSON — throughput ratio, closed loop;
 *  2. a CRUD read (GET /api/printing-shop/printing-shops/:id, signed in: token check, session check
 *     and the read under row-level security) at a constant 500 requests/s — p50 and p99;
 *  3. a typical list (a page of 25 locations, view WITH_UPTIME: counts and 24 h uptime per
 *     location) at the same constant rate — p50 and p99.
 * Latency is measured from each request's scheduled start (open loop, no coordinated omission).
 *   npm run http -w @kerf/bench -- --db pglite|postgres --seconds 10
 */
const kind = argument('db', 'pglite') as 'pglite' | 'postgres';
const seconds = Number(argument('seconds', '10'));
const rate = Number(argument('rate', '500'));
const connections = Number(argument('connections', '10'));
const warmup = Math.min(2, seconds / 2);

type Result = { requests: number; errors: number; rps: number; p50: number; p99: number; max: number };

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
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as Result));
    child.once('error', reject);
  });
}

const raw = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end('{"status":"ok"}');
});
await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
const rawUrl = `http://127.0.0.1:${(raw.address() as { port: number }).port}/`;

const bench = await startBenchApp(kind, 1);
const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
const auth = { authorization: `Bearer ${bench.adminToken}` };
// The demo shop has a handful of locations; a typical list page holds 25.
for (let i = 0; ; i++) {
  const page = await bench.app.inject({
    method: 'GET',
    url: '/api/printing-shop/printing-shops?page_size=1',
    headers: auth,
  });
  if (page.json().total >= 30) break;
  await bench.app.inject({
    method: 'POST',
    url: '/api/printing-shop/printing-shops',
    headers: auth,
    payload: {
      name: `Zweigwerk ${i + 1}`,
      street: 'Industriestraße',
      streetNumber: String(i + 1),
      zip: '70565',
      city: 'Stuttgart',
      country: 'DE',
    },
  });
}
const locations = (
  await bench.app.inject({ method: 'GET', url: '/api/printing-shop/printing-shops', headers: auth })
).json();
const readUrl = `${address}/api/printing-shop/printing-shops/${locations.items[0].id}`;
const listUrl = `${address}/api/printing-shop/printing-shops?view=WITH_UPTIME&page_size=25`;

// Warm up both servers, then alternate the measurements so drift on a noisy machine hits both alike.
await load({ url: rawUrl, mode: 'closed', seconds: warmup });
await load({ url: `${address}/api/health`, mode: 'closed', seconds: warmup });
const rounds = 2;
let rawRps = 0;
let kerfRps = 0;
for (let round = 0; round < rounds; round++) {
  rawRps += (await load({ url: rawUrl, mode: 'closed', seconds: seconds / 2 })).rps / rounds;
  kerfRps +=
    (await load({ url: `${address}/api/health`, mode: 'closed', seconds: seconds / 2 })).rps / rounds;
}
await load({ url: readUrl, headers: auth, mode: 'open', seconds: warmup });
const read = await load({ url: readUrl, headers: auth, mode: 'open', seconds });
await load({ url: listUrl, headers: auth, mode: 'open', seconds: warmup });
const list = await load({ url: listUrl, headers: auth, mode: 'open', seconds });

const fmt = (n: number) => n.toFixed(1);
console.error(`bench/http on ${kind}, ${seconds} s per measurement, ${connections} connections`);
console.error(`  raw node:http          ${fmt(rawRps)} req/s`);
console.error(`  Kerf /api/health       ${fmt(kerfRps)} req/s`);
console.error(`  Fastify overhead ratio ${(kerfRps / rawRps).toFixed(3)}  (target ≥ 0.90 of raw node:http)`);
for (const [name, r] of [
  ['CRUD read', read],
  ['list of 25', list],
] as const) {
  console.error(
    `  ${name} at ${rate}/s  p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms  max ${fmt(r.max)} ms  errors ${r.errors}/${r.requests}  (target p99 ≤ 20 ms)`,
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
  read: {
    p50: round1(read.p50),
    p99: round1(read.p99),
    max: round1(read.max),
    errors: read.errors,
    requests: read.requests,
  },
  list: {
    p50: round1(list.p50),
    p99: round1(list.p99),
    max: round1(list.max),
    errors: list.errors,
    requests: list.requests,
  },
});
await bench.close();
raw.close();
process.exit(0);
