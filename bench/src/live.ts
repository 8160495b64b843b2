import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { argument, LOAD_GENERATOR_NICE, printResult, startBenchApp } from './common';

/**
 * bench/live (performance.md B4): p50/p99 from a machine's publish to the browser's WebSocket frame
 * with 1,000 subscribers, while machines cut.
 *   npm run live -w @kerf/bench -- --db pglite|postgres --clients 1000 --seconds 20
 */
const kind = argument('db', 'pglite') as 'pglite' | 'postgres';
const clients = Number(argument('clients', '1000'));
const seconds = Number(argument('seconds', '20'));
const machines = Number(argument('machines', '20'));
const rate = Number(argument('rate', '20')); // cuts per second per machine

const bench = await startBenchApp(kind, machines);
const url = await bench.app.listen({ port: 0, host: '127.0.0.1' });
const subscriber = fork(
  new URL('./live-clients.ts', import.meta.url).pathname,
  [
    JSON.stringify({
      url,
      token: bench.operatorToken,
      machineIds: bench.agents.map((a) => a.machineId),
      clients,
      seconds,
    }),
  ],
  { execArgv: ['--import', 'tsx'] },
);
// The browsers and the machines are other computers: on this one they yield the CPU to the server
// and the database. Their own delays still count — the latency runs from the agent's stamp to the
// browser process's receipt.
setPriority(subscriber.pid!, LOAD_GENERATOR_NICE);
let generator: ReturnType<typeof fork> | undefined;
const result = await new Promise<Record<string, unknown>>((resolve) => {
  subscriber.on('message', (message: { ready?: number; done?: Record<string, unknown> }) => {
    if (message.ready !== undefined) {
      console.error(`${message.ready} sockets subscribed`);
      generator = fork(
        new URL('./generator.ts', import.meta.url).pathname,
        [
          JSON.stringify({
            brokerUrl: bench.brokerUrl,
            agents: bench.agents,
            seconds: seconds + 1,
            window: 2000,
            batchMax: 50,
            rate,
          }),
        ],
        { execArgv: ['--import', 'tsx'] },
      );
      setPriority(generator.pid!, LOAD_GENERATOR_NICE);
    }
    if (message.done) resolve(message.done);
  });
});
printResult({
  bench: 'live',
  database: kind,
  clients,
  machines,
  cutsPerSecond: machines * rate,
  latencyMs: result,
  ingest: bench.app.kerf.ingestStats(),
});
// The agents would wait for acks of their last cuts from a server that is gone, and cut into the
// next bench's time.
generator?.kill();
await bench.close();
process.exit(0);
