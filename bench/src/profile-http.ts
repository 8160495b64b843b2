import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { argument, seedLocations, startBenchApp } from './common';

/**
 * CPU profile of the server while it answers one kind of request at a constant rate: the profile
 * covers only the measured load, not start-up or seeding. Open the file in Chrome DevTools.
 *   npm run profile:http -w @kerf/bench -- --db postgres --target read|list|health --seconds 10 --out /tmp/read.cpuprofile
 */
const kind = argument('db', 'postgres') as 'pglite' | 'postgres';
const seconds = Number(argument('seconds', '10'));
const rate = Number(argument('rate', '500'));
const target = argument('target', 'read');
const out = argument('out', `/tmp/kerf-${target}.cpuprofile`);

const bench = await startBenchApp(kind, 1);
const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
const auth = { authorization: `Bearer ${bench.adminToken}` };
const locations = await seedLocations(bench.app, auth);
const url =
  target === 'health'
    ? `${address}/api/health`
    : target === 'list'
      ? `${address}/api/printing-shop/printing-shops?view=WITH_UPTIME&page_size=25`
      : `${address}/api/printing-shop/printing-shops/${locations.items[0].id}`;

const load = (secs: number) => {
  const child = fork(
    new URL('./http-load.ts', import.meta.url).pathname,
    [JSON.stringify({ url, headers: auth, mode: 'open', rate, seconds: secs, connections: 10 })],
    { execArgv: ['--import', 'tsx'] },
  );
  return new Promise<Record<string, number>>((resolve) => child.once('message', resolve));
};
await load(2);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
const cpuBefore = process.cpuUsage();
// Stalls of the server's event loop during the load (GC pauses, long synchronous work): a request
// that arrives during one waits it out, so they set the latency tail.
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
const result = await load(seconds);
loopDelay.disable();
const cpu = process.cpuUsage(cpuBefore);
const { profile } = await session.post('Profiler.stop');
writeFileSync(out, JSON.stringify(profile));
// Server CPU per request (user + system, this process: the app and its database client; on PGlite
// the database too): the figure to compare before and after a change on a noisy machine.
const cpuMsPerRequest = (cpu.user + cpu.system) / 1000 / Math.max(1, result.requests ?? 1);
const eventLoopDelayMs = {
  p50: loopDelay.percentile(50) / 1e6,
  p99: loopDelay.percentile(99) / 1e6,
  max: loopDelay.max / 1e6,
};
console.log(JSON.stringify({ target, rate, ...result, cpuMsPerRequest, eventLoopDelayMs, profile: out }));
await bench.close();
process.exit(0);
