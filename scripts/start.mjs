// `npm start`: Kerf in embedded mode — PGlite in ./data, the in-process MQTT broker, the web app
// and a demo tenant with live simulated machines. Installs dependencies (`npm install`, versions
// from package-lock.json) when node_modules is missing or older than the lock file, and builds the
// web app when its build is missing or older than its sources.
//
// The server and the simulator run as children, each in its own process group. SIGINT, SIGTERM or
// SIGHUP to this process, or to the `npm start` above it, stops both (and what they started) within
// 5 s; when the server ends, the simulator is stopped too and this process exits with the server's
// status.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, ensureWebBuild, ROOT, requireNode } from './lib.mjs';

await requireNode();
ensureDependencies();
ensureWebBuild();

const env = process.env;
const isDemo = env.DEMO ? ['1', 'true', 'yes', 'on'].includes(env.DEMO) : !env.DATABASE_URL;
const port = env.PORT || '8080';
const verbose = ['debug', 'trace'].includes(env.LOG_LEVEL ?? '');
/** Children still running. */
const children = new Set();
/** After a signal or the server's end: how long children have before SIGKILL. */
const STOP_DEADLINE_MS = 4500;
let stopping = false;
let exitCode = 0;

function start(args, name) {
  // detached: a group of its own, so that the whole tree (tsx's esbuild service too) can be ended,
  // and so that Ctrl-C reaches the children once, from here, not also from the terminal.
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    env,
    detached: true,
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (name === 'server') {
      exitCode = stopping ? 0 : (code ?? 1);
      if (!stopping && signal) console.error(`The server was ended by ${signal}.`);
      stop('SIGTERM');
    } else if (!stopping && code !== 0) {
      console.error(`The ${name} ended (${signal ?? `exit code ${code}`}); the server keeps running.`);
    }
    if (children.size === 0) process.exit(exitCode);
  });
  return child;
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) signalGroup(child, signal);
  setTimeout(() => {
    for (const child of children) {
      console.error(
        `The ${child.spawnargs.includes('simulate') ? 'simulator' : 'server'} did not stop in time: killed.`,
      );
      signalGroup(child, 'SIGKILL');
    }
    process.exit(exitCode || 1);
  }, STOP_DEADLINE_MS).unref();
}

// `npm start` runs this script through `sh -c`: a SIGTERM to npm ends npm and the shell, not this
// process. Orphaned (the parent is gone, whatever way it went), it stops as if signalled.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 250).unref();

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) {
      // A second Ctrl-C: no more waiting.
      for (const child of children) signalGroup(child, 'SIGKILL');
      process.exit(1);
    }
    stop(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}

// The demo's broker also speaks MQTT over TLS (on any free port unless MQTT_TLS_PORT says which),
// with a development certificate, so the setup assistant's SSL check has something to check.
if (isDemo && !env.MQTT_URL) env.MQTT_TLS_PORT ??= '0';
start(['apps/server/src/server.ts'], 'server');
if (isDemo) {
  // The demo's machines: the simulator plays their on-site agents against this server.
  const machines = env.DEMO_MACHINES || '5';
  start(
    [
      'apps/edge/src/cli.ts',
      'simulate',
      '--demo',
      '--machines',
      machines,
      '--server',
      `http://127.0.0.1:${port}`,
      '--outbox',
      join(env.DATA_DIR || './data', 'edge'),
      // The demo shop's site manager answers the setup assistant with its serial (the seed's
      // SM-2026-0412), so the serial check compares a real value.
      '--site-manager',
      'SM-2026-0412',
      // Its counters every 10 s only when asked for details (LOG_LEVEL=debug).
      '--report',
      verbose ? '10' : '0',
    ],
    'simulator',
  );
}
