import { Agent, request } from 'node:http';

/**
 * Load generator for bench/http, run in its own process so that it does not share the server's
 * event loop. closed: C connections back to back for D seconds (throughput). open: a constant
 * arrival rate (requests are sent on schedule whether or not earlier ones have answered), latency
 * measured from the scheduled start, so queueing is not hidden (no coordinated omission).
 */
interface Job {
  url: string;
  headers: Record<string, string>;
  mode: 'closed' | 'open';
  connections: number;
  rate: number;
  seconds: number;
}

const job = JSON.parse(process.argv[2]!) as Job;
const target = new URL(job.url);
const agent = new Agent({ keepAlive: true, maxSockets: job.connections });
const latencies: number[] = [];
let errors = 0;

function send(): Promise<void> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        agent,
        headers: job.headers,
      },
      (res) => {
        if (res.statusCode !== 200) errors++;
        res.resume();
        res.on('end', resolve);
      },
    );
    req.on('error', () => {
      errors++;
      resolve();
    });
    req.end();
  });
}

async function closed() {
  const until = performance.now() + job.seconds * 1000;
  await Promise.all(
    Array.from({ length: job.connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await send();
        latencies.push(performance.now() - started);
      }
    }),
  );
}

async function open() {
  const interval = 1000 / job.rate;
  const total = Math.round(job.rate * job.seconds);
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduled = start + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send().then(() => void latencies.push(performance.now() - scheduled)));
  }
  await Promise.all(pending);
}

const started = performance.now();
await (job.mode === 'closed' ? closed() : open());
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
process.send?.({
  requests: latencies.length,
  errors,
  rps: latencies.length / elapsed,
  p50: at(0.5),
  p99: at(0.99),
  max: at(1),
});
agent.destroy();
