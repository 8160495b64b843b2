import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { readyBanner } from './banner';
import { ConfigError, parseConfig } from './config';
import { DataDirInUseError } from './db/client';
import { startDemoHistory } from './demo/history';
import { DEMO_PASSWORD, DEMO_TENANTS, seedDemo } from './demo/index';
import { PortInUseError } from './plugins/bus';

/**
 * V8 lets its old generation grow to four times what survived the last full collection when a
 * program allocates fast. A tenant export is exactly that: over 90 days of cuts the main heap
 * climbed from 100 to 480 MB of dead rows between two full collections, and V8 kept the freed
 * pages in its pool, so the process grew by 350 MB for one download. A growth of 30 % a collection
 * keeps the heap near what is really alive (about 150 MB at most in the same export, RSS +130 MB)
 * for more frequent, incremental full collections (docs/operations/heavy-work.md).
 */
const HEAP_GROWING_PERCENT = 30;

async function main() {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const terminal = process.stdout.isTTY === true;
  const config = parseConfig(process.env, terminal);
  const app = await buildApp(config);
  if (config.demo) {
    const { created } = await seedDemo(app.kerf);
    if (created.length > 0) app.log.info({ tenants: created }, 'demo data seeded');
    startDemoHistory(app);
  }
  // Within a service manager's usual 5 s; a second signal ends the process at once.
  closeWithGrace({ delay: 4_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new PortInUseError(
        `Port ${config.port} on ${config.host} is already in use: set PORT to a free port.`,
      );
    }
    throw error;
  }
  if (terminal && config.logFormat === 'pretty') {
    const port = (app.server.address() as AddressInfo).port;
    const demo = config.demo ? { tenants: DEMO_TENANTS, password: DEMO_PASSWORD } : null;
    console.log(readyBanner(config, { http: port, mqtt: app.kerf.bus.brokerPort }, demo));
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof PortInUseError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
