import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, parseConfig } from './config';
import { DataDirInUseError } from './db/client';
import { startDemoHistory } from './demo/history';
import { seedDemo } from './demo/index';
import { PortInUseError } from './plugins/bus';

async function main() {
  const config = parseConfig(process.env);
  const app = await buildApp(config);
  if (config.demo) {
    const { created } = await seedDemo(app.kerf);
    if (created.length > 0) app.log.info({ tenants: created }, 'demo data seeded');
    startDemoHistory(app);
  }
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
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
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof PortInUseError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
