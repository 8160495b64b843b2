import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { argument, startBenchApp } from './common';

/**
 * bench/http (ARCHITECTURE §5 "HTTP"): in one run, on this machine,
 *  1. Fastify overhead: /api/health of the real app (security headers, request id, zod serialiser)
 *     against a raw node:http server answering the same JSON — throughput ratio, closed loop;
 *  2. a CRUD read (GET /api/printing-shop/printing-shops/:id, signed in: token check, session check
 *     and the read under row-level security) at a constant 500 requests/s — p50 and p99.
 *   npm run http -w @kerf/bench -- --db pglite|postgres --seconds 10
 */
const kind = argument('db', 'pglite') as 'pglite' | 'postgres';
const seconds = Number(argument('seconds', '10'));
const rate = Number(argument('rate', '500'));
const connections = Number(argument('connections', '10'));

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
    {
      execArgv: ['--import', 'tsx'],
    },
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
const token = (
  await bench.app.inject({
    method: 'POST',
    url: '/api/auth/auth/login',
    payload: { tenant: 'demo', username: 'admin', password: 'Kerf-demo-2026' },
  })
).json().bearerToken as string;
const auth = { authorization: `Bearer ${token}` };
const locations = (
  await bench.app.inject({ method: 'GET', url: '/api/printing-shop/printing-shops', headers: auth })
).json();
const locationUrl = `${address}/api/printing-shop/printing-shops/${locations.items[0].id}`;

// Warm up both servers, then alternate the measurements so drift on a noisy machine hits both alike.
await load({ url: rawUrl, mode: 'closed', seconds: 2 });
await load({ url: `${address}/api/health`, mode: 'closed', seconds: 2 });
const rounds = 2;
let rawRps = 0;
let kerfRps = 0;
for (let round = 0; round < rounds; round++) {
  rawRps += (await load({ url: rawUrl, mode: 'closed', seconds })).rps / rounds;
  kerfRps += (await load({ url: `${address}/api/health`, mode: 'closed', seconds })).rps / rounds;
}
await load({ url: locationUrl, headers: auth, mode: 'open', seconds: 2 });
const crud = await load({ url: locationUrl, headers: auth, mode: 'open', seconds });

const fmt = (n: number) => n.toFixed(1);
console.log(`bench/http on ${kind}, ${seconds} s per measurement, ${connections} connections`);
console.log(`  raw node:http          ${fmt(rawRps)} req/s`);
console.log(`  Kerf /api/health       ${fmt(kerfRps)} req/s`);
console.log(`  Fastify overhead ratio ${(kerfRps / rawRps).toFixed(3)}  (target ≥ 0.90 of raw node:http)`);
console.log(
  `  CRUD read at ${rate}/s    p50 ${fmt(crud.p50)} ms  p99 ${fmt(crud.p99)} ms  max ${fmt(crud.max)} ms  errors ${crud.errors}/${crud.requests}  (target p99 ≤ 20 ms)`,
);
await bench.close();
raw.close();
process.exit(0);
