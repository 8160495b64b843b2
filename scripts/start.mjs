// `npm start`: Kerf in embedded mode — PGlite in ./data, the in-process MQTT broker, the web app
// and a demo tenant with live simulated machines. Installs and builds what is missing first.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, ensureWebBuild, ROOT } from './lib.mjs';

ensureDependencies();
ensureWebBuild();

const env = process.env;
const isDemo = env.DEMO ? ['1', 'true', 'yes', 'on'].includes(env.DEMO) : !env.DATABASE_URL;
const port = env.PORT || '8080';
const children = [];

function start(args, name) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, stdio: 'inherit', env });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (name === 'server') {
      for (const other of children) if (other !== child) other.kill('SIGTERM');
      process.exit(code ?? (signal ? 1 : 0));
    }
  });
  return child;
}

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
    ],
    'simulator',
  );
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
