import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { health, routeUrl } from '@kerf/contracts';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { descendants, freePort, isRunning, sleep, waitFor } from '../process-tree';
import { startServerProcess } from '../server-process';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** What a service manager or `docker stop` allows before SIGKILL. */
const STOP_LIMIT_MS = 5000;

interface Running {
  process: ChildProcess;
  output: () => string;
  /** pids seen below the process while it ran */
  tree: Set<number>;
  collect: () => void;
}

/** `command`: argv[0]; this test's own Node.js when it is 'node'. */
function run([command, ...args]: string[], env: Record<string, string>): Running {
  const child = spawn(command === 'node' ? process.execPath : command!, args, {
    cwd: REPO_ROOT,
    // A clean environment: the test run's DATABASE_URL must not reach `npm start`.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'info', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const tree = new Set<number>();
  // A failed test must not leave its processes behind.
  onTestFinished(() => {
    for (const pid of [child.pid!, ...tree, ...descendants(child.pid!)])
      if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  });
  return {
    process: child,
    output: () => output,
    tree,
    collect: () => {
      for (const pid of descendants(child.pid!)) tree.add(pid);
    },
  };
}

/** Sends `signal` and expects the process and everything it started to be gone within 5 s. */
async function expectStopsWithin5s(running: Running, signal: NodeJS.Signals) {
  running.collect();
  const pids = [running.process.pid!, ...running.tree];
  const exited = new Promise<number | null>((resolve) => running.process.once('exit', resolve));
  const sent = Date.now();
  running.process.kill(signal);
  while (Date.now() - sent < STOP_LIMIT_MS && pids.some(isRunning)) await sleep(100);
  const left = pids.filter(isRunning);
  if (left.length > 0) for (const pid of left) process.kill(pid, 'SIGKILL');
  expect(left, `still running ${STOP_LIMIT_MS} ms after ${signal}:\n${running.output()}`).toEqual([]);
  const code = await exited;
  return { code, ms: Date.now() - sent };
}

/** `npm start` (through npm and its shell) or `node scripts/start.mjs`. */
async function startKerf(command: string[]) {
  const [port, mqttPort] = [await freePort(), await freePort()];
  const dataDir = await mkdtemp(join(tmpdir(), 'kerf-start-'));
  const kerf = run(command, {
    PORT: String(port),
    MQTT_PORT: String(mqttPort),
    DATA_DIR: dataDir,
    DEMO_MACHINES: '2',
  });
  // Ready: the server answers, and the simulator has signed in and connected its machines.
  await waitFor(
    () => kerf.output().includes('simulating 2 machines') || kerf.process.exitCode !== null,
    150_000,
    () => `npm start did not get ready:\n${kerf.output()}`,
  );
  expect(kerf.process.exitCode, kerf.output()).toBeNull();
  const response = await fetch(`http://127.0.0.1:${port}${routeUrl(health)}`);
  expect(response.status).toBe(200);
  kerf.collect();
  return kerf;
}

describe('npm start', () => {
  const cases = [
    { command: ['npm', 'start'], signal: 'SIGTERM' },
    { command: ['node', 'scripts/start.mjs'], signal: 'SIGTERM' },
    { command: ['node', 'scripts/start.mjs'], signal: 'SIGINT' },
  ] as const;
  for (const { command, signal } of cases) {
    it(`${command.join(' ')}: the server, the simulator and their helpers end within 5 s of ${signal}`, {
      timeout: 180_000,
    }, async () => {
      const kerf = await startKerf([...command]);
      // server, simulator and tsx's compiler service of each
      expect(kerf.tree.size).toBeGreaterThanOrEqual(2);
      // Not a terminal: JSON lines, no banner, no line per request (the simulator has signed in
      // and fetched its credentials by now).
      const logLines = kerf
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{"level"'));
      expect(logLines.length).toBeGreaterThan(0);
      for (const line of logLines) expect(() => JSON.parse(line)).not.toThrow();
      expect(kerf.output()).not.toMatch(/incoming request|request completed|Kerf is ready/);
      const { code } = await expectStopsWithin5s(kerf, signal);
      // (npm reports a signalled script its own way)
      if (command[0] === 'node') expect(code).toBe(0);
      expect(kerf.output()).not.toContain('did not stop in time');
    });
  }
});

describe('the edge CLI (apps/edge/src/cli.ts)', () => {
  // One server for both (a process start is the slow part of each); the simulator's test stops it
  // halfway, so it runs last.
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  beforeAll(async () => {
    server = await startServerProcess();
  }, 120_000);
  afterAll(() => server?.stop());

  it('stops an agent reading events from its input within 5 s of SIGINT', { timeout: 180_000 }, async () => {
    const outbox = await mkdtemp(join(tmpdir(), 'kerf-edge-'));
    const agent = run(
      [
        'node',
        '--import',
        'tsx',
        'apps/edge/src/cli.ts',
        'agent',
        '--machines',
        '1',
        '--server',
        server.url,
        '--outbox',
        outbox,
      ],
      {},
    );
    // standard input stays open: the agent waits for events
    agent.process.stdin?.write('{"type":"heartbeat"}\n');
    await waitFor(() => agent.output().includes('started: one event'), 120_000, agent.output);
    await sleep(1000);
    expect(agent.process.exitCode, agent.output()).toBeNull();
    const { code } = await expectStopsWithin5s(agent, 'SIGINT');
    expect(code).toBe(0);
  });

  it('stops its simulated agents within 5 s of SIGTERM, also when the server is gone', {
    timeout: 180_000,
  }, async () => {
    const outbox = await mkdtemp(join(tmpdir(), 'kerf-edge-'));
    const simulate = () =>
      run(
        [
          'node',
          '--import',
          'tsx',
          'apps/edge/src/cli.ts',
          'simulate',
          '--machines',
          '2',
          '--server',
          server.url,
          '--outbox',
          outbox,
        ],
        {},
      );
    const first = simulate();
    await waitFor(() => first.output().includes('simulating 2 machines'), 120_000, first.output);
    const { code } = await expectStopsWithin5s(first, 'SIGTERM');
    expect(code).toBe(0);
    // Final counters: everything it stamped is accounted for (acked, or pending in the outbox).
    expect(first.output()).toMatch(/"stamped":\d+/);

    const second = simulate();
    await waitFor(() => second.output().includes('simulating 2 machines'), 120_000, second.output);
    await server.stop('SIGTERM');
    await sleep(1000); // retrying a server that is gone
    await expectStopsWithin5s(second, 'SIGTERM');
  });
});
