// `npm start`: Kerf in embedded mode — PGlite in ./data, the in-process MQTT broker, the web app
// and a demo tenant with live simulated machines. Installs and builds what is missing first.
import { spawn } from 'node:child_process';
import { ensureDependencies, ensureWebBuild, ROOT } from './lib.mjs';

ensureDependencies();
ensureWebBuild();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
