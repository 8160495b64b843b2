import { Agent, request } from 'node:http';

/**
 * Load generator for bench/reports, in its own process: `users` simulated managers, each with one
 * keep-alive connection, request their list of report URLs back to back (closed loop) for
 * `seconds`; answers the latency of every request (ms), also per report path, and the failures.
 */
interface Job {
  base: string;
  /** one list of [path, token] per user */
  users: { token: string; paths: string[] }[];
  seconds: number;
}

const job = JSON.parse(process.argv[2]!) as Job;
const target = new URL(job.base);
const latencies: number[] = [];
/** the same latencies per report path (without its query) */
const byPath: Record<string, number[]> = {};
const failures: string[] = [];

function send(agent: Agent, path: string, token: string): Promise<void> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path,
        agent,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
      },
      (res) => {
        if (res.statusCode !== 200 && failures.length < 5) failures.push(`${res.statusCode} ${path}`);
        res.resume();
        res.on('end', resolve);
      },
    );
    req.on('error', (error) => {
      if (failures.length < 5) failures.push(`${error.message} ${path}`);
      resolve();
    });
    req.end();
  });
}

const until = performance.now() + job.seconds * 1000;
await Promise.all(
  job.users.map(async (user, index) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let next = index; // users start at different reports
    while (performance.now() < until) {
      const path = user.paths[next++ % user.paths.length]!;
      const started = performance.now();
      await send(agent, path, user.token);
      const latency = performance.now() - started;
      latencies.push(latency);
      const name = path.split('?')[0]!;
      const list = byPath[name] ?? [];
      list.push(latency);
      byPath[name] = list;
    }
    agent.destroy();
  }),
);
process.send?.({ latencies, byPath, failures });
